/**
 * Add-to-cart plus totals round trip (issue 6 item 8): 50 concurrent shoppers, each in a loop of
 * `POST /update` (one more of a product) then `GET /totals`, against the real server on
 * PostgreSQL (a fresh database, dropped afterwards; PGlite when no server answers, and the
 * table says so). A shopper starts a new cart every 10 adds, so carts stay cart-sized (≤ 10
 * lines); cart creation is not timed.
 *
 * Two runs. "50 shoppers": each waits 0.5–1.5 s (mean 1 s) between round trips, as shoppers do,
 * so 50 of them offer about 50 round trips a second; the target (p95 <= 25 ms) is for this run.
 * "saturated": the same 50 without pause, which measures capacity; in a closed loop latency is
 * then just concurrency / throughput, so no latency target applies to it.
 */
import type { ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { createBenchDatabase } from "../catalog/postgres.ts";
import { machineInfo } from "../lib/machine.ts";
import { type Latency, summarize } from "../lib/stats.ts";
import { atMost, type Suite } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { startShopServer, stopShopServer } from "./child.ts";

const CLIENTS = Number(process.env.BENCH_CART_CLIENTS ?? 50);
const WARMUP_MS = 3_000;
const PACED_MS = 20_000;
const SATURATED_MS = 10_000;
/** Think time between a shopper's round trips in the paced run. */
const THINK_MS: readonly [number, number] = [500, 1500];
const ADDS_PER_CART = 10;
const TARGET_P95_MS = 25;
const CART = "/api/ext/tritonx/cart";

function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("cart bench server did not report its CPU time")), 5_000);
    const onMessage = (m: { type?: string; usage?: NodeJS.CpuUsage }) => {
      if (m.type !== "cpu" || !m.usage) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(m.usage.user + m.usage.system);
    };
    child.on("message", onMessage);
    child.send({ type: "cpu" });
  });
}

interface Samples {
  roundTrip: number[];
  update: number[];
  totals: number[];
  failures: number;
  firstFailure?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** node:http with keep-alive: far less client CPU per request than fetch on a 2-core machine. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(url: string, method: "GET" | "POST", body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = body ? { "content-type": "application/json" } : {};
    if (body) headers["content-length"] = String(Buffer.byteLength(body));
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One shopper: adds and totals until `until`, a new cart every ADDS_PER_CART adds. */
async function shopper(
  base: string,
  skus: readonly string[],
  offset: number,
  until: number,
  out: Samples,
  think: readonly [number, number] | null,
) {
  let cartId = "";
  // Shoppers do not arrive in lockstep.
  if (think) await sleep(((offset * 37) % 100) * 10);
  for (let i = 0; performance.now() < until; i++) {
    if (think && i > 0)
      await sleep(think[0] + (((offset * 131 + i * 71) % 1000) / 1000) * (think[1] - think[0]));
    if (i % ADDS_PER_CART === 0) {
      const created = await call(`${base}${CART}/create`, "POST");
      cartId = JSON.parse(created.text).result;
    }
    const sku = skus[(offset * 7 + i) % skus.length]!;
    const t0 = performance.now();
    const update = await call(
      `${base}${CART}/update?cartId=${cartId}`,
      "POST",
      JSON.stringify({ cartItem: { sku, qty: 1, quoteId: cartId } }),
    );
    const t1 = performance.now();
    const totals = await call(`${base}${CART}/totals?cartId=${cartId}`, "GET");
    const t2 = performance.now();
    if (update.status !== 200 || totals.status !== 200) {
      out.failures++;
      out.firstFailure ??= `${update.status} ${update.text.slice(0, 200)} / ${totals.status} ${totals.text.slice(0, 100)}`;
      continue;
    }
    out.update.push(t1 - t0);
    out.totals.push(t2 - t1);
    out.roundTrip.push(t2 - t0);
  }
}

async function run(
  base: string,
  skus: readonly string[],
  ms: number,
  think: readonly [number, number] | null,
): Promise<Samples> {
  const samples: Samples = { roundTrip: [], update: [], totals: [], failures: 0 };
  const until = performance.now() + ms;
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => shopper(base, skus, c, until, samples, think)));
  return samples;
}

interface Phase {
  name: string;
  samples: Samples;
  wallMs: number;
  /** Cores the server used. */
  cpu: number;
  rows: [string, Latency][];
}

async function measure(
  child: ChildProcess,
  base: string,
  skus: readonly string[],
  name: string,
  ms: number,
  think: readonly [number, number] | null,
): Promise<Phase> {
  const cpuBefore = await serverCpu(child);
  const started = performance.now();
  const samples = await run(base, skus, ms, think);
  const wallMs = performance.now() - started;
  const cpu = ((await serverCpu(child)) - cpuBefore) / (wallMs * 1000);
  const rows: [string, Latency][] = [
    [`${name}: update + totals`, summarize(samples.roundTrip)],
    [`${name}: POST /update`, summarize(samples.update)],
    [`${name}: GET /totals`, summarize(samples.totals)],
  ];
  return { name, samples, wallMs, cpu, rows };
}

export const cartSuite: Suite = {
  name: "cart",
  description: "add-to-cart + totals round trip, 50 concurrent shoppers, on PostgreSQL",
  async run({ resultsDir, log }) {
    const database = await createBenchDatabase(log);
    // BENCH_CPU_PROF=1 writes a V8 CPU profile of the server to bench/results/profiles/.
    const profileDir = process.env.BENCH_CPU_PROF ? path.join(resultsDir, "profiles") : undefined;
    if (profileDir) await mkdir(profileDir, { recursive: true });
    const { child, ready } = startShopServer(database?.url, profileDir);
    try {
      const server = await ready;
      const base = `http://127.0.0.1:${server.port}`;
      log(
        `  server up in ${(server.startupMs / 1000).toFixed(1)} s on ${server.database}, ${server.skus.length} skus`,
      );
      if (server.skus.length < 20) throw new Error("too few products with stock for the cart benchmark");
      await run(base, server.skus, WARMUP_MS, null);
      if (profileDir) child.send({ type: "profile-start" });
      const paced = await measure(child, base, server.skus, `${CLIENTS} shoppers`, PACED_MS, THINK_MS);
      const saturated = await measure(child, base, server.skus, "saturated", SATURATED_MS, null);
      if (profileDir) {
        const profiled = new Promise<string>((resolve) =>
          child.on(
            "message",
            (m: { type?: string; file?: string }) => m.type === "profiled" && resolve(m.file!),
          ),
        );
        child.send({ type: "profile-stop" });
        log(`  CPU profile of the measured runs: ${await profiled}`);
      }

      const header = ["run: call", "runs", "p50 ms", "p95 ms", "p99 ms", "max ms"];
      const rows = [...paced.rows, ...saturated.rows];
      const table = rows.map(([name, l]) => [name, l.runs, l.p50, l.p95, l.p99, l.max]);
      log(textTable(header, table));
      const rate = (p: Phase) => p.samples.roundTrip.length / (p.wallMs / 1000);
      const summary = [paced, saturated].map(
        (p) =>
          `${p.name}: ${rate(p).toFixed(0)} round trips/s, ${p.samples.failures} failed, server CPU ${p.cpu.toFixed(2)} cores`,
      );
      for (const line of summary) log(`  ${line}`);
      const firstFailure = paced.samples.firstFailure ?? saturated.samples.firstFailure;
      if (firstFailure) log(`  first failure: ${firstFailure}`);

      const targets = [
        atMost(
          `round trip p95, ${CLIENTS} shoppers (${server.database})`,
          paced.rows[0]![1].p95,
          TARGET_P95_MS,
          "ms",
        ),
      ];
      const resultFile = path.join(resultsDir, "cart.json");
      await writeFile(
        resultFile,
        `${JSON.stringify(
          {
            machine: machineInfo(),
            database: server.database,
            clients: CLIENTS,
            addsPerCart: ADDS_PER_CART,
            thinkMs: THINK_MS,
            runs: Object.fromEntries(
              [paced, saturated].map((p) => [
                p.name,
                {
                  durationMs: p.wallMs,
                  roundTripsPerSecond: rate(p),
                  failures: p.samples.failures,
                  serverCpu: p.cpu,
                  latency: Object.fromEntries(p.rows),
                },
              ]),
            ),
            targets,
          },
          null,
          2,
        )}\n`,
      );
      await writeFile(
        path.join(resultsDir, "cart.md"),
        `${markdownTable(header, table)}\n\n${summary.join("; ")}; database ${server.database}.\n`,
      );
      return { targets, resultFile };
    } finally {
      await stopShopServer(child, database, log);
    }
  },
};
