import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { deliver, orderBody, type PlacedOrder, paidOrder } from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * The back office's order actions through real HTTP (issue 25, docs/decisions/0045): ship, cancel,
 * refund and deliver, each idempotent, refused with 409 where the order's state does not allow it,
 * and a payment's cancel or refund settled only by Adyen's notification (the built-in gateway's).
 */

const TOKEN = "test-admin-token-fulfilment-0123456789";
let server: TestServer;
const n = Math.floor(Math.random() * 90_000) + 10_000;
const SHIRT = `T-FUL-S-${n}`;
const SHOE = `T-FUL-H-${n}`;
/** 20.13 a unit incl. VAT: the gateway declines a refund ending in 13 cents. */
const SOCKS = `T-FUL-K-${n}`;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN: TOKEN } });
  await importOwnProducts(server, TOKEN, [
    { id: 9_700_000 + n, sku: SHIRT, name: "Overhemd", qty: 1000 },
    { id: 9_800_000 + n, sku: SHOE, name: "Schoen", qty: 1000 },
    { id: 9_900_000 + n, sku: SOCKS, name: "Sokken", qty: 1000, price: 16.6364 },
  ]);
}, 120_000);
afterAll(() => server?.close());

const auth = { authorization: `Bearer ${TOKEN}` };

async function place(
  method: "ideal" | "cashondelivery",
  lines: [string, number][] = [
    [SHIRT, 2],
    [SHOE, 1],
  ],
  extra: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const cart = cartClient(server);
  const id = await cart.create();
  for (const [sku, qty] of lines) await cart.update(id, { sku, qty });
  const body = orderBody(id, method === "ideal" ? "ideal" : "cashondelivery");
  Object.assign(body.addressInformation, extra);
  const res = await server.post("/api/order", body, { headers: { "idempotency-key": randomUUID() } });
  const json = await res.json();
  if (res.status !== 200) throw new Error(JSON.stringify(json));
  return json.result;
}

const paid = async (lines?: [string, number][]) => paidOrder(server, await place("ideal", lines));

function act(order: string, action: string, body: unknown = {}, key: string = randomUUID()) {
  return server.post(`/api/admin/orders/${order}/${action}`, body, {
    headers: { ...auth, "idempotency-key": key },
  });
}

async function detail(order: string) {
  const res = await server.get(`/api/admin/orders/${order}`, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()).result;
}

const lineOf = async (order: string, sku: string): Promise<number> =>
  (await detail(order)).lines.find((l: { sku: string }) => l.sku === sku).id;

const stockOf = async (sku: string) => {
  const { rows } = await server.services.database.db.execute<{ qty: number }>(
    `select qty from stock where sku = '${sku}'`,
  );
  return Number(rows[0]!.qty);
};

/** Lets the payment modifications reach the gateway and its notifications reach the shop. */
const settle = async () => {
  await deliver(server);
  await server.services.payments.sendDueModifications();
  await deliver(server);
};

const types = (d: { timeline: { type: string }[] }) => d.timeline.map((e) => e.type);

describe("shipping", () => {
  it("ships per line and then the rest, mails the shopper a track-and-trace link each time, and completes the order", async () => {
    const order = await paid();
    const shirt = await lineOf(order.orderNumber, SHIRT);
    const first = await act(order.orderNumber, "ship", {
      carrier: "postnl",
      trackingNumber: "3SETA1234567",
      lines: [{ id: shirt, qty: 1 }],
    });
    expect(first.status).toBe(200);
    const shipped = (await first.json()).result;
    expect(shipped).toMatchObject({
      status: "processing",
      shipment: {
        carrier: "postnl",
        trackingUrl: "https://jouw.postnl.nl/track-and-trace/3SETA1234567-NL-6211CV",
      },
    });
    const rest = await act(order.orderNumber, "ship", { carrier: "dhl", trackingNumber: "JVGL0000000001" });
    expect((await rest.json()).result).toMatchObject({
      status: "complete",
      shipment: { lines: [{ qty: 1 }, { qty: 1 }] },
    });
    const d = await detail(order.orderNumber);
    expect(d.status).toBe("complete");
    expect(
      d.lines.map((l: { shipped: number; left_to_ship: number }) => [l.shipped, l.left_to_ship]),
    ).toEqual([
      [2, 0],
      [1, 0],
    ]);
    expect(types(d)).toEqual([
      "order.placed",
      "order.paid",
      "order.shipped",
      "order.shipped",
      "order.status_changed",
    ]);
    const mails = d.mails.map((m: { subject: string }) => m.subject);
    expect(mails).toEqual([
      `Bedankt voor je bestelling ${order.orderNumber}`,
      `Je bestelling ${order.orderNumber} is onderweg`,
      `Je bestelling ${order.orderNumber} is onderweg`,
    ]);
    const { rows } = await server.services.database.db.execute<{ text: string }>(
      `select text from mail_outbox where order_id = ${d.entity_id} and template = 'order-shipped' order by id`,
    );
    expect(rows[0]!.text).toContain("https://jouw.postnl.nl/track-and-trace/3SETA1234567-NL-6211CV");
    expect(rows[1]!.text).toContain("https://my.dhlecommerce.nl/home/tracktrace/JVGL0000000001/6211CV");
    // The guest's order page shows the parcels with their links.
    const guest = await server.get(
      `/api/ext/checkout/status?orderId=${order.orderNumber}&token=${encodeURIComponent(order.orderToken)}`,
    );
    expect((await guest.json()).result.shipments).toMatchObject([
      { carrier_name: "PostNL", tracking_number: "3SETA1234567", lines: [{ sku: SHIRT, qty: 1 }] },
      {
        carrier_name: "DHL",
        tracking_url: "https://my.dhlecommerce.nl/home/tracktrace/JVGL0000000001/6211CV",
      },
    ]);
    // Nothing is left: another parcel, a cancel are refused in Dutch.
    const again = await act(order.orderNumber, "ship", { carrier: "dpd", trackingNumber: "05212345678901" });
    expect(again.status).toBe(409);
    expect((await again.json()).result).toBe("Deze bestelling kan niet worden verzonden: ze is afgerond");
    const cancel = await act(order.orderNumber, "cancel");
    expect(cancel.status).toBe(409);
  });

  it("answers a retry with the same Idempotency-Key once, and refuses the key with another body", async () => {
    const order = await paid();
    const key = randomUUID();
    const body = { carrier: "dpd", trackingNumber: "05212345678901" };
    const first = await (await act(order.orderNumber, "ship", body, key)).json();
    const retry = await act(order.orderNumber, "ship", body, key);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(first);
    expect((await detail(order.orderNumber)).shipments).toHaveLength(1);
    const other = await act(order.orderNumber, "ship", { ...body, trackingNumber: "05212345678902" }, key);
    expect(other.status).toBe(409);
    expect((await other.json()).meta.errors[0].path).toBe("headers.idempotency-key");
  });

  it("sends a pick-up point order to its point: the link carries the point's postcode", async () => {
    const points = (await (await server.get("/api/ext/service-points?postcode=3511AB")).json()).result;
    const order = await place("cashondelivery", [[SHIRT, 1]], {
      shipping_method_code: "pickup",
      payment_method_additional: { service_point_code: points[0].code },
    });
    const res = await act(order.orderNumber, "ship", { carrier: "postnl", trackingNumber: "3SETA7654321" });
    expect(res.status).toBe(200);
    const postcode = String(points[0].postcode).replace(/\s/g, "");
    expect((await res.json()).result.shipment.trackingUrl).toBe(
      `https://jouw.postnl.nl/track-and-trace/3SETA7654321-NL-${postcode}`,
    );
  });

  it("refuses an unpaid order, more units than are left, an unknown line, bad input and a stranger", async () => {
    const unpaid = await place("ideal");
    const refused = await act(unpaid.orderNumber, "ship", {
      carrier: "postnl",
      trackingNumber: "3SETA1234567",
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).result).toBe(
      "Deze bestelling kan niet worden verzonden: ze is in behandeling",
    );
    const order = await paid();
    const shirt = await lineOf(order.orderNumber, SHIRT);
    const tooMany = await act(order.orderNumber, "ship", {
      carrier: "postnl",
      trackingNumber: "3SETA1234567",
      lines: [{ id: shirt, qty: 3 }],
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({
      result: `Van regel ${shirt} zijn er nog 2 over`,
      meta: { errors: [{ path: "body.lines[0].qty" }] },
    });
    const unknown = await act(order.orderNumber, "ship", {
      carrier: "postnl",
      trackingNumber: "3SETA1234567",
      lines: [{ id: 1, qty: 1 }],
    });
    expect(unknown.status).toBe(400);
    const carrier = await act(order.orderNumber, "ship", { carrier: "ups", trackingNumber: "3SETA1234567" });
    expect(carrier.status).toBe(400);
    expect((await carrier.json()).result).toMatch(/^body\.carrier: /);
    const tracking = await act(order.orderNumber, "ship", { carrier: "dhl", trackingNumber: "<script>" });
    expect(tracking.status).toBe(400);
    const noKey = await server.post(
      `/api/admin/orders/${order.orderNumber}/ship`,
      { carrier: "dhl", trackingNumber: "JVGL0000000001" },
      { headers: auth },
    );
    expect(noKey.status).toBe(400);
    const stranger = await server.post(
      `/api/admin/orders/${order.orderNumber}/ship`,
      { carrier: "dhl", trackingNumber: "JVGL0000000001" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(stranger.status).toBe(401);
    const missing = await act("999999999", "ship", { carrier: "dhl", trackingNumber: "JVGL0000000001" });
    expect(missing.status).toBe(404);
  });

  it("marks a complete order delivered once", async () => {
    const order = await paid();
    expect((await act(order.orderNumber, "deliver")).status).toBe(409);
    await act(order.orderNumber, "ship", { carrier: "dpd", trackingNumber: "05212345678901" });
    expect((await act(order.orderNumber, "deliver")).status).toBe(200);
    expect((await act(order.orderNumber, "deliver")).status).toBe(409);
    const d = await detail(order.orderNumber);
    expect(d.delivered_at).not.toBeNull();
    expect(types(d)).toContain("order.delivered");
  });
});

describe("cancelling", () => {
  it("cancels a cash-on-delivery order at once and gives its stock back", async () => {
    const before = await stockOf(SHOE);
    const order = await place("cashondelivery", [[SHOE, 2]]);
    expect(await stockOf(SHOE)).toBe(before - 2);
    const res = await act(order.orderNumber, "cancel");
    expect((await res.json()).result).toMatchObject({ status: "canceled", cancellation: "done" });
    expect(await stockOf(SHOE)).toBe(before);
    expect(types(await detail(order.orderNumber))).toEqual(["order.placed", "order.cancelled"]);
    expect((await act(order.orderNumber, "cancel")).status).toBe(409);
  });

  it("cancels a paid order through its payment: the order is cancelled, its stock back, only on the notification", async () => {
    const before = await stockOf(SHOE);
    const order = await paid([[SHOE, 1]]);
    const res = await act(order.orderNumber, "cancel");
    expect((await res.json()).result).toMatchObject({ status: "processing", cancellation: "requested" });
    await settle();
    const d = await detail(order.orderNumber);
    expect(d.status).toBe("canceled");
    expect(await stockOf(SHOE)).toBe(before);
    expect(d.modifications.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ["reversal", "succeeded"],
    ]);
    expect(types(d)).toEqual(["order.placed", "order.paid", "order.cancel_requested", "order.cancelled"]);
    expect(d.notifications.map((x: { event_code: string }) => x.event_code)).toEqual([
      "AUTHORISATION",
      "CANCEL_OR_REFUND",
    ]);
    expect((await act(order.orderNumber, "refund")).status).toBe(409);
  });
});

describe("refunding", () => {
  it("refunds a line, then the shipping, then the rest; each only once and settled by its notification", async () => {
    const order = await paid();
    const shirt = await lineOf(order.orderNumber, SHIRT);
    const key = randomUUID();
    const line = await act(
      order.orderNumber,
      "refund",
      { lines: [{ id: shirt, qty: 1 }], reason: "RETURN" },
      key,
    );
    expect(line.status).toBe(200);
    const asked = (await line.json()).result.refund;
    expect(asked).toMatchObject({ status: "requested", amountCents: 5000 });
    // A retry is the same refund, not a second one.
    const retry = await act(
      order.orderNumber,
      "refund",
      { lines: [{ id: shirt, qty: 1 }], reason: "RETURN" },
      key,
    );
    expect((await retry.json()).result.refund.id).toBe(asked.id);
    await settle();
    let d = await detail(order.orderNumber);
    expect(d.refunds.map((r: { status: string }) => r.status)).toEqual(["succeeded"]);
    // Only a failed refund is asked again.
    expect((await act(order.orderNumber, `refunds/${asked.id}/retry`)).status).toBe(409);
    expect(types(d).slice(-2)).toEqual(["order.refund_requested", "order.refunded"]);
    expect(d.lines.find((l: { id: number }) => l.id === shirt)).toMatchObject({
      refunded: 1,
      left_to_refund: 1,
    });
    const more = await act(order.orderNumber, "refund", { lines: [{ id: shirt, qty: 2 }] });
    expect(more.status).toBe(409);
    const shippingCents = d.shipping_cents as number;
    if (shippingCents > 0) {
      expect((await act(order.orderNumber, "refund", { shipping: true })).status).toBe(200);
      expect((await act(order.orderNumber, "refund", { shipping: true })).status).toBe(409);
    }
    const rest = await act(order.orderNumber, "refund", {});
    expect((await rest.json()).result.refund.amountCents).toBe(d.paid_cents - 5000 - shippingCents);
    await settle();
    d = await detail(order.orderNumber);
    expect(d.status).toBe("closed");
    expect(d.refunded_cents).toBe(d.paid_cents);
    const nothing = await act(order.orderNumber, "refund", {});
    expect(nothing.status).toBe(409);
  });

  it("changes the order only on the notification: a refund or cancel on its way counts, and blocks what would contradict it", async () => {
    const payments = server.services.payments;
    const send = payments.send;
    // Adyen unreachable for a moment: the modifications stay `requested` until the sender's next round.
    payments.send = async () => undefined;
    try {
      const order = await paid();
      const shirt = await lineOf(order.orderNumber, SHIRT);
      const line = await act(order.orderNumber, "refund", { lines: [{ id: shirt, qty: 2 }] });
      expect((await line.json()).result.refund).toMatchObject({ status: "requested", amountCents: 10_000 });
      let d = await detail(order.orderNumber);
      expect(d.status).toBe("processing");
      expect(types(d)).toEqual(["order.placed", "order.paid", "order.refund_requested"]);
      expect(d.lines.find((l: { id: number }) => l.id === shirt)).toMatchObject({
        refunded: 2,
        left_to_ship: 0,
      });
      // The rest is what is left after the refund on its way; a cancel would contradict it.
      expect((await act(order.orderNumber, "cancel")).status).toBe(409);
      const rest = await act(order.orderNumber, "refund", {});
      expect((await rest.json()).result.refund.amountCents).toBe(d.paid_cents - 10_000);

      const cancelled = await paid([[SHOE, 1]]);
      expect((await act(cancelled.orderNumber, "cancel")).status).toBe(200);
      const ship = await act(cancelled.orderNumber, "ship", {
        carrier: "dpd",
        trackingNumber: "05212345678901",
      });
      expect(ship.status).toBe(409);
      expect((await ship.json()).result).toBe("De annulering van deze bestelling is onderweg");
      expect((await detail(cancelled.orderNumber)).status).toBe("processing");
      payments.send = send;
      await settle();
      d = await detail(order.orderNumber);
      expect(d.refunds.map((r: { status: string }) => r.status)).toEqual(["succeeded", "succeeded"]);
      expect(d.status).toBe("closed");
      expect((await detail(cancelled.orderNumber)).status).toBe("canceled");
    } finally {
      payments.send = send;
    }
  });

  it("shows a refund Adyen declines, and asks it again on retry", async () => {
    const order = await paid([
      [SOCKS, 1],
      [SHIRT, 1],
    ]);
    const socks = await lineOf(order.orderNumber, SOCKS);
    const res = await act(order.orderNumber, "refund", { lines: [{ id: socks, qty: 1 }] });
    const { refund } = (await res.json()).result;
    expect(refund.amountCents % 100).toBe(13);
    await settle();
    let d = await detail(order.orderNumber);
    expect(d.refunds).toMatchObject([{ id: refund.id, status: "failed" }]);
    expect(types(d)).toContain("order.refund_failed");
    expect(d.alerts.map((a: { kind: string }) => a.kind)).toContain("modification_failed");
    expect(
      d.notifications.map((x: { event_code: string; success: boolean }) => [x.event_code, x.success]),
    ).toContainEqual(["REFUND", false]);
    // A failed refund left the line refundable: asked again, it is a new request to Adyen.
    const again = await act(order.orderNumber, `refunds/${refund.id}/retry`);
    expect(again.status).toBe(200);
    const second = (await again.json()).result.refund;
    expect(second.id).not.toBe(refund.id);
    await settle();
    d = await detail(order.orderNumber);
    expect(d.refunds.map((r: { status: string }) => r.status)).toEqual(["failed", "failed"]);
    expect(d.status).toBe("processing");
  });

  it("refuses a cash-on-delivery order and bad input", async () => {
    const order = await place("cashondelivery", [[SHIRT, 1]]);
    const res = await act(order.orderNumber, "refund", {});
    expect(res.status).toBe(409);
    expect((await res.json()).result).toBe(
      "Deze bestelling is niet online betaald: betaal haar buiten de winkel terug",
    );
    const bad = await act(order.orderNumber, "refund", { lines: [{ id: 1, qty: 0 }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result).toMatch(/^body\.lines\[0\]\.qty: /);
  });
});

describe("the order list", () => {
  it("filters by status and payment, searches by number, e-mail, name and postcode, a page at a time", async () => {
    const order = await place("cashondelivery", [[SHIRT, 1]]);
    const list = async (query: string) => {
      const res = await server.get(`/api/admin/orders?${query}`, { headers: auth });
      expect(res.status).toBe(200);
      return (await res.json()).result as { items: { increment_id: string }[]; total_count: number };
    };
    const has = (page: { items: { increment_id: string }[] }) =>
      page.items.some((o) => o.increment_id === order.orderNumber);
    expect(has(await list(`q=${order.orderNumber}`))).toBe(true);
    expect(has(await list("q=anna%40example.nl&payment=offline&status=processing&pageSize=200"))).toBe(true);
    expect(has(await list("q=Anna%20Jansen&pageSize=200"))).toBe(true);
    expect(has(await list("q=6211cv&pageSize=200"))).toBe(true);
    expect(has(await list(`q=${order.orderNumber}&payment=paid`))).toBe(false);
    expect(has(await list(`q=${order.orderNumber}&shippingMethod=postnl_standard`))).toBe(true);
    expect(has(await list(`q=${order.orderNumber}&shippingMethod=dhl`))).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect(has(await list(`q=${order.orderNumber}&from=${today}&to=${today}`))).toBe(true);
    expect(has(await list(`q=${order.orderNumber}&to=2020-01-01`))).toBe(false);
    expect((await list(`q=${order.orderNumber}&hasReturn=true`)).total_count).toBe(0);
    const page = await list("pageSize=1&page=2");
    expect(page.items).toHaveLength(1);
    expect(page.total_count).toBeGreaterThan(1);
    const bad = await server.get("/api/admin/orders?status=shipped", { headers: auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result).toMatch(/^querystring\.status/);
  });
});

describe("npm run orders", () => {
  it("ships, refunds and cancels through the admin API", async () => {
    const { runOrdersCli } = await import("../src/cli/orders.ts");
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    const env = { ADMIN_TOKEN: TOKEN };
    const shipped = await paid([[SHIRT, 2]]);
    const shirt = await lineOf(shipped.orderNumber, SHIRT);
    expect(
      await runOrdersCli(
        ["ship", shipped.orderNumber, "postnl", "3SETA1234567", "--line", `${shirt}:1`, "--url", server.url],
        env,
        io,
      ),
    ).toBe(0);
    expect(lines).toContain("Track & trace: https://jouw.postnl.nl/track-and-trace/3SETA1234567-NL-6211CV");
    expect(
      await runOrdersCli(
        ["refund", shipped.orderNumber, "--line", `${shirt}:1`, "--url", server.url],
        env,
        io,
      ),
    ).toBe(0);
    expect(lines.at(-1)).toMatch(/terugbetaling \d+ van € 50,00 gevraagd/);
    const cancelled = await place("cashondelivery", [[SHIRT, 1]]);
    expect(await runOrdersCli(["cancel", cancelled.orderNumber, "--url", server.url], env, io)).toBe(0);
    expect(lines.at(-1)).toBe(`${cancelled.orderNumber}: geannuleerd`);
    expect(await runOrdersCli(["cancel", cancelled.orderNumber, "--url", server.url], env, io)).toBe(1);
    expect(await runOrdersCli(["show", shipped.orderNumber, "--url", server.url], env, io)).toBe(0);
    expect(lines.some((l) => l.includes("zending PostNL 3SETA1234567"))).toBe(true);
    expect(await runOrdersCli(["list", "--q", shipped.orderNumber, "--url", server.url], env, io)).toBe(0);
    expect(lines.some((l) => l.startsWith(shipped.orderNumber))).toBe(true);
  });
});
