import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import path from "node:path";
import { allocatorEnv } from "../allocator.ts";
import { serverRoot } from "../paths.ts";
import { type RoundRobinProxy, roundRobinProxy } from "./proxy.ts";

/**
 * Several Etalage instances of the production build on one PostgreSQL and one Redis, behind a
 * round-robin proxy (`npm run cluster`, and the tests that prove instances share what they must:
 * server/test/cluster.test.ts). Each instance is its own process, as in production: nothing
 * in-process can pass from one to another.
 */
export interface ClusterOptions {
  instances: number;
  /** The proxy's port (0: any free one); instance i listens on a free port of its own. */
  port: number;
  host?: string;
  /** The instances' environment on top of this process's: DATABASE_URL and REDIS_URL required. */
  env: Record<string, string | undefined>;
  /** Each instance's output lines; default: this process's stdout, prefixed with the instance. */
  log?: (instance: number, line: string) => void;
}

interface Instance {
  /** 1-based, as `x-etalage-instance` names it. */
  readonly number: number;
  readonly port: number;
  readonly pid: number | undefined;
  /** Sends the signal and waits for the process to end; its exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the instance again on its port and waits until it answers its health check. */
  start(): Promise<void>;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  close(): Promise<void>;
}

const MAIN = path.join(serverRoot, "dist", "main.js");

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const env = { ...process.env, ...options.env };
  for (const name of ["DATABASE_URL", "REDIS_URL"] as const)
    if (!env[name])
      throw new Error(
        `${name} is not set: several instances share one PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL); PGlite is one process's database.`,
      );
  const host = options.host ?? "127.0.0.1";
  const ports = await Promise.all(Array.from({ length: options.instances }, freePort));
  const proxyPort = options.port === 0 ? await freePort() : options.port;
  const shared = {
    ...env,
    ...allocatorEnv(),
    HOST: "127.0.0.1",
    // Instances on several machines share no folder: a secret that must be the same everywhere
    // is given to all (an operator sets it; here one is made for the run).
    CMS_PREVIEW_SECRET: env.CMS_PREVIEW_SECRET || randomBytes(32).toString("base64url"),
    // The proxy says who the shopper is; limits count shoppers, not the proxy (TRUST_PROXY).
    TRUST_PROXY: env.TRUST_PROXY || "127.0.0.1",
    // After SIGTERM an instance serves on a second with its health check at 503: the proxy checks
    // every 250 ms, so nothing new reaches it once it stops (a rolling restart loses nothing).
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS || "1000",
    PUBLIC_URL: env.PUBLIC_URL || `http://${host}:${proxyPort}`,
  };
  const log =
    options.log ?? ((instance: number, line: string) => process.stdout.write(`[${instance}] ${line}\n`));
  // Each its own data folder (image variants, the import announcement), as on its own machine.
  const dataDir = env.DATA_DIR || ".data";
  const instances = ports.map((port, i) =>
    instance(
      i + 1,
      port,
      {
        ...shared,
        DATA_DIR: path.join(dataDir, `instance-${i + 1}`),
        // pg_stat_activity names the instance behind each connection (who waits on what).
        PGAPPNAME: `etalage-instance-${i + 1}`,
      },
      log,
    ),
  );
  // The first migrates and seeds alone; the others find it done (the startup lock would also hold).
  await instances[0]!.start();
  await Promise.all(instances.slice(1).map((each) => each.start()));
  let proxy: RoundRobinProxy;
  try {
    proxy = await roundRobinProxy(() => ports, { port: proxyPort, host });
  } catch (error) {
    await Promise.all(instances.map((each) => each.stop()));
    throw error;
  }
  return {
    url: proxy.url,
    instances,
    async close() {
      await proxy.close();
      await Promise.all(instances.map((each) => each.stop("SIGTERM")));
    },
  };
}

function instance(
  number: number,
  port: number,
  env: NodeJS.ProcessEnv,
  log: (instance: number, line: string) => void,
): Instance {
  let child: ChildProcess | undefined;
  /** The last lines it wrote: an instance that dies while starting says why in the error. */
  const recent: string[] = [];
  const lines = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      log(number, line);
    }
  };
  return {
    number,
    port,
    get pid() {
      return child?.pid;
    },
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      const started = spawn(process.execPath, [MAIN], {
        env: { ...env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      started.stdout?.on("data", lines);
      started.stderr?.on("data", lines);
      const exited = once(started, "exit").then(([code]) => {
        throw new Error(`instance ${number} exited with ${code} before it answered:\n${recent.join("\n")}`);
      });
      await Promise.race([healthy(port), exited]);
      exited.catch(() => {});
    },
    async stop(signal = "SIGTERM") {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null)
        return running?.exitCode ?? null;
      const exited = once(running, "exit");
      running.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** Waits until the instance's health check answers 200 (migrations and seed done). */
async function healthy(port: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance on port ${port} did not answer its health check in ${timeoutMs / 1000} s`);
}

/**
 * A free port below Linux's ephemeral range (32768–60999). An instance that restarts binds its
 * port again: one from that range could meanwhile be handed to another process's listen(0) or
 * outgoing connection (CI's run on PostgreSQL saw an instance exit on restart).
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
