/**
 * Several instances (issue 26): the same mixed shopper load (category and product pages, the
 * search page and API, cart writes and orders) against `npm run cluster` with 1 and then 2
 * instances of the production build on one PostgreSQL and one Redis, through its round-robin
 * proxy. Reports throughput, p95 per kind and the CPU each instance used. The load generator
 * and the proxy run in this process and share the machine's cores with the instances: on a
 * 2-core machine the 2-instance figure says what the cores give, not what a second machine would.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL or DATABASE_URL, whose server gets a database of the run's
 * own, dropped afterwards) and Redis (REDIS_URL, or 127.0.0.1:6379).
 */
import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type Cluster, startCluster } from "../../server/src/cluster/harness.ts";
import { BENCH_ADMIN_TOKEN, cartWith, importBenchProducts, orderBody, placeOrder } from "../checkout/shop.ts";
import { machineInfo } from "../lib/machine.ts";
import { type Latency, summarize } from "../lib/stats.ts";
import type { Suite } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { random, requestStream, sampleShop, send, weightsFrom } from "../soak/mix.ts";

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
/** Shoppers with a request in flight at any time. */
const CONCURRENCY = Number(process.env.CLUSTER_CONCURRENCY ?? 16);
/** Of every 100 steps this many are a checkout (a cart with one piece, then the order). */
const CHECKOUT_SHARE = 5;

interface Phase {
  instances: number;
  requests: number;
  failed: number;
  requestsPerSecond: number;
  latency: Latency;
  perKind: Record<string, Latency>;
  /** CPU seconds per wall second (1 = one core busy), each instance. */
  cpuPerInstance: number[];
  /** The proxy and this load generator. */
  cpuLoadGenerator: number;
}

/** utime + stime of a process in seconds (Linux /proc). */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (!pid) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(cluster: Cluster, skus: string[], instances: number): Promise<Phase> {
  const base = cluster.url;
  const sample = await sampleShop(base, random(26));
  const weights = weightsFrom("image:0");
  const samples: { kind: string; ms: number }[] = [];
  let failed = 0;
  let measuring = false;
  let running = true;
  const shopper = async (number: number) => {
    const next = requestStream(sample, 1000 + number, weights);
    const rand = random(number);
    while (running) {
      const started = performance.now();
      let kind: string;
      let ok: boolean;
      try {
        if (rand() * 100 < CHECKOUT_SHARE) {
          kind = "checkout";
          const cartId = await cartWith(base, skus[Math.floor(rand() * skus.length)]!);
          const placed = await placeOrder(base, orderBody(cartId, "cashondelivery"), randomUUID());
          ok = placed.status === 200;
        } else {
          const request = next();
          kind = request.kind;
          const answer = await send(base, request, request.onAnswer !== undefined);
          request.onAnswer?.(answer);
          ok = answer.status < 500;
        }
      } catch {
        kind = "error";
        ok = false;
      }
      if (!measuring) continue;
      if (!ok) failed++;
      samples.push({ kind, ms: performance.now() - started });
    }
  };
  const shoppers = Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => shopper(i)));
  await sleep(WARMUP_SECONDS * 1000);
  const pids = cluster.instances.map((each) => each.pid);
  const cpuBefore = await Promise.all(pids.map(cpuSeconds));
  const ownBefore = process.cpuUsage();
  const startedAt = performance.now();
  measuring = true;
  await sleep(SECONDS * 1000);
  measuring = false;
  const wall = (performance.now() - startedAt) / 1000;
  const cpuAfter = await Promise.all(pids.map(cpuSeconds));
  const own = process.cpuUsage(ownBefore);
  running = false;
  await shoppers;
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  return {
    instances,
    requests: samples.length,
    failed,
    requestsPerSecond: samples.length / wall,
    latency: summarize(samples.map((s) => s.ms)),
    perKind: Object.fromEntries(
      kinds.map((kind) => [kind, summarize(samples.filter((s) => s.kind === kind).map((s) => s.ms))]),
    ),
    cpuPerInstance: cpuAfter.map((after, i) => (after - cpuBefore[i]!) / wall),
    cpuLoadGenerator: (own.user + own.system) / 1e6 / wall,
  };
}

export const clusterSuite: Suite = {
  name: "cluster",
  description: "mixed shopper load against 1 and 2 instances (PostgreSQL + Redis): req/s, p95, CPU each",
  async run({ resultsDir, log }) {
    const resultFile = path.join(resultsDir, "cluster.json");
    const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    const redis = process.env.REDIS_URL || "redis://127.0.0.1:6379";
    if (!server) {
      log("skipped: several instances need PostgreSQL (set TEST_DATABASE_URL or DATABASE_URL)");
      return { targets: [], resultFile };
    }
    const adminUrl = new URL(server);
    adminUrl.pathname = "/postgres";
    const name = `etalage_bench_cluster_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(server);
    databaseUrl.pathname = `/${name}`;
    const phases: Phase[] = [];
    try {
      let skus: string[] = [];
      for (const instances of [1, 2]) {
        const cluster = await startCluster({
          instances,
          port: 0,
          env: {
            DATABASE_URL: databaseUrl.toString(),
            REDIS_URL: redis,
            ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
            LOG_LEVEL: "warn",
            DATA_DIR: path.join(os.tmpdir(), `${name}-${instances}`),
            HTML_CACHE_PREFIX: `${name}-${instances}:`,
            // Every shopper comes from 127.0.0.1 through the proxy: no per-address limit applies.
            RATE_LIMIT_ALLOW: "127.0.0.1",
            PUBLIC_URL: "",
          },
          log: (instance, line) => {
            if (/"level":(50|60)/.test(line)) log(`[${instance}] ${line}`);
          },
        });
        try {
          if (skus.length === 0) skus = await importBenchProducts(cluster.url, "CLUSTER", 10, 100_000);
          log(
            `${instances} instance(s): ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured, ${CONCURRENCY} shoppers`,
          );
          phases.push(await measure(cluster, skus, instances));
        } finally {
          await cluster.close();
        }
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    const kinds = [...new Set(phases.flatMap((p) => Object.keys(p.perKind)))].sort();
    const header = [
      "instances",
      "req/s",
      "p95 ms",
      ...kinds.map((k) => `${k} p95`),
      "failed",
      "CPU per instance",
      "generator CPU",
    ];
    const rows = phases.map((p) => [
      p.instances,
      p.requestsPerSecond,
      p.latency.p95,
      ...kinds.map((k) => p.perKind[k]?.p95),
      p.failed,
      p.cpuPerInstance.map((c) => c.toFixed(2)).join(" + "),
      p.cpuLoadGenerator,
    ]);
    log(textTable(header, rows));
    const [one, two] = phases;
    const scale = two && one ? two.requestsPerSecond / one.requestsPerSecond : Number.NaN;
    const perCore = phases.map((p) => p.requestsPerSecond / p.cpuPerInstance.reduce((a, b) => a + b, 0));
    log(
      `2 instances give ${scale.toFixed(2)}× the throughput of 1 on ${os.cpus().length} cores; req/s per busy instance core: ${perCore.map((v) => v.toFixed(0)).join(" → ")}`,
    );
    await writeFile(
      resultFile,
      `${JSON.stringify(
        {
          suite: "cluster",
          measuredAt: new Date().toISOString(),
          machine: machineInfo(),
          settings: {
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            concurrency: CONCURRENCY,
            checkoutShare: CHECKOUT_SHARE,
          },
          phases,
          scale,
          requestsPerInstanceCoreSecond: perCore,
          table: markdownTable(header, rows),
        },
        null,
        2,
      )}\n`,
    );
    return { targets: [], resultFile };
  },
};
