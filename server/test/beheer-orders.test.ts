import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { deliver, orderBody, type PlacedOrder, paidOrder } from "./helpers/payments.ts";
import { asStaff, type StaffSession, staffHelpers } from "./helpers/staff.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Orders in the back office through real HTTP (issue 25): the admin API's order routes behind a
 * staff session at /api/beheer/orders. Reading needs orders.read, ship/cancel/deliver
 * orders.manage, refunds orders.refund within the role's limit; every change needs the session's
 * CSRF token, is idempotent, and writes the audit log. Neither a customer's token nor
 * ADMIN_TOKEN opens it.
 */

const ADMIN_TOKEN = "test-admin-token-beheer-orders-0123456789";
/** A shirt is € 50,00: one is within klantenservice's limit, two are not. */
const LIMIT_EUR = 60;
const n = Math.floor(Math.random() * 90_000) + 10_000;
const SHIRT = `T-BOO-S-${n}`;
/** 20.13 a unit incl. VAT: the built-in gateway declines a refund ending in 13 cents. */
const SOCKS = `T-BOO-K-${n}`;

let server: TestServer;
let beheerder: Required<StaffSession>;
let klantenservice: Required<StaffSession>;
let redacteur: Required<StaffSession>;
const emails: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN, STAFF_REFUND_LIMIT_EUR: String(LIMIT_EUR) },
  });
  await importOwnProducts(server, ADMIN_TOKEN, [
    { id: 9_710_000 + n, sku: SHIRT, name: "Overhemd", qty: 1000 },
    { id: 9_910_000 + n, sku: SOCKS, name: "Sokken", qty: 1000, price: 16.6364 },
  ]);
  const staff = staffHelpers(() => server, ADMIN_TOKEN);
  for (const [role, totp] of [
    ["beheerder", true],
    ["klantenservice", false],
    ["redacteur", false],
  ] as const) {
    const who = await staff.member(role, totp);
    emails[role] = who.email;
    const session = await staff.signIn(who);
    if (role === "beheerder") beheerder = session;
    else if (role === "klantenservice") klantenservice = session;
    else redacteur = session;
  }
}, 120_000);
afterAll(() => server?.close());

async function place(method: "ideal" | "cashondelivery", lines: [string, number][]): Promise<PlacedOrder> {
  const cart = cartClient(server);
  const id = await cart.create();
  for (const [sku, qty] of lines) await cart.update(id, { sku, qty });
  const res = await server.post("/api/order", orderBody(id, method), {
    headers: { "idempotency-key": randomUUID() },
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(JSON.stringify(json));
  return json.result;
}

const paid = async (lines: [string, number][] = [[SHIRT, 2]]) =>
  paidOrder(server, await place("ideal", lines));

function act(
  who: StaffSession,
  order: string,
  action: string,
  body: unknown = {},
  key: string = randomUUID(),
): Promise<Response> {
  return server.post(`/api/beheer/orders/${order}/${action}`, body, asStaff(who, { "idempotency-key": key }));
}

async function detail(who: StaffSession, order: string) {
  const res = await server.get(`/api/beheer/orders/${order}`, asStaff(who));
  expect(res.status).toBe(200);
  return (await res.json()).result;
}

const lineOf = async (order: string, sku: string): Promise<number> =>
  (await detail(beheerder, order)).lines.find((l: { sku: string }) => l.sku === sku).id;

/** Lets the payment modifications reach the gateway and its notifications reach the shop. */
const settle = async () => {
  await deliver(server);
  await server.services.payments.sendDueModifications();
  await deliver(server);
};

async function auditOf(order: string) {
  const { rows } = await server.services.database.db.execute<{
    actor: string;
    action: string;
    details: Record<string, unknown> | null;
  }>(`select actor, action, details from staff_audit where target = 'order ${order}' order by id`);
  return rows;
}

describe("reading orders with a staff session", () => {
  it("lists with filters and search, a page at a time, and shows an order with all it went through", async () => {
    const order = await paid();
    const list = await server.get(
      `/api/beheer/orders?q=${order.orderNumber}&status=processing&payment=paid&pageSize=5`,
      asStaff(klantenservice),
    );
    expect(list.status).toBe(200);
    const page = (await list.json()).result;
    expect(page).toMatchObject({ total_count: 1, page: 1, page_size: 5 });
    expect(page.items[0]).toMatchObject({
      increment_id: order.orderNumber,
      status: "processing",
      payment_state: "paid",
      grand_total: 100,
    });
    expect(page.shipping_methods.map((m: { code: string }) => m.code)).toContain("postnl_pickup");
    const none = await server.get(
      `/api/beheer/orders?q=${order.orderNumber}&payment=refunded`,
      asStaff(klantenservice),
    );
    expect((await none.json()).result.total_count).toBe(0);
    const bad = await server.get("/api/beheer/orders?from=gisteren", asStaff(klantenservice));
    expect(bad.status).toBe(400);
    expect((await bad.json()).meta.errors[0].path).toBe("querystring.from");

    const d = await detail(klantenservice, order.orderNumber);
    expect(d.lines).toMatchObject([
      { sku: SHIRT, qty: 2, left_to_ship: 2, left_to_refund: 2, tax_percent: 21 },
    ]);
    expect(d.payment_attempts[0]).toMatchObject({ status: "authorised", pays_order: true });
    expect(d.payment_attempts[0].psp_reference).toMatch(/\w{8,}/);
    expect(d.notifications.map((x: { event_code: string }) => x.event_code)).toContain("AUTHORISATION");
    expect(d.mails.map((m: { subject: string }) => m.subject)).toEqual([
      `Bedankt voor je bestelling ${order.orderNumber}`,
    ]);
    expect(d.timeline.map((e: { type: string }) => e.type)).toEqual(["order.placed", "order.paid"]);
    // What core allows now, so the page offers only these.
    expect(d.actions).toEqual(["ship", "cancel", "refund"]);
    const missing = await server.get("/api/beheer/orders/999999999", asStaff(klantenservice));
    expect(missing.status).toBe(404);
  });
});

describe("who may", () => {
  it("refuses a customer's token, ADMIN_TOKEN and no session with 401, a redacteur with 403, a change without CSRF with 403", async () => {
    const order = await paid();
    const email = `klant-${n}@example.nl`;
    const password = "Kaasschaaf-Fietsbel-87";
    await server.post("/api/ext/tritonx/create", {
      customer: { email, firstname: "Noor", lastname: "Bakker" },
      password,
    });
    const login = await (await server.post("/api/ext/tritonx/login", { username: email, password })).json();
    const customer = { headers: { authorization: `Bearer ${login.result}` } };
    const admin = { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } };
    for (const init of [customer, admin, {}]) {
      expect((await server.get("/api/beheer/orders", init)).status).toBe(401);
      expect((await server.get(`/api/beheer/orders/${order.orderNumber}`, init)).status).toBe(401);
      const ship = await server.post(
        `/api/beheer/orders/${order.orderNumber}/ship`,
        { carrier: "postnl", trackingNumber: "3SABCD1234567" },
        {
          headers: {
            ...(init as { headers?: Record<string, string> }).headers,
            "idempotency-key": randomUUID(),
          },
        },
      );
      expect(ship.status).toBe(401);
    }
    expect((await server.get("/api/beheer/orders", asStaff(redacteur))).status).toBe(403);
    expect((await server.get(`/api/beheer/orders/${order.orderNumber}`, asStaff(redacteur))).status).toBe(
      403,
    );
    for (const action of ["ship", "cancel", "refund", "deliver"])
      expect((await act(redacteur, order.orderNumber, action, {})).status).toBe(403);
    const noCsrf = await server.post(
      `/api/beheer/orders/${order.orderNumber}/cancel`,
      {},
      asStaff({ cookie: klantenservice.cookie }, { "idempotency-key": randomUUID() }),
    );
    expect(noCsrf.status).toBe(403);
    expect((await noCsrf.json()).meta.errors[0].path).toBe("headers.x-csrf-token");
    const otherCsrf = await act(
      { cookie: klantenservice.cookie, csrf: beheerder.csrf },
      order.orderNumber,
      "cancel",
    );
    expect(otherCsrf.status).toBe(403);
    // Nothing of it reached the order.
    const d = await detail(beheerder, order.orderNumber);
    expect(d.status).toBe("processing");
    expect(d.shipments).toEqual([]);
    expect(await auditOf(order.orderNumber)).toEqual([]);
  });
});

describe("actions by staff", () => {
  it("ships a line and then the rest with the shopper mailed, once per key, each in the audit log and on the timeline", async () => {
    const order = await paid();
    const shirt = await lineOf(order.orderNumber, SHIRT);
    const key = randomUUID();
    const body = { carrier: "postnl", trackingNumber: "3SETA7654321", lines: [{ id: shirt, qty: 1 }] };
    const first = await act(klantenservice, order.orderNumber, "ship", body, key);
    expect(first.status).toBe(200);
    const answer = (await first.json()).result;
    expect(answer).toMatchObject({ status: "processing", shipment: { carrier: "postnl" } });
    // The same key again: the first answer, no second parcel, mail or audit row.
    const again = await act(klantenservice, order.orderNumber, "ship", body, key);
    expect(again.status).toBe(200);
    expect((await again.json()).result).toEqual(answer);
    const otherBody = await act(klantenservice, order.orderNumber, "ship", { ...body, carrier: "dhl" }, key);
    expect(otherBody.status).toBe(409);
    expect((await otherBody.json()).meta.errors[0].path).toBe("headers.idempotency-key");
    const missingKey = await server.post(
      `/api/beheer/orders/${order.orderNumber}/ship`,
      body,
      asStaff(klantenservice),
    );
    expect(missingKey.status).toBe(400);
    const badTracking = await act(klantenservice, order.orderNumber, "ship", {
      carrier: "postnl",
      trackingNumber: "x",
    });
    expect(badTracking.status).toBe(400);
    expect((await badTracking.json()).meta.errors[0].path).toBe("body.trackingNumber");

    const rest = await act(klantenservice, order.orderNumber, "ship", {
      carrier: "dpd",
      trackingNumber: "01234567890123",
    });
    expect((await rest.json()).result.status).toBe("complete");
    const d = await detail(klantenservice, order.orderNumber);
    expect(d.shipments).toHaveLength(2);
    expect(d.mails.filter((m: { subject: string }) => m.subject.includes("is onderweg"))).toHaveLength(2);
    expect(d.timeline.filter((e: { type: string }) => e.type === "order.shipped")).toMatchObject([
      { actor: `staff:${emails.klantenservice}` },
      { actor: `staff:${emails.klantenservice}` },
    ]);
    expect(d.actions).toEqual(["refund", "deliver"]);
    expect(await auditOf(order.orderNumber)).toEqual([
      {
        actor: emails.klantenservice,
        action: "order.shipped",
        details: { carrier: "PostNL", tracking_number: "3SETA7654321", units: 1, complete: false },
      },
      {
        actor: emails.klantenservice,
        action: "order.shipped",
        details: { carrier: "DPD", tracking_number: "01234567890123", units: 1, complete: true },
      },
    ]);

    // Delivered: once; the second time is refused.
    const delivered = await act(klantenservice, order.orderNumber, "deliver");
    expect(delivered.status).toBe(200);
    expect((await act(klantenservice, order.orderNumber, "deliver")).status).toBe(409);
    expect((await detail(klantenservice, order.orderNumber)).delivered_at).not.toBeNull();
    expect((await auditOf(order.orderNumber)).map((r) => r.action)).toEqual([
      "order.shipped",
      "order.shipped",
      "order.delivered",
    ]);
  });

  it("cancels an order paid on delivery at once, and a paid one through its payment", async () => {
    const cod = await place("cashondelivery", [[SHIRT, 1]]);
    const res = await act(klantenservice, cod.orderNumber, "cancel");
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({ status: "canceled", cancellation: "done" });
    expect(
      (
        await act(klantenservice, cod.orderNumber, "ship", {
          carrier: "dhl",
          trackingNumber: "JVGL0000000009",
        })
      ).status,
    ).toBe(409);

    const order = await paid();
    const asked = await act(klantenservice, order.orderNumber, "cancel");
    expect((await asked.json()).result).toMatchObject({ cancellation: "requested" });
    await settle();
    expect((await detail(klantenservice, order.orderNumber)).status).toBe("canceled");
    expect(await auditOf(order.orderNumber)).toEqual([
      {
        actor: emails.klantenservice,
        action: "order.cancelled",
        details: { cancellation: "requested", amount_eur: 100 },
      },
    ]);
  });
});

describe("refunds and the refund limit", () => {
  it("lets klantenservice refund up to the limit, refuses more with 403 naming it, and a beheerder refunds it", async () => {
    const order = await paid();
    const shirt = await lineOf(order.orderNumber, SHIRT);
    // Two shirts (€ 100,00) are above klantenservice's € 60,00: refused, and nothing recorded.
    const over = await act(klantenservice, order.orderNumber, "refund", { lines: [{ id: shirt, qty: 2 }] });
    expect(over.status).toBe(403);
    expect((await over.json()).result).toBe(
      "Je mag tot € 60,00 per keer terugbetalen; deze terugbetaling is € 100,00. Vraag een beheerder.",
    );
    // The whole order is above it too.
    expect((await act(klantenservice, order.orderNumber, "refund", {})).status).toBe(403);
    let d = await detail(klantenservice, order.orderNumber);
    expect(d.refunds).toEqual([]);
    expect(await auditOf(order.orderNumber)).toEqual([]);

    // One shirt (€ 50,00) is within it.
    const one = await act(klantenservice, order.orderNumber, "refund", { lines: [{ id: shirt, qty: 1 }] });
    expect(one.status).toBe(200);
    expect((await one.json()).result.refund).toMatchObject({ status: "requested", amountCents: 5000 });
    await settle();
    d = await detail(klantenservice, order.orderNumber);
    expect(d.refunds).toMatchObject([{ status: "succeeded", amount_cents: 5000 }]);
    expect(d.payment_state).toBe("authorised");
    expect(d.timeline.map((e: { type: string }) => e.type)).toContain("order.refunded");

    // A beheerder has no limit: all that is left (€ 50,00; shipping was free) in one refund.
    const rest = await act(beheerder, order.orderNumber, "refund", {});
    expect(rest.status).toBe(200);
    await settle();
    d = await detail(beheerder, order.orderNumber);
    expect(d.refunds.map((r: { status: string }) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(d.actions).not.toContain("refund");
    expect(await auditOf(order.orderNumber)).toEqual([
      {
        actor: emails.klantenservice,
        action: "order.refund_requested",
        details: { refund_id: d.refunds[0].id, amount_eur: 50, units: 1, shipping: false },
      },
      {
        actor: emails.beheerder,
        action: "order.refund_requested",
        details: { refund_id: d.refunds[1].id, amount_eur: 50, units: 1, shipping: false },
      },
    ]);
    // Refunds need orders.refund: a redacteur is refused before the amount is looked at.
    expect((await act(redacteur, order.orderNumber, "refund", {})).status).toBe(403);
  });

  it("retries a refund the payment provider declined, once per key, and writes the retry to the log", async () => {
    const order = await paid([
      [SOCKS, 1],
      [SHIRT, 1],
    ]);
    const socks = await lineOf(order.orderNumber, SOCKS);
    const res = await act(klantenservice, order.orderNumber, "refund", { lines: [{ id: socks, qty: 1 }] });
    const { refund } = (await res.json()).result;
    await settle();
    expect((await detail(klantenservice, order.orderNumber)).refunds).toMatchObject([
      { id: refund.id, status: "failed" },
    ]);
    const key = randomUUID();
    const again = await act(klantenservice, order.orderNumber, `refunds/${refund.id}/retry`, {}, key);
    expect(again.status).toBe(200);
    const second = (await again.json()).result.refund;
    expect(second.id).not.toBe(refund.id);
    const replay = await act(klantenservice, order.orderNumber, `refunds/${refund.id}/retry`, {}, key);
    expect((await replay.json()).result.refund.id).toBe(second.id);
    // Another order's refund is no refund of this one.
    const unknown = await act(klantenservice, order.orderNumber, "refunds/2147483647/retry");
    expect(unknown.status).toBe(404);
    expect((await auditOf(order.orderNumber)).map((r) => [r.action, r.details?.amount_eur])).toEqual([
      ["order.refund_requested", 20.13],
      ["order.refund_retried", 20.13],
    ]);
  });
});
