import "fake-indexeddb/auto";
import { OFFLINE_ORDER_MESSAGES } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { createStorage } from "../../lib/storage.ts";
import { watchOfflineOrders } from "./offline-order-watch.ts";
import { createOfflineOrders, type OfflineOrder, type OfflineOrderResult } from "./offline-orders.ts";

let unique = 0;
const storage = () => createStorage(`offline-orders-${++unique}`, { log: () => {} });

/**
 * A server with POST /api/order's contract: one order per Idempotency-Key (a repeat answers the
 * first answer), 409 with the skus when stock is short; `offline` drops the connection.
 */
function orderServer(options: { stock?: Record<string, number> } = {}) {
  const stock = { ...options.stock };
  const answers = new Map<string, { status: number; body: unknown }>();
  const state = { offline: false, posts: 0, orders: 0, delayMs: 0 };
  const fetch = (async (_url: string, init?: RequestInit) => {
    if (state.offline) throw new TypeError("Failed to fetch");
    state.posts++;
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    const key = new Headers(init?.headers).get("idempotency-key") ?? "";
    let answer = answers.get(key);
    if (!answer) {
      const body = JSON.parse(String(init?.body)) as { products: { sku: string; qty: number }[] };
      const short = body.products.filter((p) => (stock[p.sku] ?? 99) < p.qty).map((p) => p.sku);
      if (short.length > 0) {
        answer = { status: 409, body: { code: 409, result: "Out of stock", meta: { skus: short } } };
      } else {
        state.orders++;
        answer = {
          status: 200,
          body: { code: 200, result: { orderNumber: `10000${state.orders}`, status: "processing" } },
        };
      }
      answers.set(key, answer);
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof globalThis.fetch;
  return { state, fetch };
}

const order = (id: string, sku = "A", qty = 1) => ({
  order_id: id,
  cart_id: "cart_1",
  products: [{ sku, qty }],
  addressInformation: { payment_method_code: "cashondelivery" },
});

describe("offline orders", () => {
  it("keeps an order made offline and places it exactly once when sent, with its id as the key", async () => {
    const server = orderServer();
    server.state.offline = true;
    const settled: OfflineOrderResult[] = [];
    const orders = createOfflineOrders({
      storage: storage(),
      fetch: server.fetch,
      onSettled: (r) => settled.push(r),
    });
    await orders.store(order("o-1"), [{ sku: "A", qty: 1 }]);
    expect((await orders.send())[0]?.outcome).toEqual({ kind: "waiting" });
    expect(await orders.waiting()).toMatchObject([{ order_id: "o-1", attempts: 1, transmited: false }]);

    server.state.offline = false;
    const [result] = await orders.send();
    expect(result?.outcome).toMatchObject({ kind: "placed", order: { orderNumber: "100001" } });
    expect(settled).toHaveLength(1);
    expect(await orders.waiting()).toEqual([]);
    expect(server.state.orders).toBe(1);
    expect(await orders.send()).toEqual([]);
  });

  it("an answer lost on the way is asked again with the same key and is still one order", async () => {
    const server = orderServer();
    const base = server.fetch;
    let lose = true;
    const losing = (async (url: string, init?: RequestInit) => {
      const response = await base(url, init);
      if (lose) {
        lose = false;
        throw new TypeError("connection reset");
      }
      return response;
    }) as typeof globalThis.fetch;
    const orders = createOfflineOrders({ storage: storage(), fetch: losing });
    await orders.store(order("o-lost"), []);
    expect((await orders.send())[0]?.outcome.kind).toBe("waiting");
    expect((await orders.send())[0]?.outcome).toMatchObject({
      kind: "placed",
      order: { orderNumber: "100001" },
    });
    expect(server.state.posts).toBe(2);
    expect(server.state.orders).toBe(1);
  });

  it("two tabs sending at once send each order once", async () => {
    const server = orderServer();
    server.state.delayMs = 20;
    const shared = storage();
    const tabA = createOfflineOrders({ storage: shared, fetch: server.fetch });
    const tabB = createOfflineOrders({ storage: shared, fetch: server.fetch });
    await tabA.store(order("o-2"), []);
    await tabA.store(order("o-3"), []);
    const [a, b] = await Promise.all([tabA.send(), tabB.send()]);
    expect([...a, ...b].map((r) => r.order.order_id).sort()).toEqual(["o-2", "o-3"]);
    expect(server.state.posts).toBe(2);
    expect(server.state.orders).toBe(2);
  });

  it("an order the server refuses for stock is not placed, says why and gives its lines back", async () => {
    const server = orderServer({ stock: { A: 0 } });
    const orders = createOfflineOrders({ storage: storage(), fetch: server.fetch });
    const lines = [{ sku: "A", qty: 1, name: "Canvas riem" }];
    await orders.store(order("o-4"), lines);
    const [result] = await orders.send();
    expect(result?.outcome).toEqual({
      kind: "refused",
      message: OFFLINE_ORDER_MESSAGES.outOfStock,
      skus: ["A"],
    });
    expect(result?.order.cart_items).toEqual(lines);
    expect(await orders.waiting()).toEqual([]);
    expect(server.state.orders).toBe(0);
  });

  it("an order whose cart changed meanwhile is refused unsent; a check without an answer keeps it", async () => {
    const server = orderServer();
    const settled: OfflineOrderResult[] = [];
    let answer: "changed" | "same" | "offline" = "changed";
    const orders = createOfflineOrders({
      storage: storage(),
      fetch: server.fetch,
      onSettled: (r) => settled.push(r),
      check: async () => {
        if (answer === "offline") throw new TypeError("Failed to fetch");
        return answer === "changed" ? { kind: "refused", message: OFFLINE_ORDER_MESSAGES.changed } : null;
      },
    });
    await orders.store(order("o-changed"), [{ sku: "A", qty: 1 }]);
    answer = "offline";
    expect((await orders.send()).map((r) => r.outcome.kind)).toEqual(["waiting"]);
    expect(await orders.waiting()).toHaveLength(1);
    answer = "changed";
    const [result] = await orders.send();
    expect(result?.outcome).toEqual({ kind: "refused", message: OFFLINE_ORDER_MESSAGES.changed });
    expect(settled).toHaveLength(1);
    expect(server.state.posts).toBe(0);
    expect(await orders.waiting()).toEqual([]);

    answer = "same";
    await orders.store(order("o-same"), [{ sku: "A", qty: 1 }]);
    expect((await orders.send()).map((r) => r.outcome.kind)).toEqual(["placed"]);
    expect(server.state.posts).toBe(1);
  });

  it("storing the same order twice keeps one; a discarded order is never sent", async () => {
    const server = orderServer();
    const orders = createOfflineOrders({ storage: storage(), fetch: server.fetch });
    await orders.store(order("o-5"), []);
    await orders.store(order("o-5"), []);
    await orders.store(order("o-6"), []);
    expect((await orders.waiting()).map((o) => o.order_id)).toEqual(["o-5", "o-6"]);
    await orders.discard("o-5");
    const results = await orders.send();
    expect(results.map((r) => r.order.order_id)).toEqual(["o-6"]);
    expect(server.state.posts).toBe(1);
  });

  it("back online: sends without asking when configured so, otherwise asks once", async () => {
    const server = orderServer();
    const events = new EventTarget();
    const asked: OfflineOrder[][] = [];
    const confirmMode = createOfflineOrders({ storage: storage(), fetch: server.fetch });
    await confirmMode.store(order("o-7"), []);
    const stop = watchOfflineOrders(confirmMode, {
      mode: "confirm",
      events,
      online: () => false,
      announce: (waiting) => asked.push(waiting),
    });
    events.dispatchEvent(new Event("online"));
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]?.map((o) => o.order_id)).toEqual(["o-7"]);
    expect(server.state.posts).toBe(0);
    stop();

    const sent: OfflineOrderResult[][] = [];
    const autoMode = createOfflineOrders({ storage: storage(), fetch: server.fetch });
    await autoMode.store(order("o-8"), []);
    watchOfflineOrders(autoMode, {
      mode: "auto",
      events: new EventTarget(),
      online: () => true,
      onSent: (r) => sent.push(r),
    });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]?.[0]?.outcome.kind).toBe("placed");
    expect(await autoMode.waiting()).toEqual([]);
  });
});
