/**
 * The short speed guard .ci/run runs (issue 27 item 5), well under two minutes: the production
 * server with the HTML cache off, each page type loaded for a few seconds at 8 connections, the
 * server's CPU time per render read from /proc (it moves far less with other work on the machine
 * than requests/s does, less what it spends at rest), and the JavaScript Chromium loads for each page at 390 px before any
 * interaction. A page fails when its CPU per render is more than `ciCpuMargin` over its `ci`
 * budget in bench/budgets.json, or its JavaScript is over its budget at all (sizes are exact).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { machineInfo } from "../lib/machine.ts";
import { benchPages, cookieHeader, startStorefront } from "../lib/storefront-server.ts";
import { atMost, type Suite, type TargetResult } from "../lib/suite.ts";
import { textTable } from "../lib/table.ts";
import { browserJavaScript, launchBrowser } from "./browser-js.ts";
import { cpuMsPerRender, readBudgets } from "./budgets.ts";
import { shopperPages } from "./shopper-pages.ts";

const CONNECTIONS = 8;
const WARMUP_S = 1;
const DURATION_S = Number(process.env.GUARD_SECONDS) || 4;

export const ssrGuardSuite: Suite = {
  name: "ssr-guard",
  description: "CI's short check: CPU per uncached render and JavaScript per page against bench/budgets.json",
  async run({ resultsDir, log }) {
    const started = performance.now();
    const budgets = readBudgets();
    const server = await startStorefront();
    const rows: (string | number)[][] = [];
    const targets: TargetResult[] = [];
    const figures: Record<string, unknown>[] = [];
    try {
      log(`server ready in ${(server.startupMs / 1000).toFixed(1)} s`);
      const pages = [...(await benchPages(server.base)), ...(await shopperPages(server.base))];
      const browser = await launchBrowser();
      const js = new Map<string, number>();
      try {
        // Without the service worker: its precache of every chunk, counted when the page loads
        // slowly on a busy machine, would make an exact figure a matter of timing.
        for (const page of pages)
          js.set(
            page.name,
            (await browserJavaScript(browser, server.base + page.path, page.cookies, "block")).bodyBytes /
              1024,
          );
      } finally {
        await browser.close();
      }
      // What the server spends with no request at all (its schedulers, mail and order workers):
      // not a render's cost, and at a busy machine's few requests/s it would weigh on each.
      const idleFrom = server.cpuSeconds();
      const idleStart = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idlePerSecond = (server.cpuSeconds() - idleFrom) / ((performance.now() - idleStart) / 1000);
      log(`server at rest: ${(idlePerSecond * 1000).toFixed(1)} ms CPU per second`);
      for (const page of pages) {
        const budget = budgets.pages[page.name];
        if (!budget) throw new Error(`bench/budgets.json has no budget for ${page.name}`);
        const url = server.base + page.path;
        const headers = cookieHeader(page);
        await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers });
        const cpuBefore = server.cpuSeconds();
        const loadStart = performance.now();
        const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
        const rest = idlePerSecond * ((performance.now() - loadStart) / 1000);
        const cpuMs = cpuMsPerRender(server.cpuSeconds() - cpuBefore - rest, r.requests.total);
        const jsKb = js.get(page.name)!;
        const cpuLimit = budget.ci.cpuMsPerRender * (1 + budgets.ciCpuMargin);
        rows.push([page.name, page.path, r.requests.mean, cpuMs, cpuLimit, jsKb, budget.ci.jsGzipKb]);
        figures.push({ page, requestsPerSecond: r.requests.mean, requests: r.requests.total, cpuMs, jsKb });
        targets.push(
          atMost(`${page.name}: CPU per uncached render`, cpuMs, cpuLimit, "ms"),
          atMost(`${page.name}: JavaScript Chromium loaded (gzip)`, jsKb, budget.ci.jsGzipKb, "kB"),
          atMost(`${page.name}: non-2xx or errors`, r.non2xx + r.errors + r.timeouts, 0, "answers"),
        );
      }
    } finally {
      await server.stop();
    }
    log(
      `\n${textTable(["page", "path", "req/s", "CPU ms/render", "CPU limit", "JS gzip kB", "JS limit"], rows)}`,
    );
    const resultFile = path.join(resultsDir, "ssr-guard.json");
    const machine = machineInfo();
    const tookSeconds = (performance.now() - started) / 1000;
    log(`guard took ${tookSeconds.toFixed(0)} s (load average ${machine.loadAverage[0]})`);
    await writeFile(
      resultFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, tookSeconds, pages: figures, targets }, null, 2)}\n`,
    );
    return { targets, resultFile };
  },
};
