/**
 * Memory under a long, steady load (issue 11 item 5): the production server (server/dist/main.js,
 * HTML cache on as in production) on its own data folder, a warm-up, then a fixed request rate of
 * mixed traffic (mix.ts) for 10 minutes, then an idle minute. The resident set of the whole
 * process (request thread, render threads, sharp/libvips, PGlite's WebAssembly memory: all one
 * address space) is read from /proc every 10 s. Targets: RSS after the idle minute within 10 % of
 * RSS after the warm-up, no upward slope (least squares) over the last 5 minutes of load, and no
 * sample more than the memory budget above the level at start.
 *
 * The data folder is seeded by a first start that is then stopped, so the measured process starts
 * as a shop restarts: from a seeded database, without seeding's memory in it.
 *
 * Settings (environment, or `--name=value` after the suite name):
 *   SOAK_MINUTES (10, --minutes), SOAK_WARMUP_S (90), SOAK_IDLE_S (60), SOAK_RATE (20 requests/s,
 *   --rate), SOAK_SAMPLE_S (10), SOAK_PORT (3320; the next free one up to 3339), SOAK_SEED (1),
 *   SOAK_HEAP_SNAPSHOTS (1: heap snapshots of the request thread and the render threads after the
 *   warm-up and after the idle minute, into results/profiles/; writing one costs as much memory
 *   as the heap, so the RSS figures of such a run are not the shop's), SOAK_GROWTH_BUDGET_MB (400:
 *   how far above its level at start the process may go).
 * The server's own settings (SSR_RENDER_THREADS, HTML_CACHE_MAX_MB, CATALOG_ANSWER_CACHE_MB,
 * MALLOC_ARENA_MAX, …) pass through from the environment.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { machineInfo } from "../lib/machine.ts";
import { summarize } from "../lib/stats.ts";
import { type StorefrontServer, startStorefront } from "../lib/storefront-server.ts";
import { atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import {
  type Answer,
  KINDS,
  type Kind,
  random,
  requestStream,
  sampleShop,
  send,
  weightsFrom,
} from "./mix.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
/** Requests in flight beyond this are not sent (counted as dropped): the load stays bounded. */
const MAX_IN_FLIGHT = 64;
const SLOPE_WINDOW_MIN = 5;
const IDLE_TARGET = 0.1;
/**
 * "No upward slope": at most 1 MB/min, or not told apart from zero by the samples (within two
 * standard errors): the V8 heaps' sawtooth moves single samples by ±40 MB.
 */
const SLOPE_TARGET_MB_PER_MIN = 1;
/** The level after warm-up is the mean of its last samples, not one sample of the sawtooth. */
const WARM_LEVEL_S = 30;
/**
 * How far above its level at start the process may go at any sample: the two caches' default
 * bounds (HTML 64 MB, catalogue answers 64 MB), a render thread's young generation (192 MB,
 * docs/decisions/0011) and 80 MB for the request thread's young generation and requests in flight
 * (docs/decisions/0013). The relative targets alone passed a server that filled 16 malloc arenas
 * to 1.3 GB during the warm-up and stayed there.
 */
const GROWTH_BUDGET_MB = 400;

function setting(name: string, flag: string, fallback: number): number {
  const fromFlag = process.argv.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const text = fromFlag ?? process.env[name];
  const value = text === undefined || text === "" ? fallback : Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, not ${text}`);
  return value;
}

interface ProcMemory {
  rss: number;
  anon: number;
  file: number;
  /** The kernel's high-water mark of RSS since the process started. */
  hwm: number;
}

function procMemory(pid: number): ProcMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile"), hwm: kb("VmHWM") };
}

/**
 * Where the resident memory is, by kind of mapping: the main malloc heap (`[heap]`), anonymous
 * mappings of 64 MiB reservations (glibc's per-thread malloc arenas reserve 64 MiB each; V8 does
 * not use that size), other anonymous mappings (V8's heap, WebAssembly memory, thread stacks,
 * libvips' buffers when large), and files (code, mapped libraries).
 */
function mappingSummary(pid: number) {
  const out = {
    heapMb: 0,
    arenaLikeMb: 0,
    arenaLikeCount: 0,
    otherAnonMb: 0,
    fileMb: 0,
    largestAnon: [] as string[],
  };
  let current: { name: string; sizeKb: number; anon: boolean } | undefined;
  const anon: { sizeKb: number; rssKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[3]!.trim();
      const sizeKb = (Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16)) / 1024;
      current = { name, sizeKb, anon: name === "" };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    const rssKb = Number(rss[1]);
    if (current.name === "[heap]") out.heapMb += rssKb / 1024;
    else if (current.anon) anon.push({ sizeKb: current.sizeKb, rssKb });
    else out.fileMb += rssKb / 1024;
  }
  // An arena is one 64 MiB reservation, split into a used (rw) part and the rest (no access).
  for (let i = 0; i < anon.length; i++) {
    const a = anon[i]!;
    const next = anon[i + 1];
    const pair = next && a.sizeKb + next.sizeKb === 65536;
    if (a.sizeKb === 65536 || pair) {
      out.arenaLikeMb += (a.rssKb + (pair ? next.rssKb : 0)) / 1024;
      out.arenaLikeCount++;
      if (pair) i++;
    } else out.otherAnonMb += a.rssKb / 1024;
  }
  out.largestAnon = anon
    .sort((a, b) => b.rssKb - a.rssKb)
    .slice(0, 8)
    .map((a) => `${(a.rssKb / 1024).toFixed(1)} of ${(a.sizeKb / 1024).toFixed(1)} MB`);
  for (const key of ["heapMb", "arenaLikeMb", "otherAnonMb", "fileMb"] as const)
    out[key] = Math.round(out[key] * 10) / 10;
  return out;
}

interface ProbeMemory {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
  renderThreads: number;
}

/** Asks the server's preload (probe.mjs) over IPC; undefined when it does not answer within 3 s. */
function ask<T>(
  server: StorefrontServer,
  message: object,
  type: string,
  timeoutMs = 3_000,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.child.off("message", onMessage);
      resolve(undefined);
    }, timeoutMs);
    const onMessage = (m: { type?: string }) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      server.child.off("message", onMessage);
      resolve(m as T);
    };
    server.child.on("message", onMessage);
    server.child.send(message);
  });
}

type Phase = "start" | "warm-up" | "load" | "idle";

interface Sample {
  t: number;
  phase: Phase;
  rssMb: number;
  anonMb: number;
  fileMb: number;
  heapUsedMb?: number;
  externalMb?: number;
  /** Requests answered since the previous sample. */
  answered: number;
}

interface KindFigures {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  latencies: number[];
}

/** Least squares line through the points: its slope and the slope's standard error. */
export function fitLine(points: readonly { x: number; y: number }[]): {
  slope: number;
  standardError: number;
} {
  const n = points.length;
  if (n < 3) return { slope: Number.NaN, standardError: Number.NaN };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const slope = sxy / sxx;
  const residuals = points.reduce((s, p) => s + (p.y - (my + slope * (p.x - mx))) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (n - 2) / sxx) };
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export const soakSuite: Suite = {
  name: "soak",
  description: "RSS under 10 minutes of mixed load at a fixed rate, then idle (memory stays flat)",
  async run({ resultsDir, log }) {
    const suiteStarted = performance.now();
    const minutes = setting("SOAK_MINUTES", "minutes", 10);
    const warmupS = setting("SOAK_WARMUP_S", "warmup", 90);
    const idleS = setting("SOAK_IDLE_S", "idle", 60);
    const rate = setting("SOAK_RATE", "rate", 20);
    const sampleS = setting("SOAK_SAMPLE_S", "sample", 10);
    const seed = setting("SOAK_SEED", "seed", 1);
    const firstPort = setting("SOAK_PORT", "port", 3320);
    const snapshots = process.env.SOAK_HEAP_SNAPSHOTS === "1";
    const snapshotDir = path.join(
      resultsDir,
      "profiles",
      `soak-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}`,
    );
    const weights = weightsFrom(process.env.SOAK_MIX);
    const loadS = minutes * 60;
    const loadAtStart = machineInfo().loadAverage[0];

    let port = firstPort;
    while (!(await portIsFree(port))) {
      if (++port > Math.max(firstPort, 3339)) throw new Error(`no free port from ${firstPort} to 3339`);
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-soak-"));
    const probe = path.join(here, "probe.mjs");
    const start = () =>
      startStorefront({
        port,
        dataDir,
        ipc: true,
        nodeArgs: ["--import", probe, ...(snapshots ? ["--expose-gc"] : [])],
        // As in production: the HTML cache is part of what memory must hold.
        env: { HTML_CACHE: process.env.HTML_CACHE ?? "on" },
      });

    log(`seeding a data folder in ${dataDir} (first start, then a restart) …`);
    await (await start()).stop();
    const server = await start();
    const stopOnSignal = () => void server.stop().finally(() => process.exit(130));
    process.once("SIGINT", stopOnSignal);
    process.once("SIGTERM", stopOnSignal);
    log(
      `server pid ${server.pid} on ${server.base}; rate ${rate}/s, warm-up ${warmupS} s, load ${minutes} min, idle ${idleS} s`,
    );

    const samples: Sample[] = [];
    const maps: Record<string, ReturnType<typeof mappingSummary>> = {};
    const heapSnapshots: string[] = [];
    const kinds = {} as Record<Kind, KindFigures>;
    for (const k of KINDS) kinds[k] = { sent: 0, statuses: {}, errors: 0, latencies: [] };
    let answered = 0;
    let inFlight = 0;
    let dropped = 0;
    let firstError: string | undefined;
    let phase: Phase = "start";
    let t0 = performance.now();
    let serverCpuAtLoad = 0;

    const sample = async () => {
      const proc = procMemory(server.pid);
      const probeAnswer = await ask<{ memory: ProbeMemory }>(server, { type: "memory" }, "memory");
      const row: Sample = {
        t: Math.round((performance.now() - t0) / 1000),
        phase,
        rssMb: mb(proc.rss),
        anonMb: mb(proc.anon),
        fileMb: mb(proc.file),
        ...(probeAnswer
          ? { heapUsedMb: mb(probeAnswer.memory.heapUsed), externalMb: mb(probeAnswer.memory.external) }
          : {}),
        answered,
      };
      answered = 0;
      samples.push(row);
      log(
        `${String(row.t).padStart(5)} s  ${phase.padEnd(7)}  RSS ${row.rssMb.toFixed(0).padStart(5)} MB  anon ${row.anonMb.toFixed(0).padStart(5)}  heap ${row.heapUsedMb?.toFixed(0) ?? "–"}  answered ${row.answered}  in flight ${inFlight}  dropped ${dropped}`,
      );
    };
    const snapshot = async (label: string) => {
      maps[label] = mappingSummary(server.pid);
      if (!snapshots) return;
      await ask(server, { type: "gc" }, "gc");
      const answer = await ask<{ files: string[]; error?: string }>(
        server,
        { type: "snapshot", dir: snapshotDir, label },
        "snapshot",
        300_000,
      );
      heapSnapshots.push(...(answer?.files ?? []));
      log(
        `heap snapshots (${label}): ${answer?.files.join(", ") ?? "no answer"}${answer?.error ? ` (${answer.error})` : ""}`,
      );
    };

    const fire = (request: ReturnType<ReturnType<typeof requestStream>>) => {
      const figures = kinds[request.kind];
      figures.sent++;
      inFlight++;
      const started = performance.now();
      send(server.base, request, request.onAnswer !== undefined)
        .then(
          (answer: Answer) => {
            figures.latencies.push(performance.now() - started);
            figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
            if (answer.status >= 500) firstError ??= `${request.kind} ${request.path}: ${answer.status}`;
            request.onAnswer?.(answer);
          },
          (error: unknown) => {
            figures.errors++;
            firstError ??= `${request.kind} ${request.path}: ${String(error)}`;
          },
        )
        .finally(() => {
          inFlight--;
          answered++;
        });
    };

    /** A fixed schedule: request i is due at start + i / rate, whatever the answers take. */
    const drive = async (next: () => ReturnType<ReturnType<typeof requestStream>>, untilMs: number) => {
      const interval = 1000 / rate;
      let due = performance.now();
      while (due < untilMs) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        due += interval;
        if (inFlight >= MAX_IN_FLIGHT) dropped++;
        else fire(next());
      }
    };

    let loadEnd = 0;
    let idleEnd = 0;
    let vmHwmMb = 0;
    try {
      const sampleShopStarted = performance.now();
      const shop = await sampleShop(server.base, random(seed));
      log(
        `mix: ${shop.categoryUrls.length} category URLs, ${shop.productUrls.length} products, ${shop.searchTerms.length} search terms, ${shop.imageUrls.length} image URLs, ${shop.cartSkus.length} cart skus (read in ${((performance.now() - sampleShopStarted) / 1000).toFixed(1)} s)`,
      );
      const next = requestStream(shop, seed, weights);

      t0 = performance.now();
      await sample();
      const timer = setInterval(() => void sample(), sampleS * 1000);
      try {
        phase = "warm-up";
        await drive(next, t0 + warmupS * 1000);
        // The level the targets compare with, at the boundary (the load goes on without a pause).
        await sample();
        await snapshot("after-warm-up");
        serverCpuAtLoad = server.cpuSeconds();
        phase = "load";
        const loadStart = performance.now();
        await drive(next, loadStart + loadS * 1000);
        const drainDeadline = performance.now() + 30_000;
        while (inFlight > 0 && performance.now() < drainDeadline) await sleep(50);
        loadEnd = (performance.now() - t0) / 1000;
        await sample();
        maps["end-of-load"] = mappingSummary(server.pid);
        serverCpuAtLoad = (server.cpuSeconds() - serverCpuAtLoad) / ((performance.now() - loadStart) / 1000);
        phase = "idle";
        await sleep(idleS * 1000);
        idleEnd = (performance.now() - t0) / 1000;
      } finally {
        clearInterval(timer);
      }
      await sample();
      await snapshot("after-idle");
    } finally {
      vmHwmMb = mb(procMemory(server.pid).hwm);
      process.off("SIGINT", stopOnSignal);
      process.off("SIGTERM", stopOnSignal);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }

    // Figures.
    const warmIndex = samples.findIndex((s) => s.phase === "load") - 1;
    const warm = samples[Math.max(0, warmIndex)]!;
    const warmSamples = samples.filter((s) => s.phase === "warm-up" && s.t >= warm.t - WARM_LEVEL_S);
    const warmLevel =
      Math.round((warmSamples.reduce((sum, s) => sum + s.rssMb, 0) / Math.max(1, warmSamples.length)) * 10) /
      10;
    const afterIdle = samples.at(-1)!;
    const endOfLoad = samples.filter((s) => s.t <= loadEnd + 0.5 && s.phase === "load").at(-1) ?? warm;
    const loadSamples = samples.filter((s) => s.phase === "load");
    const windowStart = loadEnd - Math.min(SLOPE_WINDOW_MIN * 60, (loadEnd - warm.t) / 2);
    const inWindow = [warm, ...loadSamples].filter((s) => s.t >= windowStart);
    const line = fitLine(inWindow.map((s) => ({ x: s.t / 60, y: s.rssMb })));
    const slopeMbPerMin = line.slope;
    const peak = samples.reduce((m, s) => Math.max(m, s.rssMb), 0);
    const idleRatio = afterIdle.rssMb / warmLevel - 1;

    const kindRows = KINDS.map((k) => {
      const f = kinds[k];
      const lat = summarize(f.latencies);
      const statuses = Object.entries(f.statuses)
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ");
      return [`${k} (weight ${weights[k]})`, f.sent, statuses || "–", f.errors, lat.p50, lat.p99];
    });
    const sampleRows = samples.map((s) => [
      s.t,
      s.phase,
      s.rssMb,
      s.anonMb,
      s.fileMb,
      s.heapUsedMb,
      s.externalMb,
      s.answered,
    ]);
    const summaryRows = [
      ["RSS at start (MB)", samples[0]!.rssMb],
      [`RSS after warm-up: mean of t = ${warmSamples[0]?.t ?? warm.t}–${warm.t} s (MB)`, warmLevel],
      [`RSS at the end of the load, t = ${endOfLoad.t} s (MB)`, endOfLoad.rssMb],
      [`RSS after ${idleS} s idle (MB)`, afterIdle.rssMb],
      ["… against after warm-up", `${idleRatio >= 0 ? "+" : ""}${(idleRatio * 100).toFixed(1)} %`],
      ["peak RSS of the samples (MB)", peak],
      ["peak RSS, kernel high-water mark VmHWM (MB)", vmHwmMb],
      [
        `slope over the last ${((loadEnd - windowStart) / 60).toFixed(1)} min of load (MB/min, ± standard error)`,
        `${slopeMbPerMin.toFixed(2)} ± ${line.standardError.toFixed(2)}`,
      ],
      [
        "request thread heapUsed after warm-up → after idle (MB)",
        `${warm.heapUsedMb ?? "–"} → ${afterIdle.heapUsedMb ?? "–"}`,
      ],
      [
        "requests sent / dropped (over 64 in flight)",
        `${KINDS.reduce((s, k) => s + kinds[k].sent, 0)} / ${dropped}`,
      ],
      ["server CPU during the load (cores)", Math.round(serverCpuAtLoad * 100) / 100],
    ];
    const targets: TargetResult[] = [
      atMost(`RSS after ${idleS} s idle vs after warm-up`, idleRatio * 100, IDLE_TARGET * 100, "%"),
      {
        name: `RSS slope over the last ${SLOPE_WINDOW_MIN} min of load`,
        target: `<= ${SLOPE_TARGET_MB_PER_MIN} MB/min, or within 2 standard errors (${(2 * line.standardError).toFixed(2)}) of zero`,
        value: slopeMbPerMin,
        unit: "MB/min",
        pass:
          Number.isFinite(slopeMbPerMin) &&
          (slopeMbPerMin <= SLOPE_TARGET_MB_PER_MIN || slopeMbPerMin <= 2 * line.standardError),
      },
      atMost(
        `peak RSS above the level at start (budget: caches, young generations, requests in flight)`,
        peak - samples[0]!.rssMb,
        setting("SOAK_GROWTH_BUDGET_MB", "growth-budget", GROWTH_BUDGET_MB),
        "MB",
      ),
      atMost(
        "5xx answers and failed requests",
        KINDS.reduce(
          (s, k) =>
            s +
            kinds[k].errors +
            Object.entries(kinds[k].statuses).reduce(
              (n, [status, c]) => n + (Number(status) >= 500 ? c : 0),
              0,
            ),
          0,
        ),
        0,
        "answers",
      ),
    ];

    const machine = machineInfo();
    const took = (performance.now() - suiteStarted) / 1000;
    const settings = `${rate} requests/s${process.env.SOAK_MIX ? ` (mix changed: ${process.env.SOAK_MIX})` : ""}, warm-up ${warmupS} s, load ${minutes} min, idle ${idleS} s, samples every ${sampleS} s; SSR_RENDER_THREADS=${process.env.SSR_RENDER_THREADS ?? "auto"}, HTML_CACHE=${process.env.HTML_CACHE ?? "on"}${process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ""}${snapshots ? ", heap snapshots (RSS distorted)" : ""}`;
    log(
      `\n${textTable(["t (s)", "phase", "RSS MB", "anon MB", "file MB", "heapUsed MB", "external MB", "answered"], sampleRows)}`,
    );
    log(`\n${textTable(["requests", "sent", "statuses", "failed", "p50 ms", "p99 ms"], kindRows)}`);
    log(`\n${textTable(["figure", "value"], summaryRows)}`);
    if (firstError) log(`first failure: ${firstError}`);
    log(`mappings: ${JSON.stringify(maps)}`);

    const md = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node} (suite took ${took.toFixed(0)} s; load average ${loadAtStart} at the start, ${machine.loadAverage[0]} at the end). ${settings}.`,
      "",
      markdownTable(["figure", "value"], summaryRows),
      "",
      markdownTable(["requests", "sent", "statuses", "failed", "p50 ms", "p99 ms"], kindRows),
      "",
      markdownTable(
        ["t (s)", "phase", "RSS MB", "anon MB", "file MB", "heapUsed MB", "external MB", "answered"],
        sampleRows,
      ),
      "",
    ].join("\n");
    const resultFile = path.join(resultsDir, "soak.json");
    await writeFile(
      resultFile,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          machine,
          tookSeconds: took,
          settings: { rate, warmupS, minutes, idleS, sampleS, seed, port, weights, heapSnapshots },
          env: Object.fromEntries(
            [
              "SSR_RENDER_THREADS",
              "HTML_CACHE",
              "HTML_CACHE_MAX_MB",
              "CATALOG_ANSWER_CACHE_MB",
              "MALLOC_ARENA_MAX",
            ]
              .filter((k) => process.env[k] !== undefined)
              .map((k) => [k, process.env[k]]),
          ),
          figures: {
            startMb: samples[0]!.rssMb,
            afterWarmUpMb: warmLevel,
            endOfLoadMb: endOfLoad.rssMb,
            afterIdleMb: afterIdle.rssMb,
            peakSampleMb: peak,
            vmHwmMb,
            slopeMbPerMin,
            slopeStandardError: line.standardError,
            slopeWindowMin: (loadEnd - windowStart) / 60,
            dropped,
            serverCpuCores: serverCpuAtLoad,
          },
          mappings: maps,
          requests: Object.fromEntries(
            KINDS.map((k) => [
              k,
              { ...kinds[k], latencies: undefined, latency: summarize(kinds[k].latencies) },
            ]),
          ),
          firstError,
          samples,
          targets,
          idleEndSeconds: idleEnd,
        },
        null,
        2,
      )}\n`,
    );
    await writeFile(path.join(resultsDir, "soak.md"), md);
    return { targets, resultFile };
  },
};
