/**
 * Uncached server rendering (issue 4 item 8): requests/s, latency and size of the four page
 * types, served by the production server in a child process (lib/storefront-server.ts), with
 * autocannon in this process. Every request renders: the server has no HTML output cache. A
 * shopper's user agent (not a crawler), so the streamed path is measured; once without
 * compression (the target: rendering, not brotli) and once as a browser asks (`br, gzip`).
 * Also the JavaScript each page needs: what its document preloads plus the page chunk the URL
 * dispatcher imports (from the build), and what Chromium on a phone really downloads before the
 * shopper does anything (browser-js.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { machineInfo } from "../lib/machine.ts";
import {
  type BenchPage,
  benchPages,
  cookieHeader,
  type PageJs,
  pageJavaScript,
  type StorefrontServer,
  startStorefront,
} from "../lib/storefront-server.ts";
import { atLeast, atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { type BrowserJs, browserJavaScript, launchBrowser } from "./browser-js.ts";
import { shopperPages } from "./shopper-pages.ts";

const CONNECTIONS = 32;
const WARMUP_S = 3;
const DURATION_S = 10;
const COMPRESSED_S = 5;
const CATEGORY_TARGET_RPS = 300;
const PRODUCT_JS_TARGET_KB = 120;

const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Cores the server used during the run (1 = one full core). */
  serverCpu: number;
}

export interface PageFigures {
  page: BenchPage;
  status: number;
  htmlBytes: number;
  htmlBrotliBytes: number;
  js: PageJs;
  /** Scripts Chromium downloaded (390 px, gzip, no interaction). */
  browserJs: BrowserJs;
  plain: LoadFigures;
  compressed: LoadFigures;
}

async function load(
  server: StorefrontServer,
  page: BenchPage,
  duration: number,
  encoding?: string,
): Promise<LoadFigures> {
  const headers: Record<string, string> = {
    "user-agent": BROWSER_UA,
    accept: "text/html",
    ...cookieHeader(page),
  };
  if (encoding) headers["accept-encoding"] = encoding;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  const r = await autocannon({
    url: server.base + page.path,
    connections: CONNECTIONS,
    duration,
    headers,
  });
  const wall = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: r.requests.mean,
    latencyP50: r.latency.p50,
    latencyP99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    serverCpu: (server.cpuSeconds() - cpuBefore) / wall,
  };
}

async function measurePage(
  server: StorefrontServer,
  page: BenchPage,
  browserJs: BrowserJs,
  log: (l: string) => void,
) {
  const url = server.base + page.path;
  const plainResponse = await fetch(url, {
    headers: { "user-agent": BROWSER_UA, ...cookieHeader(page) },
    redirect: "manual",
  });
  const html = await plainResponse.text();
  const brWire = await wireSize(url, "br", cookieHeader(page));
  await load(server, page, WARMUP_S);
  const plain = await load(server, page, DURATION_S);
  const compressed = await load(server, page, COMPRESSED_S, "br, gzip");
  log(
    `${page.name}: ${plain.requestsPerSecond.toFixed(0)} req/s (br: ${compressed.requestsPerSecond.toFixed(0)}), p50 ${plain.latencyP50} ms`,
  );
  return {
    page,
    status: plainResponse.status,
    htmlBytes: Buffer.byteLength(html),
    htmlBrotliBytes: brWire,
    js: pageJavaScript(
      html,
      server.buildDir,
      page.name === "product" || page.name === "category" ? `${page.name}-page` : undefined,
    ),
    browserJs,
    plain,
    compressed,
  } satisfies PageFigures;
}

/** The compressed size as sent: undici's fetch decodes, so read the raw socket with node:http. */
async function wireSize(url: string, encoding: string, headers: Record<string, string>): Promise<number> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "user-agent": BROWSER_UA, "accept-encoding": encoding, ...headers } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

const kb = (bytes: number) => bytes / 1024;

export const ssrSuite: Suite = {
  name: "ssr",
  description: "uncached SSR requests/s, latency, HTML size and JavaScript per page type",
  async run({ resultsDir, log }) {
    const suiteStarted = performance.now();
    // Other work on the machine moves every figure: the results say how busy it was.
    const loadAtStart = machineInfo().loadAverage[0];
    const profileDir = process.env.BENCH_CPU_PROF ? path.join(resultsDir, "profiles") : undefined;
    if (profileDir) await mkdir(profileDir, { recursive: true });
    const server = await startStorefront({ profileDir });
    let pages: PageFigures[];
    try {
      log(`server ready in ${(server.startupMs / 1000).toFixed(1)} s (build ${server.buildDir})`);
      pages = [];
      const toMeasure = [...(await benchPages(server.base)), ...(await shopperPages(server.base))];
      // The browser first, on a quiet server, then the load.
      const browser = await launchBrowser();
      const loaded = new Map<string, BrowserJs>();
      try {
        for (const page of toMeasure)
          loaded.set(page.name, await browserJavaScript(browser, server.base + page.path, page.cookies));
      } finally {
        await browser.close();
      }
      for (const page of toMeasure) pages.push(await measurePage(server, page, loaded.get(page.name)!, log));
    } finally {
      await server.stop();
    }

    const header = ["page", ...pages.map((p) => `${p.page.name} (${p.page.path})`)];
    const rows: (string | number)[][] = [
      ["status", ...pages.map((p) => p.status)],
      ["requests/s (identity)", ...pages.map((p) => p.plain.requestsPerSecond)],
      ["latency p50 / p99 (ms)", ...pages.map((p) => `${p.plain.latencyP50} / ${p.plain.latencyP99}`)],
      ["server CPU (cores)", ...pages.map((p) => p.plain.serverCpu)],
      // Issue 27's unit: the server's CPU time per page it answered (budget: bench/budgets.json).
      [
        "CPU per render (ms)",
        ...pages.map((p) =>
          p.plain.requestsPerSecond > 0
            ? ((p.plain.serverCpu * 1000) / p.plain.requestsPerSecond).toFixed(1)
            : "–",
        ),
      ],
      ["requests/s (br, gzip)", ...pages.map((p) => p.compressed.requestsPerSecond)],
      [
        "latency p50 / p99 br (ms)",
        ...pages.map((p) => `${p.compressed.latencyP50} / ${p.compressed.latencyP99}`),
      ],
      [
        "non-2xx / errors",
        ...pages.map(
          (p) => `${p.plain.non2xx + p.compressed.non2xx} / ${p.plain.errors + p.compressed.errors}`,
        ),
      ],
      ["HTML (kB)", ...pages.map((p) => kb(p.htmlBytes))],
      ["HTML brotli (kB)", ...pages.map((p) => kb(p.htmlBrotliBytes))],
      ["JS to hydrate, gzip (kB)", ...pages.map((p) => kb(p.js.gzipBytes))],
      ["JS to hydrate, raw (kB)", ...pages.map((p) => kb(p.js.rawBytes))],
      ["JS chunks", ...pages.map((p) => p.js.chunks.length)],
      ["JS Chromium loaded, gzip (kB)", ...pages.map((p) => kb(p.browserJs.bodyBytes))],
      ["… with response headers (kB)", ...pages.map((p) => kb(p.browserJs.transferBytes))],
      ["JS files Chromium loaded", ...pages.map((p) => p.browserJs.scripts.length)],
    ];
    const byName = (name: BenchPage["name"]) => pages.find((p) => p.page.name === name)!;
    const targets: TargetResult[] = [
      atLeast(
        "category page SSR requests/s (uncached)",
        byName("category").plain.requestsPerSecond,
        CATEGORY_TARGET_RPS,
        "req/s",
      ),
      atMost(
        "product page JavaScript (gzip)",
        kb(byName("product").js.gzipBytes),
        PRODUCT_JS_TARGET_KB,
        "kB",
      ),
      atMost(
        "product page JavaScript Chromium loaded (gzip, 390 px, no interaction)",
        kb(byName("product").browserJs.bodyBytes),
        PRODUCT_JS_TARGET_KB,
        "kB",
      ),
      ...pages.map((p) =>
        atMost(
          `${p.page.name}: non-2xx or errors under load`,
          p.plain.non2xx + p.plain.errors + p.compressed.non2xx + p.compressed.errors,
          0,
          "answers",
        ),
      ),
    ];

    const machine = machineInfo();
    const took = (performance.now() - suiteStarted) / 1000;
    log(`\n${textTable(header, rows)}`);
    const md = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node} (suite took ${took.toFixed(0)} s; load average ${loadAtStart} at the start, ${machine.loadAverage[0]} at the end). ` +
        `autocannon ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up (br: ${COMPRESSED_S} s), a mobile browser's user agent; no HTML cache.`,
      "",
      markdownTable(header, rows),
      "",
      "**JavaScript per page (gzip kB per chunk, the build's precompressed `.gz`; lazy: imported by the URL dispatcher at hydration)**",
      "",
      ...pages.map(
        (p) =>
          `- ${p.page.name}: ${p.js.chunks.map((c) => `${c.file}${c.lazy ? " (lazy)" : ""} ${kb(c.gzipBytes).toFixed(1)}`).join(", ")}`,
      ),
      "",
      "**JavaScript Chromium downloaded (390 px, touch, `Accept-Encoding: gzip`, until the network was idle, no interaction; kB of compressed body per script)**",
      "",
      ...pages.map(
        (p) =>
          `- ${p.page.name}: ${p.browserJs.scripts.map((s) => `${s.file.replace(/^\/assets\//, "")}${s.encoding === "gzip" ? "" : ` (${s.encoding})`} ${kb(s.bodyBytes).toFixed(1)}`).join(", ")}`,
      ),
      "",
    ].join("\n");
    const resultFile = path.join(resultsDir, "ssr.json");
    await writeFile(
      resultFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, tookSeconds: took, connections: CONNECTIONS, durationSeconds: DURATION_S, pages, targets }, null, 2)}\n`,
    );
    await writeFile(path.join(resultsDir, "ssr.md"), md);
    return { targets, resultFile };
  },
};
