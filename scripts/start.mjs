// `npm start`: install what is missing, build what changed, then run the shop in this process
// (migrations and the demo seed run inside the server on start).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// ensure-install may have to create node_modules before ensure-build can import anything.
execFileSync(process.execPath, [path.join(root, "scripts/ensure-install.mjs")], { stdio: "inherit" });
execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], { stdio: "inherit" });
await import(pathToFileURL(path.join(root, "server/dist/main.js")).href);
