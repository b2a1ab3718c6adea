// `npm start`: install what is missing, build what changed, then run the shop (migrations and the
// demo seed run inside the server on start).
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// ensure-install may have to create node_modules before ensure-build can import anything.
execFileSync(process.execPath, [path.join(root, "scripts/ensure-install.mjs")], { stdio: "inherit" });
execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], { stdio: "inherit" });

const main = path.join(root, "server/dist/main.js");
const { allocatorEnv } = await import(pathToFileURL(path.join(root, "server/dist/allocator.js")).href);
const extra = allocatorEnv();
if (Object.keys(extra).length === 0) {
  // Not on glibc, or the operator chose the allocator settings: run the shop in this process.
  await import(pathToFileURL(main).href);
} else {
  // glibc reads its malloc settings when a process starts (server/src/allocator.ts): the shop
  // runs in a child started with them; this process only passes signals on and its exit back.
  const child = spawn(process.execPath, [...process.execArgv, main], {
    stdio: "inherit",
    env: { ...process.env, ...extra },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}
