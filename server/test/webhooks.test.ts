import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../src/paths.ts";
import { recordWebhookEvent } from "../src/services/webhooks/outbox.ts";
import { WebhookWorker } from "../src/services/webhooks/worker.ts";
import { deliver, orderMaker, type PlacedOrder, paidOrder } from "./helpers/payments.ts";
import { copyTemplate, testDatabaseUrl } from "./helpers/test-database.ts";
import { type HttpServer, startTestServer, type TestServer } from "./helpers/test-server.ts";

/*
 * Issue 25 item 4: orders reach a warehouse or ERP as Standard Webhooks from an outbox. A receiver
 * in the test checks every signature with the standardwebhooks library and counts what arrives;
 * retries wait a short schedule set for the test (WEBHOOK_RETRY_SCHEDULE), never real minutes.
 */

const ADMIN_TOKEN = "test-admin-token-webhooks-0123456789";
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=";
const LEASE_MS = 1500;

interface Received {
  id: string;
  timestamp: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
  at: number;
  answered: number | "hung" | "late";
}

/** What the receiver answers to the n-th request (from 1) carrying one webhook-id. */
type Answer = (
  payload: Received["payload"],
  nth: number,
) => number | "hang" | { after: number; status: number };

const receiver = {
  server: undefined as Server | undefined,
  url: "",
  received: [] as Received[],
  answer: (() => 204) as Answer,
  hung: [] as ServerResponse[],
};

function receive(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = request.headers as Record<string, string>;
    let verified = false;
    try {
      new Webhook(SECRET).verify(body, headers);
      verified = true;
    } catch {}
    const id = headers["webhook-id"] ?? "";
    const payload = JSON.parse(body);
    const nth = receiver.received.filter((r) => r.id === id).length + 1;
    const answer = verified ? receiver.answer(payload, nth) : 401;
    receiver.received.push({
      id,
      timestamp: headers["webhook-timestamp"] ?? "",
      body,
      payload,
      verified,
      at: Date.now(),
      answered: answer === "hang" ? "hung" : typeof answer === "object" ? "late" : answer,
    });
    if (answer === "hang") receiver.hung.push(response);
    else if (typeof answer === "object")
      setTimeout(() => response.writeHead(answer.status).end(), answer.after);
    else response.writeHead(answer).end();
  });
}

let server: TestServer;
let folder: { dataDir: string; dispose(): Promise<void> } | undefined;
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;

const start = () =>
  startTestServer({
    storefront: false,
    dataDir: folder?.dataDir,
    env: {
      ADMIN_TOKEN,
      WEBHOOK_ENDPOINTS: `${receiver.url}/erp ${SECRET} order.*`,
      WEBHOOK_RETRY_SCHEDULE: "60ms,120ms,240ms",
      WEBHOOK_LEASE_MS: String(LEASE_MS),
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_WORKER_INTERVAL_MS: "30",
    },
  });

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

beforeAll(async () => {
  receiver.server = createServer(receive);
  await new Promise<void>((resolve) => receiver.server!.listen(0, "127.0.0.1", resolve));
  const address = receiver.server.address();
  receiver.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  folder = testDatabaseUrl() ? undefined : await copyTemplate();
  server = await start();
  // Orders go to whichever server runs now (one test restarts it).
  const current: HttpServer = {
    get url() {
      return server.url;
    },
    get: (path, init) => server.get(path, init),
    post: (path, body, init) => server.post(path, body, init),
  };
  placeOrder = await orderMaker(current, ADMIN_TOKEN, "T-HOOK");
}, 120_000);

afterAll(async () => {
  for (const response of receiver.hung) response.destroy();
  await server?.close();
  await folder?.dispose();
  await new Promise((resolve) => receiver.server?.close(resolve));
});

/** The requests that told of this order's `type`. */
function requestsFor(order: PlacedOrder, type: string): Received[] {
  return receiver.received.filter(
    (r) => r.payload.type === type && r.payload.data.order_number === order.orderNumber,
  );
}

async function deliveriesOf(order: PlacedOrder, query = "") {
  const res = await server.get(`/api/admin/webhooks/deliveries?pageSize=200${query}`, { headers: admin });
  expect(res.status).toBe(200);
  const { items } = (await res.json()).result as {
    items: {
      id: number;
      webhook_id: string;
      event_type: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      payload: { data: { order_number: string } };
      attempt_log: { attempt: number; status_code: number | null; error: string | null }[];
    }[];
  };
  return items.filter((item) => item.payload.data.order_number === order.orderNumber);
}

describe("order webhooks, signed as Standard Webhooks", () => {
  it("sends order.placed and order.paid, each verified by the receiver's library, once", async () => {
    receiver.answer = () => 204;
    const order = await placeOrder("ideal");
    await expect.poll(() => requestsFor(order, "order.placed").length).toBe(1);
    const [placed] = requestsFor(order, "order.placed");
    expect(placed!.verified).toBe(true);
    expect(placed!.id).toMatch(/^msg_[\w-]+$/);
    expect(placed!.payload).toMatchObject({
      type: "order.placed",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: {
        order_number: order.orderNumber,
        status: "pending",
        customer_email: "anna@example.nl",
        currency: "EUR",
        payment_method: "ideal",
        totals: { grand_total: order.grand_total },
        lines: [expect.objectContaining({ qty: 1, name: "Betaalproduct" })],
        shipping_address: expect.objectContaining({ city: "Maastricht" }),
      },
    });
    // No secret of the order travels: its token stays the shopper's.
    expect(placed!.body).not.toContain(order.orderToken);

    await paidOrder(server, order);
    await expect.poll(() => requestsFor(order, "order.paid").length).toBe(1);
    const [paid] = requestsFor(order, "order.paid");
    expect(paid!.verified).toBe(true);
    expect(paid!.payload.data).toMatchObject({ status: "processing", paid_at: expect.any(String) });
    expect(paid!.id).not.toBe(placed!.id);

    // Rounds go by (every 30 ms): nothing is sent twice once it was acknowledged.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsFor(order, "order.placed")).toHaveLength(1);
    expect(requestsFor(order, "order.paid")).toHaveLength(1);
    // The worker writes the receiver's answer a moment after the receiver gave it.
    await expect
      .poll(async () => (await deliveriesOf(order)).every((d) => d.status === "succeeded"))
      .toBe(true);
    const deliveries = await deliveriesOf(order);
    expect(deliveries.map((d) => [d.event_type, d.status, d.attempts, d.last_status_code])).toEqual([
      ["order.paid", "succeeded", 1, 204],
      ["order.placed", "succeeded", 1, 204],
    ]);
    expect(deliveries[1]!.attempt_log).toEqual([expect.objectContaining({ attempt: 1, status_code: 204 })]);
  });

  it("sends order.shipped and order.cancelled from the order actions' own transactions", async () => {
    receiver.answer = () => 204;
    const act = (order: PlacedOrder, action: string, body: unknown = {}) =>
      server.post(`/api/admin/orders/${order.orderNumber}/${action}`, body, {
        headers: { ...admin, "idempotency-key": `${action}-${order.orderNumber}` },
      });
    const shipped = await placeOrder("ideal");
    await paidOrder(server, shipped);
    expect((await act(shipped, "ship", { carrier: "postnl", trackingNumber: "3SHOOK0000001" })).status).toBe(
      200,
    );
    await expect.poll(() => requestsFor(shipped, "order.shipped").length).toBe(1);
    expect(requestsFor(shipped, "order.shipped")[0]!.verified).toBe(true);

    const unpaid = await placeOrder("ideal");
    expect((await act(unpaid, "cancel")).status).toBe(200);
    await expect.poll(() => requestsFor(unpaid, "order.cancelled").length).toBe(1);
    expect(requestsFor(unpaid, "order.cancelled")[0]!.payload.data).toMatchObject({ status: "canceled" });
  });

  it("retries a failing receiver with backoff, with the same webhook-id and body every time", async () => {
    receiver.answer = (payload, nth) => (payload.type === "order.placed" && nth <= 2 ? 500 : 204);
    const order = await placeOrder("ideal");
    await expect.poll(() => requestsFor(order, "order.placed").at(-1)?.answered).toBe(204);
    const tries = requestsFor(order, "order.placed");
    expect(tries.map((t) => t.answered)).toEqual([500, 500, 204]);
    expect(new Set(tries.map((t) => t.id)).size).toBe(1);
    expect(new Set(tries.map((t) => t.body)).size).toBe(1);
    expect(tries.every((t) => t.verified)).toBe(true);
    // The schedule's waits (60 ms, then 120 ms), never shorter.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(55);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(115);
    // The receiver has answered; the worker writes that answer a moment later.
    await expect
      .poll(async () => (await deliveriesOf(order, "&type=order.placed"))[0]?.status)
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(order, "&type=order.placed");
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 3, webhook_id: tries[0]!.id });
    expect(delivery!.attempt_log.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 204],
    ]);
    expect(delivery!.attempt_log[0]!.error).toBe("answered HTTP 500");
  });

  it("gives up after the schedule, shows the failure, and sends it again on a retry by hand", async () => {
    receiver.answer = (payload) => (payload.type === "order.placed" ? 503 : 204);
    const order = await placeOrder("ideal");
    const failed = async () => (await deliveriesOf(order, "&status=failed&type=order.placed"))[0];
    await expect.poll(async () => (await failed())?.attempts, { timeout: 10_000 }).toBe(4);
    expect(requestsFor(order, "order.placed").map((t) => t.answered)).toEqual([503, 503, 503, 503]);
    const delivery = (await failed())!;
    expect(delivery).toMatchObject({ status: "failed", last_status_code: 503 });

    receiver.answer = () => 204;
    const retry = await server.post(
      `/api/admin/webhooks/deliveries/${delivery.id}/retry`,
      {},
      { headers: admin },
    );
    expect(retry.status).toBe(200);
    await expect.poll(() => requestsFor(order, "order.placed").at(-1)?.answered).toBe(204);
    expect(new Set(requestsFor(order, "order.placed").map((t) => t.id))).toEqual(
      new Set([delivery.webhook_id]),
    );
    await expect
      .poll(async () => (await deliveriesOf(order, "&type=order.placed"))[0]?.status)
      .toBe("succeeded");

    const again = await server.post(
      `/api/admin/webhooks/deliveries/${delivery.id}/retry`,
      {},
      { headers: admin },
    );
    expect(again.status).toBe(409);
    const unknown = await server.post(
      "/api/admin/webhooks/deliveries/2147483647/retry",
      {},
      { headers: admin },
    );
    expect(unknown.status).toBe(404);
  });

  it("hands a delivery a stopped instance held to the next one after its lease, and sends it once acknowledged", async () => {
    // The receiver takes the first request and never answers: the instance is stopped meanwhile.
    receiver.answer = (payload, nth) => (payload.type === "order.placed" && nth === 1 ? "hang" : 204);
    const order = await placeOrder("ideal");
    await expect.poll(() => requestsFor(order, "order.placed").length).toBe(1);
    const stoppedAt = Date.now();
    await server.close();
    server = await start();
    await expect
      .poll(() => requestsFor(order, "order.placed").at(-1)?.answered, { timeout: 15_000 })
      .toBe(204);
    const tries = requestsFor(order, "order.placed");
    expect(tries.map((t) => t.answered)).toEqual(["hung", 204]);
    expect(tries[0]!.id).toBe(tries[1]!.id);
    expect(tries[1]!.verified).toBe(true);
    // Not before the lease of the stopped instance ran out.
    expect(tries[1]!.at - stoppedAt).toBeGreaterThanOrEqual(LEASE_MS - 600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsFor(order, "order.placed")).toHaveLength(2);
    await expect
      .poll(async () => (await deliveriesOf(order, "&type=order.placed"))[0]?.status)
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(order, "&type=order.placed");
    expect(delivery).toMatchObject({ status: "succeeded", webhook_id: tries[0]!.id });
  });

  it("filters deliveries and refuses bad filters naming the field", async () => {
    const res = await server.get("/api/admin/webhooks/deliveries?status=sent", { headers: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/^querystring\.status/);
    const bad = await server.get("/api/admin/webhooks/deliveries?type=order.lost", { headers: admin });
    expect((await bad.json()).result).toMatch(/^querystring\.type/);
    const page = await server.get("/api/admin/webhooks/deliveries?page=1&pageSize=2&status=succeeded", {
      headers: admin,
    });
    const body = (await page.json()).result;
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.items.every((item: { status: string }) => item.status === "succeeded")).toBe(true);
    expect((await server.get("/api/admin/webhooks/deliveries")).status).toBe(401);
  });
});

describe("webhook endpoints", () => {
  it("lists WEBHOOK_ENDPOINTS' endpoint without its secret, adds, filters and removes endpoints", async () => {
    const list = async () =>
      (await (await server.get("/api/admin/webhooks/endpoints", { headers: admin })).json()).result as {
        id: number;
        url: string;
        source: string;
        events: string[];
        secret_hint: string;
      }[];
    const [configured] = await list();
    expect(configured).toMatchObject({ url: `${receiver.url}/erp`, source: "env", events: ["order.*"] });
    expect(JSON.stringify(await list())).not.toContain(SECRET.slice(6, 30));

    const added = await server.post(
      "/api/admin/webhooks/endpoints",
      { url: `${receiver.url}/returns`, events: ["return.*"], description: "Retouren" },
      { headers: admin },
    );
    expect(added.status).toBe(201);
    const { endpoint, secret } = (await added.json()).result;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ source: "admin", events: ["return.*"] });

    const twice = await server.post(
      "/api/admin/webhooks/endpoints",
      { url: `${receiver.url}/returns` },
      { headers: admin },
    );
    expect(twice.status).toBe(409);
    const badSecret = await server.post(
      "/api/admin/webhooks/endpoints",
      { url: `${receiver.url}/x`, secret: "whsec_AAAA" },
      { headers: admin },
    );
    expect(badSecret.status).toBe(400);
    expect((await badSecret.json()).result).toMatch(/^body\.secret: must encode 24 to 64 random bytes/);
    const notUrl = await server.post(
      "/api/admin/webhooks/endpoints",
      { url: "/kleding" },
      { headers: admin },
    );
    expect((await notUrl.json()).result).toMatch(/^body\.url: must be an http/);
    const badEvent = await server.post(
      "/api/admin/webhooks/endpoints",
      { url: `${receiver.url}/x`, events: ["order.lost"] },
      { headers: admin },
    );
    expect((await badEvent.json()).result).toMatch(/^body\.events\[0\]/);

    // An order is no return: the new endpoint gets nothing of it.
    receiver.answer = () => 204;
    const order = await placeOrder("ideal");
    await expect.poll(() => requestsFor(order, "order.placed").length).toBe(1);
    expect((await deliveriesOf(order)).map((d) => d.event_type)).toEqual(["order.placed"]);

    const fromEnv = await server.get(`/api/admin/webhooks/endpoints/${configured!.id}`, { headers: admin });
    expect(fromEnv.status).toBe(405);
    const removeEnv = await fetch(`${server.url}/api/admin/webhooks/endpoints/${configured!.id}`, {
      method: "DELETE",
      headers: admin,
    });
    expect(removeEnv.status).toBe(409);
    const remove = () =>
      fetch(`${server.url}/api/admin/webhooks/endpoints/${endpoint.id}`, {
        method: "DELETE",
        headers: admin,
      });
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect((await list()).map((e) => e.url)).toEqual([`${receiver.url}/erp`]);
  });
});

describe("CSV exports for accounting", () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());

  it("exports the day's orders and confirmed refunds as CSV attachments", async () => {
    receiver.answer = () => 204;
    const order = await paidOrder(server, await placeOrder("ideal"));
    const refund = await server.services.payments.refund(order.orderNumber, {
      amountCents: 150,
      reference: `${order.orderNumber}-R1`,
    });
    expect(refund.ok).toBe(true);
    await deliver(server);

    const res = await server.get(`/api/admin/exports/orders.csv?from=${today}&to=${today}`, {
      headers: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="orders-${today}-${today}.csv"`,
    );
    const lines = (await res.text()).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "order_number,created_at,status,customer_email,payment_method,paid_at,currency,subtotal_incl_tax,shipping_incl_tax,discount_amount,tax_amount,grand_total",
    );
    const row = lines.find((line) => line.startsWith(`${order.orderNumber},`))!.split(",");
    expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.slice(2, 5)).toEqual(["processing", "anna@example.nl", "ideal"]);
    expect(row[6]).toBe("EUR");
    expect(row[11]).toBe(order.grand_total.toFixed(2));

    const refunds = await server.get(`/api/admin/exports/refunds.csv?from=${today}&to=${today}`, {
      headers: admin,
    });
    expect(refunds.headers.get("content-disposition")).toContain("attachment");
    const refundLines = (await refunds.text()).trimEnd().split("\n");
    expect(refundLines[0]).toBe(
      "refund_reference,psp_reference,order_number,requested_at,refunded_at,currency,amount,reason",
    );
    const refundRow = refundLines.find((line) => line.includes(`,${order.orderNumber},`))!.split(",");
    expect(refundRow.slice(5, 7)).toEqual(["EUR", "1.50"]);

    // Another day's export does not hold it.
    const old = await server.get("/api/admin/exports/orders.csv?from=2020-01-01&to=2020-01-31", {
      headers: admin,
    });
    expect((await old.text()).trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    ["from=2026-02-30&to=2026-03-01", /^querystring\.from: must be a date that exists/],
    ["from=1-1-2026&to=2026-03-01", /^querystring\.from: must be a date YYYY-MM-DD/],
    ["from=2026-03-02&to=2026-03-01", /^querystring\.to: must not be before from/],
    ["from=2026-03-01", /^querystring\.to/],
  ])("refuses %s with a 400 naming the field", async (query, message) => {
    const res = await server.get(`/api/admin/exports/orders.csv?${query}`, { headers: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(message);
  });
});

describe("start-up", () => {
  it("the built server (npm start) refuses a bad WEBHOOK_ENDPOINTS, naming it, and exits", async () => {
    const child = spawn(process.execPath, [path.join(serverRoot, "dist", "main.js")], {
      env: {
        ...process.env,
        DATA_DIR: "/nonexistent/etalage",
        PORT: "0",
        WEBHOOK_ENDPOINTS: `${receiver.url}/erp whsec_c2VjcmV0c2VjcmV0 order.placed`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(output).toContain("WEBHOOK_ENDPOINTS: endpoint 1: the secret must encode 24 to 64 random bytes");
    expect(output).not.toContain("c2VjcmV0c2VjcmV0");
  });

  it("refuses a bad WEBHOOK_ENDPOINTS, naming the variable", async () => {
    await expect(
      startTestServer({
        storefront: false,
        dataDir: "/nonexistent",
        env: { WEBHOOK_ENDPOINTS: `${receiver.url}/erp secret` },
      }),
    ).rejects.toThrow(/WEBHOOK_ENDPOINTS: endpoint 1: the secret must start with whsec_/);
  });
});

describe("events whose actions come later", () => {
  it("are one call in the action's transaction: recordWebhookEvent(tx, type, data)", async () => {
    receiver.answer = () => 204;
    const db = server.services.database.db;
    const skipped = await db.transaction((tx) =>
      recordWebhookEvent(tx as never, "return.requested", { return_number: "R-1" }),
    );
    // No endpoint wants returns (the configured one takes order.*): nothing is kept.
    expect(skipped).toBeNull();
    const id = await db.transaction((tx) =>
      recordWebhookEvent(tx as never, "order.shipped", { order_number: "X-1", carrier: "postnl" }),
    );
    await expect.poll(() => receiver.received.filter((r) => r.id === id).length).toBe(1);
    const [shipped] = receiver.received.filter((r) => r.id === id);
    expect(shipped).toMatchObject({
      verified: true,
      payload: { type: "order.shipped", data: { carrier: "postnl" } },
    });
    // A rolled-back change sends nothing.
    let rolledBack: string | null = null;
    await db
      .transaction(async (tx) => {
        rolledBack = await recordWebhookEvent(tx as never, "order.cancelled", { order_number: "X-2" });
        throw new Error("the cancel failed");
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.some((r) => r.id === rolledBack)).toBe(false);
  });
});

describe("two instances and one delivery", () => {
  it("drops the answer of an instance whose lease passed to another: the delivery stays acknowledged", async () => {
    const db = server.services.database.db;
    const quiet = { warn() {}, error() {} };
    // Two instances' workers by hand: the first holds a lease shorter than its receiver's answer.
    await server.services.webhooks.worker.stop();
    const slow = new WebhookWorker(
      db,
      { retrySchedule: [60], leaseMs: 200, timeoutMs: 5000, intervalMs: 60_000 },
      quiet,
    );
    const other = new WebhookWorker(
      db,
      { retrySchedule: [60], leaseMs: 5000, timeoutMs: 1000, intervalMs: 60_000 },
      quiet,
    );
    receiver.answer = (_payload, nth) => (nth === 1 ? { after: 800, status: 500 } : 204);
    const id = await db.transaction((tx) =>
      recordWebhookEvent(tx as never, "order.shipped", { order_number: "X-3", carrier: "dhl" }),
    );
    const first = slow.deliverDue();
    await expect.poll(() => receiver.received.filter((r) => r.id === id).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // The lease ran out: the other instance takes the delivery, and the receiver acknowledges it.
    expect(await other.deliverDue()).toBe(1);
    await first;
    const tries = receiver.received.filter((r) => r.id === id);
    expect(tries.map((t) => t.answered)).toEqual(["late", 204]);
    const { rows } = await db.execute<{
      status: string;
      attempts: number;
      last_status_code: number;
      codes: number[];
    }>(
      `select d.status, d.attempts, d.last_status_code,
         array(select a.status_code from webhook_attempts a where a.delivery_id = d.id order by a.id) as codes
       from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.message_id = '${id}'`,
    );
    // Both attempts are on record; the late 500 did not undo the acknowledgement.
    expect(rows[0]).toMatchObject({ status: "succeeded", attempts: 1, last_status_code: 204 });
    expect([...rows[0]!.codes].sort()).toEqual([204, 500]);
    expect(await slow.deliverDue()).toBe(0);
    await slow.stop();
    await other.stop();
  });
});
