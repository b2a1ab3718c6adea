/**
 * `/api/catalog` over HTTP: a real server in a child process (catalog/server.ts), autocannon in
 * this process with 50 connections cycling through the browse queries. POST with a JSON body,
 * then GET with `?request=`; a short extra POST run sends `accept-encoding: br, gzip` as browsers
 * do (the server compresses responses over 1 KiB), which the targets do not cover.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { type BrowseOutcome, type BrowseQuery, ourBrowseQuery, PAGE_SIZE } from "./data.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SEARCH_PATH = "/api/catalog/catalog_nl/product/_search";
const CONNECTIONS = 50;
export const DURATION_S = 10;
const WARMUP_S = 2;
const COMPRESSED_S = 5;

interface Ready {
  type: "ready";
  port: number;
  database: string;
  indexBuildMs: number;
  startupMs: number;
  products: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  /** Share of one core each process used during the run (1 = a full core). */
  serverCpu: number;
  clientCpu: number;
}

export interface HttpResult {
  server: Omit<Ready, "type">;
  post: LoadFigures;
  get: LoadFigures;
  postCompressed: LoadFigures;
  /** The first browse through the API, for the comparability check. */
  sample: BrowseOutcome;
  sampleGetAgrees: boolean;
  profileDir?: string;
}

/** The body without paging: `from` and `size` travel in the query string (contract "Catalogue"). */
function bodyOf(q: BrowseQuery): string {
  const { from: _from, size: _size, ...body } = ourBrowseQuery(q);
  return JSON.stringify(body);
}
const pageQuery = (q: BrowseQuery) => `from=${q.page * PAGE_SIZE}&size=${PAGE_SIZE}`;

function startServer(databaseUrl: string | undefined, profileDir: string | undefined) {
  const child = fork(path.join(here, "server.ts"), [], {
    execArgv: ["--import", "tsx", ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("bench server did not start within 90 s")), 90_000);
    child.on("message", (m: { type?: string }) => {
      if (m.type === "ready") {
        clearTimeout(timer);
        resolve(m as Ready);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with code ${code}`));
    });
  });
  return { child, ready };
}

function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("bench server did not report its CPU time")), 5_000);
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

async function load(
  child: ChildProcess,
  base: string,
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[],
  duration: number,
): Promise<LoadFigures> {
  const serverBefore = await serverCpu(child);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const r: Result = await autocannon({ url: base, connections: CONNECTIONS, duration, requests });
  const wallUs = (performance.now() - started) * 1000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await serverCpu(child);
  return {
    requestsPerSecond: r.requests.mean,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    latencyMax: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerResponse: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    serverCpu: (serverAfter - serverBefore) / wallUs,
    clientCpu: (client.user + client.system) / wallUs,
  };
}

function outcomeOfJson(json: {
  total: number;
  items: { id: number }[];
  aggregations: { filters: { attribute_code: string; options: { id: string; count: number }[] }[] };
}): BrowseOutcome {
  const facets: Record<string, Record<string, number>> = {};
  for (const f of json.aggregations.filters)
    facets[f.attribute_code] = Object.fromEntries(f.options.map((o) => [o.id, o.count]));
  return { total: json.total, pageIds: json.items.map((p) => p.id), facets };
}

export async function benchHttp(
  queries: readonly BrowseQuery[],
  databaseUrl: string | undefined,
  log: (line: string) => void,
  resultsDir: string,
): Promise<HttpResult> {
  // BENCH_CPU_PROF=1 writes a V8 CPU profile of the server to bench/results/profiles/.
  const profileDir = process.env.BENCH_CPU_PROF ? path.join(resultsDir, "profiles") : undefined;
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const { child, ready } = startServer(databaseUrl, profileDir);
  try {
    const server = await ready;
    const { type: _type, ...serverInfo } = server;
    const base = `http://127.0.0.1:${server.port}`;
    log(
      `  http: server up in ${(server.startupMs / 1000).toFixed(1)} s (${server.database}), ${server.products} products listed`,
    );

    const q0 = queries[0]!;
    const postUrl = `${base}${SEARCH_PATH}?${pageQuery(q0)}`;
    const first = await fetch(postUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bodyOf(q0),
    });
    if (first.status !== 200)
      throw new Error(`POST ${SEARCH_PATH} answered ${first.status}: ${await first.text()}`);
    const sample = outcomeOfJson(await first.json());
    const viaGet = await fetch(
      `${base}${SEARCH_PATH}?${pageQuery(q0)}&request=${encodeURIComponent(bodyOf(q0))}`,
    );
    const sampleGetAgrees =
      viaGet.status === 200 && JSON.stringify(outcomeOfJson(await viaGet.json())) === JSON.stringify(sample);

    const json = { "content-type": "application/json" };
    const posts = queries.map((q) => ({
      method: "POST",
      path: `${SEARCH_PATH}?${pageQuery(q)}`,
      headers: json,
      body: bodyOf(q),
    }));
    const gets = queries.map((q) => ({
      method: "GET",
      path: `${SEARCH_PATH}?${pageQuery(q)}&request=${encodeURIComponent(bodyOf(q))}`,
    }));
    const compressed = posts.map((r) => ({ ...r, headers: { ...json, "accept-encoding": "br, gzip" } }));

    await load(child, base, posts, WARMUP_S);
    const post = await load(child, base, posts, DURATION_S);
    log(`  http: POST ${post.requestsPerSecond.toFixed(0)} req/s, p99 ${post.latencyP99} ms`);
    await load(child, base, gets, 1);
    const get = await load(child, base, gets, DURATION_S);
    log(`  http: GET ${get.requestsPerSecond.toFixed(0)} req/s, p99 ${get.latencyP99} ms`);
    await load(child, base, compressed, 1);
    const postCompressed = await load(child, base, compressed, COMPRESSED_S);
    log(`  http: POST br/gzip ${postCompressed.requestsPerSecond.toFixed(0)} req/s`);
    return {
      server: serverInfo,
      post,
      get,
      postCompressed,
      sample,
      sampleGetAgrees,
      ...(profileDir ? { profileDir } : {}),
    };
  } finally {
    await stopServer(child);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.connected) child.send({ type: "stop" });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
