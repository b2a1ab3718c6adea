/**
 * `npm run bench -- recommendations` (issue 16): the built-in Elevate's queries in-process (p50,
 * p95, p99 per query; targets p95 <= 5 ms for product-page and autocomplete), autocomplete over
 * HTTP with 50 connections (target >= 2,000 requests/s), and the offline quality table.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openDatabase } from "../../server/src/db/client.ts";
import { ElevateService, type Visitor } from "../../server/src/providers/recommendations/service.ts";
import { machineInfo } from "../lib/machine.ts";
import { type Latency, summarize, timeAsync } from "../lib/stats.ts";
import { atLeast, atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { demoIndex, generateSessions } from "./data.ts";
import { quality, train } from "./quality.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_P95_MS = 5;
const TARGET_RPS = 2_000;
const CONNECTIONS = 50;
const DURATION_S = 10;
const PREFIXES = [
  "sne",
  "snea",
  "overh",
  "over",
  "jas",
  "chel",
  "zwarte sn",
  "merino",
  "riem",
  "loaf",
  "jeans",
  "linnen",
];

const empty = new Map<string, string[]>();
const noFacets = { values: empty, range: {} };

async function inProcess(log: (line: string) => void): Promise<Record<string, Latency>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-recs-"));
  const database = await openDatabase({ dataDir, inMemory: true });
  try {
    const { index, facts } = demoIndex();
    const service = new ElevateService(index, database.db, { pollMs: 0 });
    train(service.learner, generateSessions(facts, 4000, 1), Date.now());
    const keys = facts.recommendable.map((f) => f.key);
    const visitor = (i: number): Visitor => ({
      customerKey: `c${i % 500}`,
      sessionKey: `s${i % 500}`,
      notify: true,
    });
    const limits = { maxRuns: 3_000, minRuns: 500, maxMs: 8_000 };
    const lists = [
      { id: "alternatives", algorithm: "ALTERNATIVES" as const, limit: 8 },
      { id: "upsell", algorithm: "UPSELL" as const, limit: 8 },
    ];
    const queries: Record<string, (i: number) => Promise<unknown>> = {
      "product-page (ALTERNATIVES + UPSELL, 8 each)": (i) =>
        service.productPage(
          { productKey: keys[(i * 7) % keys.length]! },
          { recommendationLists: lists },
          visitor(i),
        ),
      autocomplete: async (i) =>
        service.autocomplete({ q: PREFIXES[i % PREFIXES.length]! }, undefined, visitor(i)),
      "autocomplete, empty q (history)": (i) => service.autocomplete({ q: "" }, undefined, visitor(i)),
      "cart-page (CART, 8)": (i) =>
        service.cartPage(
          { cart: [keys[i % keys.length]!, keys[(i * 13) % keys.length]!] },
          { recommendationLists: [{ id: "cart", algorithm: "CART", limit: 8 }] },
          visitor(i),
        ),
      "landing-page (20, facets, navigation)": (i) =>
        service.landingPage(
          {
            pageReference: `/l/elevate/${["zwarte-sneakers", "linnen-overhemden", "cadeaus/onder-50", "merino-truien"][i % 4]}/`,
            limit: 20,
          },
          noFacets,
          { primaryList: { include: true }, navigation: { include: true } },
          visitor(i),
        ),
      "search-page (20, facets)": (i) =>
        service.searchPage(
          { q: ["sneaker", "overhemd wit", "snekaer", "leren riem"][i % 4]!, limit: 20 },
          noFacets,
          undefined,
          visitor(i),
        ),
    };
    const out: Record<string, Latency> = {};
    for (const [name, run] of Object.entries(queries)) {
      await timeAsync({ maxRuns: 200, maxMs: 2_000 }, run); // warm-up
      out[name] = summarize(await timeAsync(limits, run));
      log(`  ${name}: p50 ${out[name]!.p50.toFixed(2)} ms, p95 ${out[name]!.p95.toFixed(2)} ms`);
    }
    await service.stop();
    return out;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function overHttp(log: (line: string) => void) {
  const child: ChildProcess = fork(path.join(here, "server.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error("recommendations bench server did not start in 120 s")),
        120_000,
      );
      child.on("message", (m: { type?: string; port?: number }) => {
        if (m.type === "ready") {
          clearTimeout(timer);
          resolve(m.port!);
        }
      });
      child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const paths = PREFIXES.map(
      (q, i) =>
        `/api/storefront/v3/queries/autocomplete?market=NL&locale=nl-NL&touchpoint=mobile&customerKey=c${i}&sessionKey=s${i}&q=${encodeURIComponent(q)}`,
    );
    let next = 0;
    const run = (duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration,
        requests: [
          { setupRequest: (request) => ({ ...request, method: "GET", path: paths[next++ % paths.length]! }) },
        ],
      });
    await run(3);
    const r = await run(DURATION_S);
    log(
      `  autocomplete over HTTP: ${Math.round(r.requests.mean)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
    );
    return {
      requestsPerSecond: r.requests.mean,
      latencyP50: r.latency.p50,
      latencyP99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  } finally {
    child.send?.({ type: "stop" });
  }
}

export const recommendationsSuite: Suite = {
  name: "recommendations",
  description:
    "built-in Elevate: in-process p95 per query, autocomplete req/s at 50 connections, offline quality",
  async run({ resultsDir, log }) {
    log("in-process (demo catalogue, learner trained on 4,000 synthetic sessions):");
    const latency = await inProcess(log);
    log("quality (4,000 training sessions, 1,000 held-out sessions with their last actions hidden):");
    const { facts } = demoIndex();
    const rows = await quality(facts, generateSessions(facts, 4000, 1), generateSessions(facts, 1000, 2));
    log("over HTTP:");
    const http = await overHttp(log);

    const latencyHeader = ["query (in-process)", "runs", "p50 ms", "p95 ms", "p99 ms"];
    const latencyRows = Object.entries(latency).map(([name, l]) => [name, l.runs, l.p50, l.p95, l.p99]);
    const qualityHeader = ["task", "method", "sessions", "hit rate @8", "precision @8"];
    const qualityRows = rows.map((r) => [r.task, r.method, r.sessions, r.hitRate, r.precisionAt8]);
    log(`\n${textTable(latencyHeader, latencyRows)}\n\n${textTable(qualityHeader, qualityRows)}`);

    const p95 = (name: string) => latency[name]?.p95 ?? Number.NaN;
    const targets: TargetResult[] = [
      atMost(
        "product-page p95 (in-process)",
        p95("product-page (ALTERNATIVES + UPSELL, 8 each)"),
        TARGET_P95_MS,
        "ms",
      ),
      atMost("autocomplete p95 (in-process)", p95("autocomplete"), TARGET_P95_MS, "ms"),
      atLeast("autocomplete over HTTP, 50 connections", http.requestsPerSecond, TARGET_RPS, "req/s"),
    ];
    const resultFile = path.join(resultsDir, "recommendations.json");
    await writeFile(
      resultFile,
      `${JSON.stringify({ machine: machineInfo(), latency, http, quality: rows, targets }, null, 2)}\n`,
    );
    await writeFile(
      path.join(resultsDir, "recommendations.md"),
      `# Recommendations benchmark\n\n${markdownTable(latencyHeader, latencyRows)}\n\nAutocomplete over HTTP, ${CONNECTIONS} connections, ${DURATION_S} s: ${Math.round(http.requestsPerSecond)} req/s (p50 ${http.latencyP50} ms, p99 ${http.latencyP99} ms, non-2xx ${http.non2xx}).\n\n${markdownTable(qualityHeader, qualityRows)}\n`,
    );
    return { targets, resultFile };
  },
};
