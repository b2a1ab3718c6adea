// Installs dependencies when node_modules is missing or older than package-lock.json, so a fresh
// clone needs nothing but `npm start` or `npm test`.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lock = path.join(root, "package-lock.json");
const installed = path.join(root, "node_modules", ".package-lock.json");

const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log("Etalage: installing dependencies (npm ci)…");
  execSync("npm ci --no-audit --no-fund --loglevel=error", { cwd: root, stdio: "inherit" });
}
