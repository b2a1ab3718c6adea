/**
 * Orders under crashes (issue 13 "Safety"): the production server runs as a child process on
 * 127.0.0.1 with its own data folder (PGlite there, or PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL is given) while a client places orders at a steady rate; the server is killed
 * with SIGKILL five times, each time in the middle of that traffic, and started again on the same
 * data, each kill 0–15 ms after an order request left the client (while it is on its way or
 * being written). Bounded: 5 × (4 s of traffic + a restart) plus a last 4 s.
 *
 * A client that got no answer does what a shop's client does: it sends the same Idempotency-Key
 * again once the server answers, so an order written just before a kill is answered, not placed
 * twice. Afterwards every order the client saw acknowledged must exist exactly once, complete
 * (lines and totals), and the stock left plus the units in orders must equal the starting stock.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { machineInfo } from "../lib/machine.ts";
import { type StorefrontServer, startStorefront } from "../lib/storefront-server.ts";
import { atLeast, atMost, type Suite } from "../lib/suite.ts";
import { BENCH_ADMIN_TOKEN, call, cartWith, importBenchProducts, orderBody, placeOrder } from "./shop.ts";

const KILLS = 5;
/** Order attempts started per second (each: a new cart, one line, the order). */
const RATE = Number(process.env.CHAOS_RATE ?? 4);
/** Traffic after each start before the kill, which falls at a random moment of the last second. */
const LOAD_MS = 4_000;
const FINAL_MS = 4_000;
const SKUS = 10;
const STOCK = 1_000;
/** The admin list answers at most this many orders: the run stays below it. */
const LIST_PAGE = 200;

interface Attempt {
  email: string;
  key: string;
  body?: string;
  sku: string;
  state: "acknowledged" | "refused" | "unknown" | "no cart";
  orderNumber?: string;
  /** Sent again with the same key after a restart. */
  retried: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const chaosSuite: Suite = {
  name: "chaos",
  description: "orders at a steady rate while the server is killed (SIGKILL) and restarted 5 times",
  async run({ resultsDir, log }) {
    const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";
    const database = databaseUrl ? "postgres" : "pglite";
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-chaos-"));
    const port = Number(process.env.BENCH_PORT ?? 0) || 3303;
    const base = `http://127.0.0.1:${port}`;
    const start = () =>
      startStorefront({
        port,
        dataDir,
        env: { DATABASE_URL: databaseUrl, ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ORDERS_PER_MINUTE: "100000" },
        // A busy 2-core machine seeds and recovers slowly; the figures say how slowly.
        readyWithinMs: 300_000,
      });
    const run = `CHAOS-${Date.now()}`;
    const attempts: Attempt[] = [];
    const restarts: number[] = [];
    let shop: StorefrontServer | undefined = await start();
    try {
      log(`  shop up in ${(shop.startupMs / 1000).toFixed(1)} s on ${database}, port ${port}`);
      const skus = await importBenchProducts(base, run, SKUS, STOCK);

      /** Set while a kill waits for the next order request to leave. */
      let orderSent: (() => void) | undefined;
      // One attempt: a cart, then the order; an order without an answer is retried later.
      const attempt = async (n: number) => {
        const a: Attempt = {
          email: `${run.toLowerCase()}-${n}@example.nl`,
          key: randomUUID(),
          sku: skus[n % skus.length]!,
          state: "no cart",
          retried: false,
        };
        attempts.push(a);
        let cartId: string;
        try {
          cartId = await cartWith(base, a.sku);
        } catch {
          return; // the server is down: nothing was asked to be ordered
        }
        a.body = orderBody(cartId, n % 2 === 0 ? "cashondelivery" : "ideal", a.email);
        await send(a);
      };
      const send = async (a: Attempt) => {
        try {
          const answer = placeOrder(base, a.body!, a.key, 10_000);
          orderSent?.();
          const res = await answer;
          if (res.status === 200) {
            a.state = "acknowledged";
            a.orderNumber = JSON.parse(res.text).result.orderNumber;
          } else if (res.status === 503 || res.status >= 500) a.state = "unknown";
          else {
            a.state = "refused";
            log(`  refused: ${res.status} ${res.text.slice(0, 200)}`);
          }
        } catch {
          a.state = "unknown";
        }
      };

      const retryUnanswered = async () => {
        for (const a of attempts.filter((x) => x.state === "unknown")) {
          a.retried = true;
          await send(a);
        }
      };

      // Steady traffic, `RATE` attempts a second, whether the server is up, down or starting.
      let n = 0;
      let flowing = true;
      const pending: Promise<void>[] = [];
      const traffic = (async () => {
        while (flowing) {
          pending.push(attempt(n++));
          await sleep(1000 / RATE);
        }
      })();

      for (let kill = 1; kill <= KILLS; kill++) {
        await sleep(LOAD_MS - 1000 + Math.random() * 1000);
        // The kill falls while an order is on its way or being written: the case that matters.
        await new Promise<void>((resolve) => {
          orderSent = resolve;
        });
        orderSent = undefined;
        await sleep(Math.random() * 15);
        const exited = new Promise((resolve) => shop!.child.once("exit", resolve));
        shop.child.kill("SIGKILL");
        await exited;
        const killedAt = performance.now();
        shop = await start();
        restarts.push(performance.now() - killedAt);
        log(`  kill ${kill}: restarted in ${((performance.now() - killedAt) / 1000).toFixed(1)} s`);
        await retryUnanswered();
      }
      await sleep(FINAL_MS);
      flowing = false;
      await traffic;
      await Promise.all(pending);
      await retryUnanswered();

      // What the server holds now.
      const auth = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
      // The run's orders through the operator's API: the paged, searchable list, then each order.
      type Held = {
        increment_id: string;
        status: string;
        customer_email: string;
        grand_total: number;
        totals: { grand_total?: number } | null;
        items: { sku: string; qty: number }[];
      };
      const numbers: string[] = [];
      for (let page = 1; ; page++) {
        const query = `q=${encodeURIComponent(`${run.toLowerCase()}-`)}&pageSize=${LIST_PAGE}&page=${page}`;
        const listed = await call(`${base}/api/admin/orders?${query}`, "GET", undefined, auth);
        if (listed.status !== 200)
          throw new Error(`admin orders: ${listed.status} ${listed.text.slice(0, 200)}`);
        const { items, total_count } = JSON.parse(listed.text).result as {
          items: { increment_id: string }[];
          total_count: number;
        };
        numbers.push(...items.map((o) => o.increment_id));
        if (items.length === 0 || numbers.length >= total_count) break;
      }
      const all: Held[] = [];
      for (const number of numbers) {
        const one = await call(`${base}/api/admin/orders/${number}`, "GET", undefined, auth);
        if (one.status !== 200)
          throw new Error(`admin order ${number}: ${one.status} ${one.text.slice(0, 200)}`);
        all.push(JSON.parse(one.text).result as Held);
      }
      const ours = all.filter((o) => o.customer_email.startsWith(`${run.toLowerCase()}-`));
      const byEmail = new Map<string, typeof ours>();
      for (const o of ours) byEmail.set(o.customer_email, [...(byEmail.get(o.customer_email) ?? []), o]);

      const acknowledged = attempts.filter((a) => a.state === "acknowledged");
      const missing = acknowledged.filter((a) => (byEmail.get(a.email) ?? []).length === 0);
      const duplicated = [...byEmail.values()].filter((list) => list.length > 1);
      const wrongNumber = acknowledged.filter(
        (a) => byEmail.get(a.email)?.[0]?.increment_id !== a.orderNumber,
      );
      const halfWritten = ours.filter(
        (o) =>
          o.items.length !== 1 ||
          o.items[0]!.qty !== 1 ||
          !(o.grand_total > 0) ||
          o.totals?.grand_total !== o.grand_total,
      );
      const stockLeft = (
        await Promise.all(
          skus.map(async (sku) => {
            const res = await call(`${base}/api/stock/check?sku=${encodeURIComponent(sku)}`, "GET");
            return Number(JSON.parse(res.text).result?.qty);
          }),
        )
      ).reduce((s, q) => s + q, 0);
      const sold = ours
        .filter((o) => o.status !== "canceled")
        .flatMap((o) => o.items)
        .reduce((s, i) => s + i.qty, 0);
      const startingStock = SKUS * STOCK;

      const counts = {
        attempts: attempts.length,
        noCartWhileDown: attempts.filter((a) => a.state === "no cart").length,
        acknowledged: acknowledged.length,
        acknowledgedAfterRetry: acknowledged.filter((a) => a.retried).length,
        refused: attempts.filter((a) => a.state === "refused").length,
        stillUnknown: attempts.filter((a) => a.state === "unknown").length,
        ordersInDatabase: ours.length,
        missing: missing.length,
        duplicated: duplicated.length,
        wrongNumber: wrongNumber.length,
        halfWritten: halfWritten.length,
        startingStock,
        stockLeft,
        sold,
      };
      const balanced = stockLeft + sold === startingStock;
      log(
        `  ${counts.attempts} attempts at ${RATE}/s, ${KILLS} kills: ${counts.acknowledged} acknowledged, ` +
          `${counts.noCartWhileDown} found the server down, ${counts.refused} refused, ${counts.stillUnknown} without an answer`,
      );
      log(
        `  in the database: ${counts.ordersInDatabase} orders; missing ${counts.missing}, duplicated ${counts.duplicated}, ` +
          `other number ${counts.wrongNumber}, half-written ${counts.halfWritten}`,
      );
      log(
        `  stock ${stockLeft} + sold ${sold} = ${stockLeft + sold} of ${startingStock}: ${balanced ? "balanced" : "NOT BALANCED"}`,
      );
      log(`  restarts: ${restarts.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s`);

      const problems =
        counts.missing + counts.duplicated + counts.wrongNumber + counts.halfWritten + (balanced ? 0 : 1);
      const targets = [
        atMost("chaos: lost, duplicated or half-written orders, stock imbalance", problems, 0, "problems"),
        atLeast("chaos: orders acknowledged", counts.acknowledged, 1, "orders"),
      ];
      const resultFile = path.join(resultsDir, "chaos.json");
      await writeFile(
        resultFile,
        `${JSON.stringify(
          {
            machine: machineInfo(),
            database,
            kills: KILLS,
            ratePerSecond: RATE,
            loadMsBeforeKill: LOAD_MS,
            restartMs: restarts,
            counts,
            balanced,
            examples: {
              missing: missing.slice(0, 5).map((a) => a.email),
              duplicated: duplicated.slice(0, 5).map((l) => l.map((o) => o.increment_id)),
              halfWritten: halfWritten.slice(0, 5).map((o) => o.increment_id),
            },
            targets,
          },
          null,
          2,
        )}\n`,
      );
      return { targets, resultFile };
    } finally {
      await shop?.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
