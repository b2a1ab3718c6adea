/**
 * Placing an order (issue 13): 50 concurrent shoppers, each in a loop of filling a new cart
 * (untimed) and `POST /api/order` (timed), alternately cash on delivery and iDEAL; for iDEAL the
 * answer is the order with its redirect, the payment pages after it are not part of the figure.
 * The production server (`server/dist/main.js`) runs as a child process on PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is given, else on PGlite in a throw-away folder; its products
 * are the benchmark's own, so a shared database's demo stock stays as it was.
 *
 * Two runs, as in the cart suite. "50 shoppers": 0.5–1.5 s between a shopper's orders, the target
 * (p95 <= 50 ms) is for this run; "saturated": the same 50 without pause, which measures capacity
 * (in a closed loop latency is then concurrency / throughput, so no target). Afterwards the stock
 * left plus the units of the orders the shoppers saw placed must equal the starting stock.
 *
 * Also the JavaScript of `/checkout` with a filled cart: what the document preloads (the build's
 * gzip files) and what Chromium on a phone downloads before the shopper does anything (<= 140 kB
 * gzip).
 */
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { machineInfo } from "../lib/machine.ts";
import { type Latency, summarize } from "../lib/stats.ts";
import { pageJavaScript, startStorefront } from "../lib/storefront-server.ts";
import { atMost, type Suite } from "../lib/suite.ts";
import { markdownTable, textTable } from "../lib/table.ts";
import { browserJavaScript, launchBrowser } from "../ssr/browser-js.ts";
import { BENCH_ADMIN_TOKEN, call, cartWith, importBenchProducts, orderBody, placeOrder } from "./shop.ts";

const CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 0) || undefined;
const WARMUP_MS = 3_000;
const PACED_MS = 20_000;
const SATURATED_MS = 10_000;
const THINK_MS: readonly [number, number] = [500, 1500];
const STOCK = 1_000_000;
const TARGET_P95_MS = 50;
const TARGET_JS_KB = 140;

interface Samples {
  order: number[];
  failures: number;
  /** Order requests without an answer (timed out): placed or not, the client cannot tell. */
  unanswered: number;
  firstFailure?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function shopper(
  base: string,
  skus: readonly string[],
  offset: number,
  until: number,
  out: Samples,
  think: readonly [number, number] | null,
) {
  if (think) await sleep(((offset * 37) % 100) * 10);
  for (let i = 0; performance.now() < until; i++) {
    if (think && i > 0)
      await sleep(think[0] + (((offset * 131 + i * 71) % 1000) / 1000) * (think[1] - think[0]));
    try {
      const cartId = await cartWith(base, skus[(offset * 7 + i) % skus.length]!);
      const body = orderBody(cartId, (offset + i) % 2 === 0 ? "cashondelivery" : "ideal");
      const t0 = performance.now();
      const placed = await placeOrder(base, body, randomUUID()).catch((error: Error) => {
        out.unanswered++;
        throw error;
      });
      const elapsed = performance.now() - t0;
      if (placed.status !== 200) {
        out.failures++;
        out.firstFailure ??= `${placed.status} ${placed.text.slice(0, 200)}`;
        continue;
      }
      out.order.push(elapsed);
    } catch (error) {
      // A timed-out request is a failure of the run, counted and shown, not the end of it.
      out.failures++;
      out.firstFailure ??= (error as Error).message;
    }
  }
}

async function run(
  base: string,
  skus: readonly string[],
  ms: number,
  think: readonly [number, number] | null,
) {
  const samples: Samples = { order: [], failures: 0, unanswered: 0 };
  const until = performance.now() + ms;
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => shopper(base, skus, c, until, samples, think)));
  return { samples, wallMs: performance.now() - started };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export const checkoutSuite: Suite = {
  name: "checkout",
  description: "place-order p95 with 50 concurrent shoppers, /checkout JavaScript (gzip)",
  async run({ resultsDir, log }) {
    const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";
    const shop = await startStorefront({
      ...(PORT ? { port: PORT } : {}),
      readyWithinMs: 300_000,
      env: {
        DATABASE_URL: databaseUrl,
        ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
        // Every shopper comes from 127.0.0.1 here: the per-address limit would refuse them.
        ORDERS_PER_MINUTE: "100000",
      },
    });
    const database = databaseUrl ? "postgres" : "pglite";
    try {
      log(`  shop up in ${(shop.startupMs / 1000).toFixed(1)} s on ${database}`);
      const prefix = `BENCH-CO-${Date.now()}`;
      const skus = await importBenchProducts(shop.base, prefix, 50, STOCK);

      const warmup = await run(shop.base, skus, WARMUP_MS, null);
      const cpu0 = shop.cpuSeconds();
      const paced = await run(shop.base, skus, PACED_MS, THINK_MS);
      const cpu1 = shop.cpuSeconds();
      const saturated = await run(shop.base, skus, SATURATED_MS, null);
      const cpu2 = shop.cpuSeconds();

      // Nothing sold twice or lost: stock left + the units of every order the shoppers were told
      // was placed (one each) = what was imported.
      const inStock = await Promise.all(
        skus.map(async (sku) => {
          const res = await call(`${shop.base}/api/stock/check?sku=${encodeURIComponent(sku)}`, "GET");
          return Number(JSON.parse(res.text).result?.qty ?? Number.NaN);
        }),
      );
      const placedTotal = [warmup, paced, saturated].reduce((n, r) => n + r.samples.order.length, 0);
      const left = inStock.reduce((s, q) => s + q, 0);
      const unanswered = [warmup, paced, saturated].reduce((n, r) => n + r.samples.unanswered, 0);
      // An order whose answer timed out may have been placed: it may account for a unit each.
      const unaccounted = STOCK * skus.length - left - placedTotal;
      const balanced = unaccounted >= 0 && unaccounted <= unanswered;

      // /checkout with a filled cart, as a shopper arrives there.
      const cartId = await cartWith(shop.base, skus[0]!);
      const html = await (
        await fetch(`${shop.base}/checkout`, { headers: { cookie: `etalage_cart=${cartId}` } })
      ).text();
      if (!html.includes("Benchmarkschoen")) throw new Error("/checkout did not show the filled cart");
      const js = pageJavaScript(html, shop.buildDir);
      const browser = await launchBrowser();
      const loaded = await browserJavaScript(
        browser,
        `${shop.base}/checkout`,
        [{ name: "etalage_cart", value: cartId }],
        "block",
      ).finally(() => browser.close());

      const rows: [string, Latency][] = [
        [`${CLIENTS} shoppers: POST /api/order`, summarize(paced.samples.order)],
        ["saturated: POST /api/order", summarize(saturated.samples.order)],
      ];
      const header = ["run: call", "runs", "p50 ms", "p95 ms", "p99 ms", "max ms"];
      const table = rows.map(([name, l]) => [name, l.runs, l.p50, l.p95, l.p99, l.max]);
      log(textTable(header, table));
      const rate = (r: { samples: Samples; wallMs: number }) => r.samples.order.length / (r.wallMs / 1000);
      const summary = [
        `${CLIENTS} shoppers: ${rate(paced).toFixed(1)} orders/s, ${paced.samples.failures} failed, server CPU ${((cpu1 - cpu0) / (paced.wallMs / 1000)).toFixed(2)} cores`,
        `saturated: ${rate(saturated).toFixed(1)} orders/s, ${saturated.samples.failures} failed, server CPU ${((cpu2 - cpu1) / (saturated.wallMs / 1000)).toFixed(2)} cores`,
        `stock ${left} + sold ${placedTotal} = ${left + placedTotal} of ${STOCK * skus.length} (${unanswered} orders unanswered): ${balanced ? "balanced" : "NOT BALANCED"}`,
        `/checkout JavaScript: ${kb(js.gzipBytes)} kB gzip preloaded by the document, ${kb(loaded.bodyBytes)} kB gzip loaded by Chromium (390 px, no interaction, service worker blocked)`,
      ];
      for (const line of summary) log(`  ${line}`);
      const firstFailure = paced.samples.firstFailure ?? saturated.samples.firstFailure;
      if (firstFailure) log(`  first failure: ${firstFailure}`);
      if (!balanced) throw new Error("stock and sold units do not add up to the starting stock");

      const targets = [
        atMost(`place order p95, ${CLIENTS} shoppers (${database})`, rows[0]![1].p95, TARGET_P95_MS, "ms"),
        atMost("/checkout JavaScript loaded (gzip)", kb(loaded.bodyBytes), TARGET_JS_KB, "kB"),
      ];
      const resultFile = path.join(resultsDir, "checkout.json");
      await writeFile(
        resultFile,
        `${JSON.stringify(
          {
            machine: machineInfo(),
            database,
            clients: CLIENTS,
            thinkMs: THINK_MS,
            payments: ["cashondelivery", "ideal (order and redirect answer only)"],
            runs: Object.fromEntries(
              (
                [
                  [rows[0]![0], paced, cpu1 - cpu0],
                  [rows[1]![0], saturated, cpu2 - cpu1],
                ] as const
              ).map(([name, r, cpu]) => [
                name,
                {
                  durationMs: r.wallMs,
                  ordersPerSecond: rate(r),
                  failures: r.samples.failures,
                  serverCpu: cpu / (r.wallMs / 1000),
                  latency: summarize(r.samples.order),
                },
              ]),
            ),
            stock: { start: STOCK * skus.length, left, sold: placedTotal, unanswered, balanced },
            checkoutJavaScript: {
              preloadedGzipKb: kb(js.gzipBytes),
              loadedGzipKb: kb(loaded.bodyBytes),
              chunks: js.chunks,
              loaded: loaded.scripts,
            },
            targets,
          },
          null,
          2,
        )}\n`,
      );
      await writeFile(
        path.join(resultsDir, "checkout.md"),
        `${markdownTable(header, table)}\n\n${summary.join("; ")}; database ${database}.\n`,
      );
      return { targets, resultFile };
    } finally {
      await shop.stop();
    }
  },
};
