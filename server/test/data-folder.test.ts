import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { serverRoot } from "../src/paths.ts";
import { copyTemplate } from "./helpers/test-database.ts";

/*
 * PGlite is one process's database (issue 26): a second server started on the same data folder
 * is refused with the reason and the way to run several instances, and the first keeps serving.
 * The production build, as `npm start` runs it.
 */

const MAIN = path.join(serverRoot, "dist", "main.js");
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
});

function server(dataDir: string) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SEED: "none",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

describe.skipIf(Boolean(inject("postgresTemplate")))("one server per PGlite data folder", () => {
  it("refuses a second server on the folder, naming the first and the way to run several", async () => {
    const folder = await copyTemplate();
    try {
      const first = server(folder.dataDir);
      await expect.poll(first.output, { timeout: 90_000, interval: 200 }).toMatch(/Etalage is open on/);
      const address = first.output().match(/Etalage is open on (http:\/\/[\d.:]+)/)?.[1];

      const second = server(folder.dataDir);
      const [code] = await once(second.child, "exit");
      expect(code).toBe(1);
      expect(second.output()).toContain(`Another Etalage server (pid ${first.child.pid}, ${address})`);
      expect(second.output()).toContain(
        "run several instances on PostgreSQL with DATABASE_URL and REDIS_URL",
      );
      // A refusal, not a crash: no stack trace for the operator to read.
      expect(second.output()).not.toMatch(/\n\s+at /);
      // The first server still serves.
      expect((await fetch(`${address}/api/health`)).status).toBe(200);
    } finally {
      for (const child of children) child.kill("SIGTERM");
      await Promise.all(children.map((child) => (child.exitCode === null ? once(child, "exit") : null)));
      await folder.dispose();
    }
  }, 120_000);
});
