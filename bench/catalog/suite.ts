/**
 * The catalogue suite (issue 3 item 3): our in-process index side by side with Orama and a
 * PostgreSQL GROUP BY over the same synthetic catalogue, then `/api/catalog` over HTTP. Prints a
 * table, writes bench/results/catalog.json (every figure, the machine, targets with pass/fail)
 * and bench/results/catalog.md (the tables for the README).
 */
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { syntheticCatalog } from "../../server/src/catalog-index/synthetic.ts";
import { machineInfo } from "../lib/machine.ts";
import { canForceGc, mb } from "../lib/memory.ts";
import type { Latency } from "../lib/stats.ts";
import { atLeast, atMost, type Suite, type SuiteContext, type SuiteResult } from "../lib/suite.ts";
import { type Cell, markdownTable, textTable } from "../lib/table.ts";
import { type Check, compareBrowse } from "./compare.ts";
import { browseQueries, TEXT_QUERIES } from "./data.ts";
import { benchHttp, COMPRESSED_S, DURATION_S, type HttpResult, type LoadFigures } from "./http.ts";
import { benchOrama } from "./orama.ts";
import { benchOurs } from "./ours.ts";
import { benchPostgres, createBenchDatabase } from "./postgres.ts";

/** Browses whose answers every engine gives for the checks. */
const SAMPLES = 8;

const TARGETS = {
  browseP50Ms: 1,
  browseP99Ms: 5,
  textP50Ms: 3,
  httpRps: 3_000,
  buildMs: 3_000,
};

/** `/api/catalog` over HTTP at 50 connections, answer cache on (the server's default) and off. */
function httpTargets(http: HttpResult) {
  const all = [http.uncached, http.cached].flatMap((r) => [r.post, r.get, r.postCompressed]);
  return [
    atLeast(
      "/api/catalog POST, 50 connections",
      http.cached.post.requestsPerSecond,
      TARGETS.httpRps,
      "req/s",
    ),
    atLeast(
      "/api/catalog GET ?request=, 50 connections",
      http.cached.get.requestsPerSecond,
      TARGETS.httpRps,
      "req/s",
    ),
    atMost(
      "/api/catalog non-2xx and errors (every run)",
      all.reduce((n, l) => n + l.non2xx + l.errors + l.timeouts, 0),
      0,
      "responses",
    ),
  ];
}

function httpSection(http: HttpResult): [string, string[], Cell[][]] {
  const header = [
    "/api/catalog, autocannon 50 conn.",
    `POST ${DURATION_S} s, cache off`,
    `GET ${DURATION_S} s, cache off`,
    `POST br ${COMPRESSED_S} s, cache off`,
    `POST ${DURATION_S} s, cache on`,
    `GET ${DURATION_S} s, cache on`,
    `POST br ${COMPRESSED_S} s, cache on`,
  ];
  const runs = [http.uncached, http.cached].flatMap((r) => [r.post, r.get, r.postCompressed]);
  const h = (f: (l: LoadFigures) => Cell): Cell[] => runs.map(f);
  const rows: Cell[][] = [
    ["requests/s (mean)", ...h((l) => l.requestsPerSecond)],
    ["latency p50 (ms)", ...h((l) => l.latencyP50)],
    ["latency p99 (ms)", ...h((l) => l.latencyP99)],
    ["non-2xx / errors", ...h((l) => `${l.non2xx} / ${l.errors + l.timeouts}`)],
    ["bytes per response", ...h((l) => l.bytesPerResponse)],
    ["answer cache hits (%)", ...h((l) => (100 * l.cacheHitRate).toFixed(0))],
    ["server CPU (cores)", ...h((l) => l.serverCpu)],
    ["autocannon CPU (cores)", ...h((l) => l.clientCpu)],
  ];
  const mix = http.mix;
  const title =
    `HTTP (server in a child process; ${mix.pool} distinct requests, ${mix.sent} drawn by Zipf's law, ` +
    `${mix.distinct} distinct: ${Object.entries(mix.kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}; cache at the end ${(http.cached.cache.bytes / 2 ** 20).toFixed(1)} of ` +
    `${(http.cached.cache.maxBytes / 2 ** 20).toFixed(0)} MiB, ${http.cached.cache.entries} answers)`;
  return [title, header, rows];
}

/** BENCH_CATALOG_ONLY=http: the HTTP runs alone, written to catalog-http.json / .md. */
async function runHttpOnly(context: SuiteContext): Promise<SuiteResult> {
  const { log } = context;
  const started = performance.now();
  const machine = machineInfo();
  const data = syntheticCatalog();
  const http = await benchHttp(data, browseQueries(data), undefined, log, context.resultsDir);
  const targets = httpTargets(http);
  const section = httpSection(http);
  const targetRows: Cell[][] = targets.map((t) => [
    t.name,
    t.target,
    `${t.value.toFixed(0)} ${t.unit}`,
    t.pass ? "PASS" : "FAIL",
  ]);
  log(`\n${section[0]}\n${textTable(section[1], section[2])}`);
  log(`\nTargets\n${textTable(["target", "required", "measured", "result"], targetRows)}`);
  const elapsedS = (performance.now() - started) / 1000;
  const file = path.join(context.resultsDir, "catalog-http.json");
  await writeFile(
    file,
    `${JSON.stringify({ suite: "catalog (http only)", finishedAt: new Date().toISOString(), elapsedS, machine, targets, http: { ...http, sample: undefined } }, null, 2)}\n`,
  );
  const md = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}` +
      ` (HTTP only, ${elapsedS.toFixed(0)} s; load average before it ${machine.loadAverage[0]}).`,
    `\n**${section[0]}**\n\n${markdownTable(section[1], section[2])}`,
    `\n**Targets**\n\n${markdownTable(["target", "required", "measured", "result"], targetRows)}`,
  ].join("\n");
  await writeFile(path.join(context.resultsDir, "catalog-http.md"), `${md}\n`);
  return { targets, resultFile: file };
}

async function run(context: SuiteContext): Promise<SuiteResult> {
  if (process.env.BENCH_CATALOG_ONLY === "http") return runHttpOnly(context);
  const { log } = context;
  const started = performance.now();
  // Taken before anything runs: the load average at the end includes this suite's own work.
  const machine = machineInfo();
  if (!canForceGc) log("  warning: run with --expose-gc (npm run bench does); heap figures include garbage");

  const data = syntheticCatalog();
  const children = data.products.reduce((n, p) => n + (p.configurable_children?.length ?? 0), 0);
  const queries = browseQueries(data);
  log(`catalog: ${data.products.length} parents, ${children} children, ${queries.length} browse queries`);

  const ours = benchOurs(data, queries, log, SAMPLES);
  const orama = benchOrama(ours.flat, queries, log, SAMPLES);
  const database = await createBenchDatabase(log);
  let postgres: Awaited<ReturnType<typeof benchPostgres>>;
  let http: Awaited<ReturnType<typeof benchHttp>>;
  try {
    postgres = await benchPostgres(database, ours.flat, queries, log, SAMPLES);
    http = await benchHttp(data, queries, database?.url, log, context.resultsDir);
  } finally {
    await database?.drop();
    if (database) log(`  postgres: dropped ${database.name}`);
  }

  const checks: Check[] = [
    ...compareBrowse("PostgreSQL", ours.samples, postgres.samples, ["color", "size", "brand", "price"]),
    ...compareBrowse("Orama", ours.samples, orama.samples, ["brand", "price", "color", "size"], {
      pageAsSet: true,
    }).map((c) =>
      // One Orama query counts colour and size with their own filter applied: a known difference.
      c.check === "facet color counts" || c.check === "facet size counts"
        ? { ...c, check: `${c.check} (differ by design)`, detail: `own filter applied: ${c.detail}` }
        : c,
    ),
    ...compareBrowse("Orama (3 queries)", ours.samples, orama.samplesDisjunctive, ["color", "size"]).filter(
      (c) => c.check.startsWith("facet"),
    ),
    ...compareBrowse("HTTP", ours.samples.slice(0, 1), [http.sample], ["color", "size", "brand", "price"]),
    {
      engine: "HTTP",
      check: "GET ?request= answers as POST",
      agree: http.sampleGetAgrees,
      detail: http.sampleGetAgrees ? "equal" : "differs",
    },
    {
      engine: "PostgreSQL",
      check: "sequential / single / parallel SQL agree",
      agree: postgres.variantsAgree,
      detail: Object.keys(postgres.variants).join(", "),
    },
  ];

  const targets = [
    atMost("faceted browse p50, in-process", ours.browse.p50, TARGETS.browseP50Ms, "ms"),
    atMost("faceted browse p99, in-process", ours.browse.p99, TARGETS.browseP99Ms, "ms"),
    atMost("text search p50, in-process", ours.text.p50, TARGETS.textP50Ms, "ms"),
    ...httpTargets(http),
    atMost("index build, median of 3", ours.buildMedianMs, TARGETS.buildMs, "ms"),
  ];

  const pgName = postgres.engine === "postgres" ? "PostgreSQL 15" : "PGlite";
  const lat = (l: Latency): Cell[] => [l.p50, l.p95, l.p99, l.max];
  const inProcessHeader = ["in-process", "Ours", "Orama", `${pgName} GROUP BY (${postgres.fastest})`];
  const inProcess: Cell[][] = [
    [
      "build / load (ms)",
      `${ours.buildMedianMs.toFixed(0)} (median of ${ours.buildMs.length})`,
      `${orama.buildMedianMs.toFixed(0)} (median of ${orama.buildMs.length})`,
      `${postgres.loadMs.toFixed(0)} (insert + indexes)`,
    ],
    [
      "heapUsed after build, MB (the build's share)",
      `${mb(ours.heapAfterBytes)} (${mb(ours.heapAfterBytes - ours.heapBeforeBytes)})`,
      `${mb(orama.heapAfterBytes)} (${mb(orama.heapAfterBytes - orama.heapBeforeBytes)})`,
      `${mb(postgres.tableBytes)} MB table + indexes (server)`,
    ],
    ["+ typed arrays outside the heap, MB", mb(ours.arrayBuffersBytes), mb(orama.arrayBuffersBytes), "–"],
    ...["p50", "p95", "p99", "max"].map((p, i) => [
      `faceted browse ${p} (ms)`,
      lat(ours.browse)[i],
      lat(orama.browse)[i],
      lat(postgres.browse)[i],
    ]),
    ["faceted browse runs", ours.browse.runs, orama.browse.runs, postgres.browse.runs],
    [
      "browse, our facet semantics p50 (ms)",
      ours.browse.p50,
      `${orama.browseDisjunctive.p50.toFixed(1)} (3 queries)`,
      postgres.browse.p50,
    ],
    ...["p50", "p95", "p99"].map((p, i) => [
      `text search ${p} (ms)`,
      lat(ours.text)[i],
      lat(orama.text)[i],
      "–",
    ]),
    ["text search runs", ours.text.runs, orama.text.runs, "–"],
  ];
  const sqlHeader = [`${pgName}: one browse = page + 4 facets`, "p50", "p95", "p99", "max", "runs"];
  const sqlRows: Cell[][] = Object.entries(postgres.variants).map(([name, l]) => [name, ...lat(l), l.runs]);

  const costHeader = ["one /api/catalog answer, in-process", "mean (ms)", "p50 (ms)"];
  const costRows: Cell[][] = [
    ...ours.breakdown.stages.map((st) => [st.stage, st.meanMs, st.p50Ms]),
    ["response size, full documents (bytes)", ours.breakdown.meanBytes, "–"],
    ["response size, listing fields only (bytes)", ours.breakdown.meanBytesWithListingFields, "–"],
  ];
  const targetHeader = ["target", "required", "measured", "result"];
  const targetRows: Cell[][] = targets.map((t) => [
    t.name,
    t.target,
    `${t.value.toFixed(t.unit === "ms" ? 2 : 0)} ${t.unit}`,
    t.pass ? "PASS" : "FAIL",
  ]);
  const checkHeader = ["engine", "check", "agrees", "detail"];
  const checkRows: Cell[][] = checks.map((c) => [c.engine, c.check, c.agree ? "yes" : "NO", c.detail]);
  const textHeader = ["text query", "ours hits", "ours p50 (ms)", "Orama hits", "Orama p50 (ms)"];
  const textRows: Cell[][] = TEXT_QUERIES.map((q, i) => [
    `"${q}"`,
    ours.textPerQuery[i]!.total,
    ours.textPerQuery[i]!.p50,
    orama.textPerQuery[i]!.total,
    orama.textPerQuery[i]!.p50,
  ]);

  const sections: [string, string[], Cell[][]][] = [
    ["In-process, same synthetic catalogue", inProcessHeader, inProcess],
    [`${pgName} variants (the fastest is reported above)`, sqlHeader, sqlRows],
    httpSection(http),
    ["Where an HTTP answer's CPU goes (same queries, in-process)", costHeader, costRows],
    ["Targets", targetHeader, targetRows],
    ["Comparability", checkHeader, checkRows],
    ["Text searches", textHeader, textRows],
  ];
  for (const [title, header, rows] of sections) log(`\n${title}\n${textTable(header, rows)}`);

  const elapsedS = (performance.now() - started) / 1000;
  const result = {
    suite: "catalog",
    finishedAt: new Date().toISOString(),
    elapsedS,
    machine,
    dataset: {
      parents: data.products.length,
      children,
      browseQueries: queries.length,
      textQueries: TEXT_QUERIES,
    },
    targets,
    ours: { ...ours, flat: undefined, samples: undefined },
    orama: { ...orama, samples: undefined, samplesDisjunctive: undefined },
    postgres: { ...postgres, samples: undefined },
    http: { ...http, sample: undefined },
    checks,
  };
  const file = path.join(context.resultsDir, "catalog.json");
  await writeFile(`${file}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
  const md = [
    `Measured ${result.finishedAt.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}` +
      ` (suite took ${elapsedS.toFixed(0)} s; load average before it ${machine.loadAverage[0]}).`,
    ...sections.map(([title, header, rows]) => `\n**${title}**\n\n${markdownTable(header, rows)}`),
  ].join("\n");
  await writeFile(path.join(context.resultsDir, "catalog.md"), `${md}\n`);
  log(`\ncatalog: ${elapsedS.toFixed(0)} s; wrote ${path.relative(process.cwd(), file)} and catalog.md`);
  return { targets, resultFile: file };
}

export const catalogSuite: Suite = {
  name: "catalog",
  description:
    "catalogue index vs Orama vs PostgreSQL GROUP BY (build, heap, faceted browse, text search) and /api/catalog over HTTP",
  run,
};
