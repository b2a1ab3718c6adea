import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../src/paths.ts";

/** Runs the built server (server/dist/main.js, as `npm start` does) as a child process. */
let child: ChildProcess;
let port = 0;
let dataDir: string;
let output = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "etalage-shutdown-"));
  child = spawn(process.execPath, [path.join(projectRoot, "server/dist/main.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SEED: "none", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/Etalage is open on http:\/\/[^:]+:(\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", (code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
});

afterAll(async () => {
  if (child.exitCode === null) child.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

describe("graceful shutdown", () => {
  it("finishes a request in flight when SIGTERM arrives, then exits 0", async () => {
    // A request whose body is still arriving is in flight for as long as we choose.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/api/health",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          let body = "";
          res.on("data", (c) => {
            body += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write('{"half":');
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => req.end('"done"}'), 300);
      }, 200);
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    const { status, body } = await answer;
    // /api/health takes GET: the POST is read whole and answered 405, the envelope intact.
    expect(status).toBe(405);
    expect(JSON.parse(body).code).toBe(405);
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
  });
});
