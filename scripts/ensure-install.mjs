// Installs dependencies when node_modules is missing or was installed from other manifests, so a
// fresh clone needs nothing but `npm start` or `npm test`.
//
// `npm install` from the lock, not `npm ci`: the registry reachable here carries only the Linux
// builds of some platform packages (Biome's), so the lock cannot list the others and `npm ci`
// refuses it as out of sync. `--no-save` keeps package-lock.json exactly as committed.
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifests = ["package-lock.json", "package.json", "core", "server", "storefront", "e2e", "bench"].map(
  (p) => (p.endsWith(".json") ? p : `${p}/package.json`),
);
const hash = createHash("sha256");
for (const file of manifests) hash.update(readFileSync(path.join(root, file)));
const fingerprint = hash.digest("hex");
const stamp = path.join(root, "node_modules", ".etalage-installed");

if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== fingerprint) {
  console.log("Etalage: installing dependencies…");
  execSync("npm install --no-audit --no-fund --no-save --loglevel=error", { cwd: root, stdio: "inherit" });
  writeFileSync(stamp, fingerprint);
}
