/**
 * The shop's API as a child process for the cart and accounts suites (cart/server.ts): started
 * on the bench database, ready once it says so over IPC, stopped and its database dropped after.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchDatabase } from "../catalog/postgres.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Ready {
  type: "ready";
  port: number;
  database: string;
  skus: string[];
  startupMs: number;
}

export function startShopServer(databaseUrl: string | undefined, profileDir?: string) {
  const child = fork(path.join(here, "server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "", BENCH_CPU_PROF_DIR: profileDir ?? "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("bench shop server did not start within 180 s")),
      180_000,
    );
    child.on("message", (m: { type?: string }) => {
      if (m.type === "ready") {
        clearTimeout(timer);
        resolve(m as Ready);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bench shop server exited with code ${code}`));
    });
  });
  return { child, ready };
}

/** Stops the server (10 s to close cleanly) and drops the bench database. */
export async function stopShopServer(
  child: ChildProcess,
  database: BenchDatabase | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (child.exitCode === null && child.connected) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.send({ type: "stop" });
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  await database
    ?.drop()
    .catch((error) => log(`  could not drop ${database.name}: ${(error as Error).message}`));
}
