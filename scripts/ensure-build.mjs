// Builds the storefront and the server when their sources changed since the last build. The
// fingerprint of every source file's path, size and mtime is kept in build/.fingerprint.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const skip = new Set(["node_modules", "build", "dist", ".react-router", ".data"]);

function fingerprint(paths) {
  const hash = createHash("sha256");
  const walk = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!skip.has(name)) walk(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return hash.digest("hex");
}

async function step(name, sources, stampFile, run) {
  const stamp = path.join(root, stampFile);
  const current = fingerprint([...sources, "package-lock.json"]);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === current) return;
  const started = Date.now();
  await run();
  writeFileSync(stamp, current);
  console.log(`Etalage: built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const sh = (cmd, cwd) => execSync(cmd, { cwd: path.join(root, cwd), stdio: ["ignore", "ignore", "inherit"] });

await step("storefront", ["storefront", "core/src"], "storefront/build/.fingerprint", () => {
  sh("npx react-router build", "storefront");
  // The service worker, manifest, icons and offline page need the finished client build (issue 17).
  sh("npx tsx pwa/build-pwa.ts", "storefront");
  return precompress(path.join(root, "storefront/build/client"));
});
await step("server", ["server/src", "server/build.mjs", "core/src"], "server/dist/.fingerprint", () => {
  sh("node build.mjs", "server");
});
