import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from wherever this module runs (src/ under tsx, dist/ when bundled). */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "etalage") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Etalage root not found above ${start}`);
    dir = parent;
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const serverRoot = path.join(projectRoot, "server");
export const migrationsFolder = path.join(serverRoot, "drizzle");
export const storefrontBuild = path.resolve(
  projectRoot,
  "storefront",
  process.env.ETALAGE_STOREFRONT_BUILD ?? "build",
);
export const storefrontRoot = path.join(projectRoot, "storefront");
