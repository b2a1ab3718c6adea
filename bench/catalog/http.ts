/**
 * `/api/catalog` over HTTP: a real server in a child process (catalog/server.ts), autocannon in
 * this process with 50 connections sending the request mix (http-mix.ts: thousands of distinct
 * browses, listings and searches, popular ones more often). Each of POST with a JSON body, GET
 * with `?request=`, and POST with `accept-encoding: br, gzip` as browsers send it, is run twice:
 * with the server's answer cache off (every answer computed) and on (as the server runs).
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import type { AnswerCacheStats } from "../../server/src/catalog-index/answer-cache.ts";
import type { CatalogData } from "../../server/src/catalog-index/snapshot.ts";
import { type BrowseOutcome, type BrowseQuery, ourBrowseQuery, PAGE_SIZE } from "./data.ts";
import { type HttpMix, httpMix } from "./http-mix.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SEARCH_PATH = "/api/catalog/catalog_nl/product/_search";
const CONNECTIONS = 50;
export const DURATION_S = 10;
const WARMUP_S = 3;
export const COMPRESSED_S = 5;

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
  /** Answers served from the answer cache, of all answers in the run. */
  cacheHitRate: number;
}

/** POST, GET and POST with br/gzip, each over the request mix. */
interface LoadRuns {
  post: LoadFigures;
  get: LoadFigures;
  postCompressed: LoadFigures;
}

export interface HttpResult {
  server: Omit<Ready, "type">;
  mix: { pool: number; distinct: number; sent: number; kinds: Record<string, number> };
  /** The answer cache off: every answer computed (product documents' encodings are still kept). */
  uncached: LoadRuns;
  /** The answer cache on (64 MiB), after a 3 s warm-up run of the mix. */
  cached: LoadRuns & { cache: AnswerCacheStats };
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
    // With BENCH_LOG_LEVEL set the server logs each request to stdout: costed, not shown.
    stdio: ["ignore", process.env.BENCH_LOG_LEVEL ? "ignore" : "inherit", "inherit", "ipc"],
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

function ask<T>(child: ChildProcess, message: { type: string; bytes?: number }, field: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench server did not answer ${message.type}`)), 5_000);
    const onMessage = (m: Record<string, unknown>) => {
      if (m.type !== message.type || m[field] === undefined) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(m[field] as T);
    };
    child.on("message", onMessage);
    child.send(message);
  });
}

async function serverCpu(child: ChildProcess): Promise<number> {
  const usage = await ask<NodeJS.CpuUsage>(child, { type: "cpu" }, "usage");
  return usage.user + usage.system;
}

/** The server's answer cache: its figures, after setting its bound when `bytes` is given (0 = off). */
const answerCache = (child: ChildProcess, bytes?: number) =>
  ask<AnswerCacheStats>(child, { type: "cache", ...(bytes === undefined ? {} : { bytes }) }, "stats");

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One run: every connection takes the next request of the one shared sequence, so the server sees
 * the mix in order whatever the connections' pace (autocannon's own request list would have
 * each connection start the list from its beginning).
 */
async function load(
  child: ChildProcess,
  base: string,
  sequence: readonly Sent[],
  duration: number,
  /** Send this many requests (the sequence from its start) instead of running for `duration`. */
  amount?: number,
): Promise<LoadFigures> {
  const serverBefore = await serverCpu(child);
  const cacheBefore = await answerCache(child);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  // A run starts anywhere in the sequence, so it does not replay what the warm-up just asked.
  let next = amount === undefined ? Math.floor(Math.random() * sequence.length) : 0;
  const r: Result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    ...(amount === undefined ? { duration } : { amount }),
    requests: [{ setupRequest: (request) => ({ ...request, ...sequence[next++ % sequence.length]! }) }],
  });
  const wallUs = (performance.now() - started) * 1000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = await serverCpu(child);
  const cacheAfter = await answerCache(child);
  const lookups = cacheAfter.hits + cacheAfter.misses - cacheBefore.hits - cacheBefore.misses;
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
    cacheHitRate: lookups > 0 ? (cacheAfter.hits - cacheBefore.hits) / lookups : 0,
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
  data: CatalogData,
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

    const mix: HttpMix = httpMix(data);
    const json = { "content-type": "application/json" };
    const posts: Sent[] = mix.sequence.map((i) => {
      const r = mix.pool[i]!;
      return { method: "POST", path: r.path, headers: json, body: r.body };
    });
    const gets: Sent[] = mix.sequence.map((i) => {
      const r = mix.pool[i]!;
      return { method: "GET", path: `${r.path}&request=${encodeURIComponent(r.body)}` };
    });
    const compressed = posts.map((r) => ({ ...r, headers: { ...json, "accept-encoding": "br, gzip" } }));
    const kinds: Record<string, number> = {};
    for (const i of mix.sequence) kinds[mix.pool[i]!.kind] = (kinds[mix.pool[i]!.kind] ?? 0) + 1;
    log(
      `  http: ${mix.pool.length} distinct requests, ${mix.sequence.length} drawn (${mix.distinct} distinct): ` +
        Object.entries(kinds)
          .map(([k, n]) => `${k} ${n}`)
          .join(", "),
    );

    const runs = async (label: string): Promise<LoadRuns> => {
      const post = await load(child, base, posts, DURATION_S);
      log(
        `  http ${label}: POST ${post.requestsPerSecond.toFixed(0)} req/s, p99 ${post.latencyP99} ms, cache hits ${(100 * post.cacheHitRate).toFixed(0)} %`,
      );
      const get = await load(child, base, gets, DURATION_S);
      log(`  http ${label}: GET ${get.requestsPerSecond.toFixed(0)} req/s, p99 ${get.latencyP99} ms`);
      const postCompressed = await load(child, base, compressed, COMPRESSED_S);
      log(`  http ${label}: POST br/gzip ${postCompressed.requestsPerSecond.toFixed(0)} req/s`);
      return { post, get, postCompressed };
    };

    const cacheBytes = (await answerCache(child)).maxBytes;
    await answerCache(child, 0);
    // Warm-up: every distinct request once, so each product's encoding per field list exists
    // (kept with the index, not part of the answer cache) and the runs compare like with like;
    // then the mix for JIT.
    const distinct = mix.pool.map((r) => ({ method: "POST", path: r.path, headers: json, body: r.body }));
    await load(child, base, distinct, 0, distinct.length);
    await load(child, base, posts, WARMUP_S);
    const uncached = await runs("uncached");
    await answerCache(child, cacheBytes);
    await load(child, base, posts, WARMUP_S);
    const cachedRuns = await runs("cached");
    const cache = await answerCache(child);
    return {
      server: serverInfo,
      mix: { pool: mix.pool.length, distinct: mix.distinct, sent: mix.sequence.length, kinds },
      uncached,
      cached: { ...cachedRuns, cache },
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
