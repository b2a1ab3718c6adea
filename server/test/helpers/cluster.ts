import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Cluster, startCluster } from "../../src/cluster/harness.ts";
import { copyTemplateDatabase, dropDatabase } from "./test-database.ts";

/** The cluster tests' Redis: REDIS_URL, or the one CI has on 127.0.0.1. */
export const CLUSTER_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
export const CLUSTER_ADMIN_TOKEN = "cluster-admin-token-0123456789abcdef";

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    socket.once("connect", () => resolve(true));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(false));
    socket.once("connect", () => socket.end());
  });
}

/** Whether a Redis answers at CLUSTER_REDIS_URL. */
export const redisAnswers = () => reachable(CLUSTER_REDIS_URL);

/** Why a cluster test file cannot run here (PGlite run, or no Redis), printed; null when it can. */
export async function clusterSkipReason(): Promise<string | null> {
  const why = !inject("postgresTemplate")
    ? "the PostgreSQL run only (TEST_DATABASE_URL)"
    : !(await reachable(CLUSTER_REDIS_URL))
      ? `no Redis answers at ${CLUSTER_REDIS_URL}`
      : null;
  if (why) console.info(`cluster tests skipped: ${why}`);
  return why;
}

export interface TestCluster {
  cluster: Cluster;
  /** The file's own PostgreSQL database, a copy of the run's seeded template. */
  database: string;
  close(): Promise<void>;
}

/** Two (or more) instances of the build on a database of the file's own and the shared Redis. */
export async function startTestCluster(env: Record<string, string>, instances = 2): Promise<TestCluster> {
  const database = await copyTemplateDatabase(inject("postgresTemplate"));
  const run = randomUUID().slice(0, 8);
  const dataDir = path.join(tmpdir(), `etalage-cluster-${run}`);
  const cluster = await startCluster({
    instances,
    port: 0,
    env: {
      DATABASE_URL: database,
      REDIS_URL: CLUSTER_REDIS_URL,
      ADMIN_TOKEN: CLUSTER_ADMIN_TOKEN,
      LOG_LEVEL: "warn",
      SEED: "none",
      DATA_DIR: dataDir,
      // Its own keys in the shared Redis: another run's pages and counters are not this one's.
      HTML_CACHE_PREFIX: `etalage-test-${run}:`,
      PUBLIC_URL: "",
      ...env,
    },
    log: (instance, line) => {
      if (/"level":(50|60)/.test(line)) console.error(`[${instance}] ${line}`);
    },
  });
  return {
    cluster,
    database,
    async close() {
      await cluster.close();
      await dropDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Holds a table in EXCLUSIVE mode (reads pass, writes and row locks wait) until release(). */
export async function holdTable(database: string, table: string): Promise<{ release(): Promise<void> }> {
  const locker = new pg.Client({ connectionString: database });
  await locker.connect();
  await locker.query("begin");
  await locker.query(`lock table ${table} in exclusive mode`);
  return {
    async release() {
      await locker.query("commit");
      await locker.end();
    },
  };
}

export interface LockWaiter {
  /** The instance (1-based), from its connections' application_name (the harness's PGAPPNAME). */
  instance: number;
  /** The table whose lock it waits for; null when it waits for another transaction (a row lock). */
  relation: string | null;
  query: string;
}

/** The instances' connections waiting for a lock now: an instance stuck in the middle of a round. */
export async function lockWaiters(db: pg.Client): Promise<LockWaiter[]> {
  const { rows } = await db.query(
    `select distinct a.pid, a.application_name as app, l.relation::regclass::text as relation, a.query
       from pg_stat_activity a join pg_locks l on l.pid = a.pid and not l.granted
      where a.datname = current_database() and a.application_name like 'etalage-instance-%'`,
  );
  return rows.map((row) => ({
    instance: Number(String(row.app).slice("etalage-instance-".length)),
    relation: row.relation,
    query: row.query,
  }));
}
