/**
 * Lighthouse mobile performance (issue 4 item 8): the four page types of the production server
 * (lib/storefront-server.ts), each audited three times with Lighthouse's default mobile setup
 * (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown); the median score's run gives
 * the metrics. Debian's Chromium, started here with a DevTools port (Lighthouse must not
 * download a browser), one fresh profile per suite; Lighthouse resets storage before each run.
 * Also the JavaScript each page really loaded (every script response, gzip size of the file).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { filledCart } from "../checkout/shop.ts";
import { machineInfo } from "../lib/machine.ts";
import { type BenchPage, benchPages, startStorefront } from "../lib/storefront-server.ts";
import { atLeast, atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { CHROMIUM_FLAGS } from "../ssr/browser-js.ts";
import { browserWithCart } from "./checkout-cart.ts";
import { type PwaCheck, precacheSize, pwaChecks, pwaTargets } from "./pwa.ts";

const RUNS = 3;
const SCORE_TARGET = 95;
const CLS_TARGET = 0.02;
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Script bytes as transferred (brotli from this server). */
  scriptTransferBytes: number;
  scripts: string[];
}

/** A page audited with a filled cart (issue 13: /checkout). */
interface LighthousePage {
  name: "checkout";
  path: string;
  withCart: true;
}

interface PageResult {
  page: BenchPage | LighthousePage;
  runs: RunFigures[];
  median: RunFigures;
  /** gzip -9 size of every script the median run loaded (the unit). */
  scriptGzipBytes: number;
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const executable = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  const profile = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-chromium-"));
  const child: ChildProcess = spawn(
    executable,
    [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("Chromium did not open a DevTools port in 20 s")),
      20_000,
    );
    let seen = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  return {
    port,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
}

async function audit(url: string, port: number, keepStorage = false): Promise<RunFigures> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    speedIndex: value("speed-index"),
    scriptTransferBytes: scripts.reduce((s, r) => s + Number(r.transferSize ?? 0), 0),
    scripts: scripts.map((r) => String(r.url)),
  };
}

function gzipOfScripts(urls: readonly string[], buildDir: string): number {
  let total = 0;
  for (const url of urls) {
    const file = path.join(buildDir, "client", new URL(url).pathname);
    if (!existsSync(file)) continue;
    total += existsSync(`${file}.gz`)
      ? readFileSync(`${file}.gz`).length
      : gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total;
}

const median = (runs: RunFigures[]) =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;

export const lighthouseSuite: Suite = {
  name: "lighthouse",
  description: "Lighthouse mobile performance, LCP, TBT, CLS per page type (median of 3)",
  async run({ resultsDir, log }) {
    const started = performance.now();
    // Other work on the machine moves every figure: the results say how busy it was.
    const loadAtStart = machineInfo().loadAverage[0];
    const server = await startStorefront();
    const results: PageResult[] = [];
    let lighthouseVersion = "";
    try {
      const require = createRequire(import.meta.url);
      lighthouseVersion = JSON.parse(
        readFileSync(require.resolve("lighthouse/package.json"), "utf8"),
      ).version;
    } catch {
      // the version is for the record only
    }
    let pwa: PwaCheck[] = [];
    const precache = precacheSize(server.buildDir);
    const chromium = await startChromium();
    try {
      const pages: (BenchPage | LighthousePage)[] = [
        ...(await benchPages(server.base)),
        { name: "checkout", path: "/checkout", withCart: true },
      ];
      for (const page of pages) {
        const runs: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          if ("withCart" in page) {
            const cart = await filledCart(server.base);
            await browserWithCart(chromium.port, server.base, cart);
          }
          runs.push(await audit(server.base + page.path, chromium.port, "withCart" in page));
        }
        const mid = median(runs);
        results.push({
          page,
          runs,
          median: mid,
          scriptGzipBytes: gzipOfScripts(mid.scripts, server.buildDir),
        });
        log(`${page.name}: ${runs.map((r) => r.score).join(", ")} (median ${mid.score})`);
      }
      // Issue 17: installability and the PWA checks Lighthouse 12 dropped (pwa.ts).
      pwa = await pwaChecks(server.base, chromium.port);
    } finally {
      await chromium.stop();
      await server.stop();
    }

    const header = ["page", ...results.map((r) => `${r.page.name} (${r.page.path})`)];
    const rows: (string | number)[][] = [
      ["performance score (median)", ...results.map((r) => r.median.score)],
      ["scores of the 3 runs", ...results.map((r) => r.runs.map((x) => x.score).join(", "))],
      ["FCP (ms)", ...results.map((r) => r.median.fcp)],
      ["LCP (ms)", ...results.map((r) => r.median.lcp)],
      ["TBT (ms)", ...results.map((r) => r.median.tbt)],
      ["CLS", ...results.map((r) => r.median.cls.toFixed(3))],
      ["Speed Index (ms)", ...results.map((r) => r.median.speedIndex)],
      ["scripts loaded", ...results.map((r) => r.median.scripts.length)],
      ["JS loaded, gzip (kB)", ...results.map((r) => r.scriptGzipBytes / 1024)],
      ["JS transferred, brotli (kB)", ...results.map((r) => r.median.scriptTransferBytes / 1024)],
    ];
    const targets: TargetResult[] = results.flatMap((r) => [
      atLeast(
        `${r.page.name}: Lighthouse mobile performance (median of ${RUNS})`,
        r.median.score,
        SCORE_TARGET,
        "points",
      ),
      atMost(`${r.page.name}: CLS`, r.median.cls, CLS_TARGET, ""),
    ]);
    targets.push(...pwaTargets(pwa));
    const product = results.find((r) => r.page.name === "product");
    if (product)
      targets.push(
        atMost("product page JavaScript loaded (gzip)", product.scriptGzipBytes / 1024, 120, "kB"),
      );
    const checkout = results.find((r) => r.page.name === "checkout");
    if (checkout)
      targets.push(atMost("/checkout JavaScript loaded (gzip)", checkout.scriptGzipBytes / 1024, 140, "kB"));

    const machine = machineInfo();
    const took = (performance.now() - started) / 1000;
    log(`\n${textTable(header, rows)}`);
    const pwaRows = pwa.map((c) => [c.name, c.pass ? "pass" : "FAIL", c.detail]);
    const precacheLine =
      `Service worker precache: ${precache.files} files, ${(precache.bytes / 1024).toFixed(0)} kB ` +
      `(${(precache.brotliBytes / 1024).toFixed(0)} kB as sent with brotli); sw.js ${(precache.workerBytes / 1024).toFixed(1)} kB ` +
      `(${(precache.workerBrotliBytes / 1024).toFixed(1)} kB brotli).`;
    log(`\n${textTable(["PWA check", "result", "detail"], pwaRows)}\n${precacheLine}`);
    const md = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, Lighthouse ${lighthouseVersion || "13"} ` +
        `(default mobile: emulated Moto G Power, simulated slow 4G, 4× CPU slowdown), ${RUNS} runs per page (suite took ${took.toFixed(0)} s; load average ${loadAtStart} at the start, ${machine.loadAverage[0]} at the end).`,
      "",
      markdownTable(header, rows),
      "",
      markdownTable(["PWA check", "result", "detail"], pwaRows),
      "",
      precacheLine,
      "",
    ].join("\n");
    const resultFile = path.join(resultsDir, "lighthouse.json");
    await writeFile(
      resultFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, tookSeconds: took, lighthouseVersion, pages: results, pwa, precache, targets }, null, 2)}\n`,
    );
    await writeFile(path.join(resultsDir, "lighthouse.md"), md);
    return { targets, resultFile };
  },
};
