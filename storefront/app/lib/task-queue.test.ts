import "fake-indexeddb/auto";
import { CART_MESSAGES } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { createStorage } from "./storage.ts";
import {
  BAD_CONTENT_TYPE,
  CACHED_RESULTS_LIMIT,
  createTaskQueue,
  NO_ANSWER,
  type QueuedTask,
  WRONG_RESPONSE_FORMAT,
} from "./task-queue.ts";

let unique = 0;
const storage = () => createStorage(`queue-${++unique}`, { log: () => {} });

interface Call {
  url: string;
  key: string | null;
  body: unknown;
}

/** A server that records calls; `offline` makes fetch throw like a dropped connection. */
function fakeServer(answer: (call: Call) => Response = () => json(200, true)) {
  const calls: Call[] = [];
  const state = { offline: false };
  const fetch = (async (input: string, init?: RequestInit) => {
    if (state.offline) throw new TypeError("Failed to fetch");
    const headers = new Headers(init?.headers);
    const call = {
      url: String(input),
      key: headers.get("idempotency-key"),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as typeof globalThis.fetch;
  return { calls, state, fetch };
}

function json(code: number, result: unknown): Response {
  return new Response(JSON.stringify({ code, result }), {
    status: code,
    headers: { "content-type": "application/json" },
  });
}

const update = (sku: string) => ({
  url: "/api/ext/tritonx/cart/update?cartId={{cartId}}",
  method: "POST" as const,
  payload: { cartItem: { sku, qty: 1, quoteId: "{{cartId}}" } },
});

describe("task queue", () => {
  it("sends a task with the cart id filled in and an idempotency key, and forgets it once answered", async () => {
    const server = fakeServer(() => json(200, { item_id: 1 }));
    const store = storage();
    const queue = createTaskQueue({
      storage: store,
      key: "tasks",
      cartId: () => "cart_1",
      fetch: server.fetch,
    });
    const outcome = await queue.enqueue(update("A"));
    expect(outcome).toEqual({ status: "answered", code: 200, result: { item_id: 1 }, meta: undefined });
    expect(server.calls[0]?.url).toBe("/api/ext/tritonx/cart/update?cartId=cart_1");
    expect(server.calls[0]?.body).toEqual({ cartItem: { sku: "A", qty: 1, quoteId: "cart_1" } });
    expect(server.calls[0]?.key).toMatch(/.{8,}/);
    expect(queue.pending()).toEqual([]);
    expect(await store.get("tasks")).toEqual([]);
  });

  it("refuses a task needing a cart id when there is none, without sending it", async () => {
    const server = fakeServer();
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => null,
      fetch: server.fetch,
    });
    expect(await queue.enqueue(update("A"))).toEqual({
      status: "refused",
      error: CART_MESSAGES.cartIdRequired,
    });
    expect(server.calls).toHaveLength(0);
    expect(queue.pending()).toHaveLength(0);
  });

  it("keeps an unsent task through a reload and retries it with the same idempotency key", async () => {
    const store = storage();
    const server = fakeServer();
    server.state.offline = true;
    const first = createTaskQueue({ storage: store, key: "tasks", cartId: () => "c", fetch: server.fetch });
    expect(await first.enqueue(update("A"))).toEqual({ status: "waiting" });
    const [queued] = (await store.get<QueuedTask[]>("tasks")) ?? [];
    expect(queued?.attempts).toBe(1);

    server.state.offline = false;
    const reloaded = createTaskQueue({
      storage: store,
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
    });
    expect(await reloaded.drain()).toBe("done");
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.key).toBe(queued?.task_id);
    expect(await store.get("tasks")).toEqual([]);
  });

  it("a 5xx keeps the task for a retry with the same key; a 4xx is an answer", async () => {
    let status = 503;
    const server = fakeServer(() => json(status, status === 400 ? "cartItem.qty: must be above 0" : "down"));
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
    });
    expect(await queue.enqueue(update("A"))).toEqual({ status: "waiting" });
    status = 400;
    expect(await queue.drain()).toBe("done");
    expect(server.calls.map((c) => c.key)).toEqual([server.calls[0]?.key, server.calls[0]?.key]);
  });

  it("sends one task at a time, in order, even when enqueued at once", async () => {
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const fetch = (async (_url: string, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      order.push(JSON.parse(String(init?.body)).cartItem.sku);
      inFlight--;
      return json(200, true);
    }) as typeof globalThis.fetch;
    const queue = createTaskQueue({ storage: storage(), key: "tasks", cartId: () => "c", fetch });
    const skus = Array.from({ length: 20 }, (_, i) => `S${i}`);
    const outcomes = await Promise.all(skus.map((sku) => queue.enqueue(update(sku))));
    expect(outcomes.every((o) => o.status === "answered")).toBe(true);
    expect(most).toBe(1);
    expect(order).toEqual(skus);
  });

  it("a task behind a waiting one waits too and goes out after it", async () => {
    const server = fakeServer();
    server.state.offline = true;
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
    });
    await queue.enqueue(update("A"));
    expect(await queue.enqueue(update("B"))).toEqual({ status: "waiting" });
    server.state.offline = false;
    await queue.drain();
    expect(server.calls.map((c) => (c.body as { cartItem: { sku: string } }).cartItem.sku)).toEqual([
      "A",
      "B",
    ]);
  });

  it("refuses an answer that is not JSON", async () => {
    const fetch = (async () => new Response("<html>", { status: 200 })) as typeof globalThis.fetch;
    const queue = createTaskQueue({ storage: storage(), key: "tasks", cartId: () => "c", fetch });
    expect(await queue.enqueue(update("A"))).toEqual({ status: "refused", error: BAD_CONTENT_TYPE });
  });

  it("clear drops untransmitted tasks", async () => {
    const server = fakeServer();
    server.state.offline = true;
    const store = storage();
    const queue = createTaskQueue({ storage: store, key: "tasks", cartId: () => "c", fetch: server.fetch });
    await queue.enqueue(update("A"));
    await queue.clear();
    expect(queue.pending()).toEqual([]);
    expect(await store.get("tasks")).toEqual([]);
  });
  it("a task carries the spec's fields: created not transmitted, then transmitted with its result", async () => {
    const server = fakeServer(() => json(200, { item_id: 7 }));
    server.state.offline = true;
    let time = 1000;
    const settled: QueuedTask[] = [];
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
      now: () => time,
      onSettled: (task) => settled.push(task),
    });
    await queue.enqueue({ ...update("A"), callback_event: "cart-item-added" });
    expect(queue.pending()[0]).toMatchObject({
      transmited: false,
      created_at: 1000,
      callback_event: "cart-item-added",
    });
    server.state.offline = false;
    time = 2000;
    await queue.drain();
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({
      transmited: true,
      result: { item_id: 7 },
      resultCode: 200,
      created_at: 1000,
      updated_at: 2000,
      callback_event: "cart-item-added",
    });
  });

  it("a silent task's outcome is not announced", async () => {
    const server = fakeServer();
    const settled: QueuedTask[] = [];
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
      onSettled: (task) => settled.push(task),
    });
    await queue.enqueue({ ...update("A"), silent: true });
    await queue.enqueue(update("B"));
    expect(settled.map((t) => (t.payload as { cartItem: { sku: string } }).cartItem.sku)).toEqual(["B"]);
  });

  it("keeps the answer of a cacheable task only, the newest per call, and a bounded number", async () => {
    let n = 0;
    const server = fakeServer(() => json(200, { n: ++n }));
    const store = storage();
    const queue = createTaskQueue({ storage: store, key: "tasks", cartId: () => "c", fetch: server.fetch });
    await queue.enqueue({ url: "/api/stock/check?sku=A", method: "GET", is_result_cacheable: true });
    await queue.enqueue({ url: "/api/stock/check?sku=A", method: "GET", is_result_cacheable: true });
    await queue.enqueue({ url: "/api/stock/check?sku=B", method: "GET" });
    expect((await queue.cachedResult("/api/stock/check?sku=A"))?.result).toEqual({ n: 2 });
    expect(await queue.cachedResult("/api/stock/check?sku=B")).toBeUndefined();
    expect(await store.get("tasks")).toEqual([]);
    for (let i = 0; i < CACHED_RESULTS_LIMIT + 5; i++) {
      await queue.enqueue({ url: `/api/stock/check?sku=X${i}`, method: "GET", is_result_cacheable: true });
    }
    expect(await store.get<QueuedTask[]>("tasks:results")).toHaveLength(CACHED_RESULTS_LIMIT);
    expect(await queue.cachedResult("/api/stock/check?sku=A")).toBeUndefined();
  });

  it("rejects an answer without a result", async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ code: 200 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      })) as typeof globalThis.fetch;
    const queue = createTaskQueue({ storage: storage(), key: "tasks", cartId: () => "c", fetch });
    expect(await queue.enqueue(update("A"))).toEqual({ status: "refused", error: WRONG_RESPONSE_FORMAT });
    expect(queue.pending()).toEqual([]);
  });

  it("gives a task up after its maximum of unanswered sends while online; time offline does not count", async () => {
    const server = fakeServer(() => json(503, "down"));
    const state = { online: false };
    const settled: unknown[] = [];
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
      maxAttempts: 2,
      online: () => state.online,
      onSettled: (_task, outcome) => settled.push(outcome),
    });
    // The caller of enqueue hears "waiting"; the refusal comes later, to the listeners.
    expect(await queue.enqueue(update("A"))).toEqual({ status: "waiting" });
    for (let i = 0; i < 5; i++) await queue.drain();
    expect(queue.pending()[0]?.attempts).toBe(0);
    state.online = true;
    expect(await queue.drain()).toBe("waiting");
    expect(queue.pending()[0]?.attempts).toBe(1);
    expect(await queue.drain()).toBe("done");
    expect(settled).toEqual([{ status: "refused", error: NO_ANSWER }]);
    expect(queue.pending()).toEqual([]);
  });

  it("tells how many tasks wait, as it changes", async () => {
    const server = fakeServer();
    server.state.offline = true;
    const counts: number[] = [];
    const queue = createTaskQueue({
      storage: storage(),
      key: "tasks",
      cartId: () => "c",
      fetch: server.fetch,
      onPendingChange: (n) => counts.push(n),
    });
    await queue.enqueue(update("A"));
    await queue.enqueue(update("B"));
    server.state.offline = false;
    await queue.drain();
    expect(counts).toEqual([1, 2, 1, 0]);
  });
});
