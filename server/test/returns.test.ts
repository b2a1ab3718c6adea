import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartClient, giftCardTo } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { deliver, orderBody, type PlacedOrder, paidOrder } from "./helpers/payments.ts";
import { staffHelpers } from "./helpers/staff.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Returns through real HTTP (issue 25 item 3, docs/decisions/0049): a shopper (guest with the
 * order's token, or signed-in customer) asks a return of a delivered order within 30 days, gets its
 * number, label and mail; staff receive it (restocking what is as new), refund it through the
 * payment provider (settled by its REFUND notification) or reject it. Webhooks go out for both.
 */

const ADMIN_TOKEN = "test-admin-token-returns-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const CUSTOMER_PASSWORD = "Kaasschaaf-Fietsbel-87";
const n = Math.floor(Math.random() * 90_000) + 10_000;
/** € 50,00 a unit incl. VAT. */
const SHIRT = `T-RET-S-${n}`;
const SHOE = `T-RET-H-${n}`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN, PUBLIC_URL: "https://shop.example.nl", STAFF_REFUND_LIMIT_EUR: "60" },
  });
  await importOwnProducts(server, ADMIN_TOKEN, [
    { id: 9_500_000 + n, sku: SHIRT, name: "Retouroverhemd", qty: 100 },
    { id: 9_550_000 + n, sku: SHOE, name: "Retourschoen", qty: 100 },
  ]);
  const hook = await server.post(
    "/api/admin/webhooks/endpoints",
    { url: "http://127.0.0.1:9/returns", events: ["return.*"] },
    { headers: admin },
  );
  expect(hook.status, await hook.clone().text()).toBe(201);
}, 120_000);
afterAll(() => server?.close());

const sql = async <T extends Record<string, unknown>>(text: string) =>
  (await server.services.database.db.execute<T>(text)).rows;

async function place(lines: [string, number][], extra: Record<string, unknown>[] = [], headers = {}) {
  const cart = cartClient(server);
  const init = { headers };
  const id = await cart.create(init);
  for (const [sku, qty] of lines) expect((await cart.update(id, { sku, qty }, init)).status).toBe(200);
  for (const item of extra) expect((await cart.update(id, item, init)).status).toBe(200);
  const res = await server.post("/api/order", orderBody(id, "ideal"), {
    headers: { "idempotency-key": randomUUID(), ...headers },
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(JSON.stringify(json));
  return paidOrder(server, json.result as PlacedOrder);
}

function adminAct(order: string, action: string, body: unknown = {}) {
  return server.post(`/api/admin/orders/${order}/${action}`, body, {
    headers: { ...admin, "idempotency-key": randomUUID() },
  });
}

/** Ships everything and marks it delivered, as the warehouse and the carrier would. */
async function delivered(order: PlacedOrder) {
  expect(
    (await adminAct(order.orderNumber, "ship", { carrier: "postnl", trackingNumber: "3SRET1234567" })).status,
  ).toBe(200);
  expect((await adminAct(order.orderNumber, "deliver")).status).toBe(200);
  return order;
}

const tokenQuery = (order: PlacedOrder) => `token=${encodeURIComponent(order.orderToken)}`;

const returnable = async (order: PlacedOrder, init?: RequestInit) =>
  server.get(`/api/returns/orders/${order.orderNumber}?${tokenQuery(order)}`, init);

async function lineIds(order: PlacedOrder) {
  const body = await (await returnable(order)).json();
  return Object.fromEntries(
    body.result.lines.map((l: { sku: string; id: number }) => [l.sku, l.id]),
  ) as Record<string, number>;
}

function ask(order: string, body: Record<string, unknown>, key = randomUUID(), headers = {}) {
  return server.post(`/api/returns/orders/${order}`, body, {
    headers: { "idempotency-key": key, ...headers },
  });
}

async function stockOf(sku: string) {
  return Number((await sql<{ qty: number }>(`select qty from stock where sku = '${sku}'`))[0]!.qty);
}

const events = (type: string, number: string) =>
  sql<{ body: string }>(
    `select body from webhook_events where type = '${type}' and body like '%"return_number":"${number}"%'`,
  );

describe("a guest's return", () => {
  it("lists what may go back, takes a return once per key, answers its label and mails it", async () => {
    const order = await delivered(
      await place([
        [SHIRT, 2],
        [SHOE, 1],
      ]),
    );
    const view = (await (await returnable(order)).json()).result;
    expect(view.window).toMatchObject({ open: true, message: null });
    expect(view.reasons).toContain("too_small");
    expect(view.lines.map((l: { sku: string; returnable: number }) => [l.sku, l.returnable])).toEqual([
      [SHIRT, 2],
      [SHOE, 1],
    ]);
    const ids = await lineIds(order);
    const key = randomUUID();
    const body = { token: order.orderToken, lines: [{ id: ids[SHIRT], qty: 1, reason: "too_small" }] };
    const first = await ask(order.orderNumber, body, key);
    const made = await first.json();
    expect(first.status, JSON.stringify(made)).toBe(200);
    const number = `R${order.orderNumber}-1`;
    expect(made.result).toMatchObject({
      number,
      status: "requested",
      status_label: "Aangemeld",
      label_url: `/retour/${number}?${tokenQuery(order)}`,
      lines: [{ sku: SHIRT, units: 1, reason: "too_small" }],
    });
    // The same key answers the same return; nothing is written twice.
    const again = await ask(order.orderNumber, body, key);
    expect((await again.json()).result.number).toBe(number);
    expect(await sql(`select id from returns where number like 'R${order.orderNumber}-%'`)).toHaveLength(1);

    const after = (await (await returnable(order)).json()).result;
    expect(after.lines[0]).toMatchObject({ sku: SHIRT, returnable: 1 });
    expect(after.returns).toMatchObject([{ number, status: "requested" }]);

    const label = await server.get(`/api/returns/${number}?${tokenQuery(order)}`);
    expect((await label.json()).result).toMatchObject({
      number,
      order_number: order.orderNumber,
      sender: ["Anna Jansen", "Grote Staat 3", "6211 CV Maastricht", "Nederland"],
      return_address: ["Etalage B.V. Retouren", "Oudegracht 112", "3511 AX Utrecht"],
      lines: [{ sku: SHIRT, units: 1, reason_label: "Te klein" }],
    });
    expect((await server.get(`/api/returns/${number}`)).status).toBe(404);
    expect((await server.get(`/api/returns/${number}?token=wrong`)).status).toBe(404);

    const [mail] = await sql<{ subject: string; text: string }>(
      `select subject, text from mail_outbox where template = 'return-requested' and subject like '%${number}%'`,
    );
    expect(mail?.subject).toBe(`Je retour ${number} is aangemeld`);
    expect(mail?.text).toContain(`https://shop.example.nl/retour/${number}?${tokenQuery(order)}`);
    expect(mail?.text).toContain("1 × Retouroverhemd (Te klein)");

    const [event] = await events("return.requested", number);
    expect(JSON.parse(event!.body)).toMatchObject({
      type: "return.requested",
      data: {
        return_number: number,
        order_number: order.orderNumber,
        status: "requested",
        customer_email: "anna@example.nl",
        lines: [{ sku: SHIRT, units: 1, reason: "too_small", received_units: null }],
      },
    });
  });

  it("refuses more units than are left, a wrong token, an order not delivered, a passed window, a gift card", async () => {
    const order = await delivered(await place([[SHIRT, 1]]));
    const ids = await lineIds(order);
    const tooMany = await ask(order.orderNumber, {
      token: order.orderToken,
      lines: [{ id: ids[SHIRT], qty: 2, reason: "other" }],
    });
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).meta.errors[0]).toEqual({
      path: "body.lines[0].qty",
      message: "Je kunt er 1 van dit artikel retourneren",
    });
    const wrong = await ask(order.orderNumber, {
      token: "not-the-token",
      lines: [{ id: ids[SHIRT], qty: 1, reason: "other" }],
    });
    expect(wrong.status).toBe(404);
    expect((await server.get(`/api/returns/orders/${order.orderNumber}?token=nope`)).status).toBe(404);
    expect((await server.get(`/api/returns/orders/${order.orderNumber}`)).status).toBe(404);
    const badReason = await ask(order.orderNumber, {
      token: order.orderToken,
      lines: [{ id: ids[SHIRT], qty: 1, reason: "bored" }],
    });
    expect(badReason.status).toBe(400);
    expect((await badReason.json()).meta.errors[0].path).toBe("body.lines[0].reason");

    // Shipped but not delivered: no return yet.
    const shipped = await place([[SHIRT, 1]]);
    expect(
      (await adminAct(shipped.orderNumber, "ship", { carrier: "dhl", trackingNumber: "JVGL0000000009" }))
        .status,
    ).toBe(200);
    const early = (await (await returnable(shipped)).json()).result;
    expect(early.window).toMatchObject({ open: false, until: null });
    expect(early.window.message).toMatch(/nog niet bezorgd/);
    const notYet = await ask(shipped.orderNumber, {
      token: shipped.orderToken,
      lines: [{ id: early.lines[0].id, qty: 1, reason: "other" }],
    });
    expect(notYet.status).toBe(409);
    expect((await notYet.json()).result).toMatch(/nog niet bezorgd/);

    // 31 days after delivery the window has passed.
    await sql(
      `update orders set delivered_at = now() - interval '31 days' where increment_id = '${order.orderNumber}'`,
    );
    const late = await ask(order.orderNumber, {
      token: order.orderToken,
      lines: [{ id: ids[SHIRT], qty: 1, reason: "other" }],
    });
    expect(late.status).toBe(409);
    expect((await late.json()).result).toMatch(
      /^De 30 dagen om deze bestelling te retourneren zijn voorbij sinds/,
    );

    const card = server.services.catalog.productBySku("CAD50")!;
    const withCard = await delivered(
      await place(
        [[SHIRT, 1]],
        [{ sku: card.sku, qty: 1, product_option: giftCardTo(card, "Sanne", "sanne@example.nl") }],
      ),
    );
    const lines = (await (await returnable(withCard)).json()).result.lines;
    const cardLine = lines.find((l: { sku: string }) => l.sku === card.sku);
    expect(cardLine).toMatchObject({
      returnable: 0,
      refusal: "giftCard",
      message: "Een cadeaubon kun je niet retourneren",
    });
    const refused = await ask(withCard.orderNumber, {
      token: withCard.orderToken,
      lines: [{ id: cardLine.id, qty: 1, reason: "changed_mind" }],
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).meta.errors[0].path).toBe("body.lines[0].id");
  });
});

describe("a customer's return", () => {
  it("is asked signed in, without the order's token, and no other customer can ask or see it", async () => {
    const account = async (name: string) => {
      const email = `${name}.${n}@example.nl`;
      await server.post("/api/ext/tritonx/create", {
        customer: { email, firstname: "Noor", lastname: name },
        password: CUSTOMER_PASSWORD,
      });
      const login = await (
        await server.post("/api/ext/tritonx/login", { username: email, password: CUSTOMER_PASSWORD })
      ).json();
      return { authorization: `Bearer ${login.result}` };
    };
    const noor = await account("noor");
    const sem = await account("sem");
    const order = await delivered(await place([[SHOE, 1]], [], noor));
    const view = await server.get(`/api/returns/orders/${order.orderNumber}`, { headers: noor });
    expect(view.status).toBe(200);
    const [line] = (await view.json()).result.lines;
    expect((await server.get(`/api/returns/orders/${order.orderNumber}`, { headers: sem })).status).toBe(404);
    const body = { lines: [{ id: line.id, qty: 1, reason: "not_as_expected" }] };
    expect((await ask(order.orderNumber, body, randomUUID(), sem)).status).toBe(404);
    expect(
      (await ask(order.orderNumber, body, randomUUID(), { authorization: "Bearer not-a-session" })).status,
    ).toBe(401);
    const made = await ask(order.orderNumber, body, randomUUID(), noor);
    const json = await made.json();
    expect(made.status, JSON.stringify(json)).toBe(200);
    expect(json.result.label_url).toBe(`/retour/${json.result.number}`);
    expect((await server.get(`/api/returns/${json.result.number}`, { headers: noor })).status).toBe(200);
    expect((await server.get(`/api/returns/${json.result.number}`, { headers: sem })).status).toBe(404);
  });
});

// Staff ------------------------------------------------------------------------------------------

type Staff = { email: string; cookie: string; csrf: string };

/** An activated, signed-in staff member of `role` (the code a step ahead of the enrolment's). */
async function staffMember(role: string): Promise<Staff> {
  const staff = staffHelpers(() => server, ADMIN_TOKEN);
  const who = await staff.member(role);
  return { email: who.email, ...(await staff.signIn(who, 1)) };
}

const as = (s: Staff, extra: Record<string, string> = {}) => ({
  headers: { cookie: `etalage_staff=${s.cookie}`, "x-csrf-token": s.csrf, ...extra },
});

function staffAct(s: Staff, number: string, action: string, body: unknown = {}, key = randomUUID()) {
  return server.post(`/api/beheer/returns/${number}/${action}`, body, as(s, { "idempotency-key": key }));
}

/** Lets the payment modifications reach the gateway and its notifications reach the shop. */
async function settle() {
  await deliver(server);
  await server.services.payments.sendDueModifications();
  await deliver(server);
}

/** A delivered guest order with a return of `units` shirts asked. */
async function withReturn(units: number) {
  const order = await delivered(
    await place([
      [SHIRT, 2],
      [SHOE, 1],
    ]),
  );
  const ids = await lineIds(order);
  const made = await ask(order.orderNumber, {
    token: order.orderToken,
    lines: [{ id: ids[SHIRT], qty: units, reason: "too_big" }],
  });
  expect(made.status).toBe(200);
  return { order, ids, number: (await made.json()).result.number as string };
}

describe("staff take returns in", () => {
  let klantenservice: Staff;
  let beheerder: Staff;
  beforeAll(async () => {
    klantenservice = await staffMember("klantenservice");
    beheerder = await staffMember("beheerder");
  }, 60_000);

  it("lists and shows returns, receives per line with restock, refunds through the gateway, once per key", async () => {
    const { order, number } = await withReturn(2);
    const list = await server.get("/api/beheer/returns?status=requested&pageSize=100", as(klantenservice));
    const page = (await list.json()).result;
    expect(list.status).toBe(200);
    expect(page.items.map((r: { number: string }) => r.number)).toContain(number);
    expect(page).toMatchObject({ page: 1, page_size: 100 });
    const detail = (await (await server.get(`/api/beheer/returns/${number}`, as(klantenservice))).json())
      .result;
    expect(detail).toMatchObject({
      number,
      status: "requested",
      lines: [{ units: 2, reason_label: "Te groot" }],
    });
    const lineId = detail.lines[0].id as number;

    expect((await staffAct(klantenservice, number, "refund")).status).toBe(409);
    const before = await stockOf(SHIRT);
    const key = randomUUID();
    const received = await staffAct(
      klantenservice,
      number,
      "receive",
      { lines: [{ id: lineId, units: 1, condition: "as_new" }] },
      key,
    );
    const receivedBody = await received.json();
    expect(received.status, JSON.stringify(receivedBody)).toBe(200);
    expect(receivedBody.result).toMatchObject({
      status: "received",
      lines: [{ received_units: 1, condition: "as_new", restocked: true }],
    });
    expect(await stockOf(SHIRT)).toBe(before + 1);
    // The same key again: the first answer, no second restock.
    const replay = await staffAct(
      klantenservice,
      number,
      "receive",
      { lines: [{ id: lineId, units: 1, condition: "as_new" }] },
      key,
    );
    expect(replay.status).toBe(200);
    expect(await stockOf(SHIRT)).toBe(before + 1);
    const twice = await staffAct(klantenservice, number, "receive", {
      lines: [{ id: lineId, units: 1, condition: "as_new" }],
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).meta.errors[0].path).toBe("body.lines[0].id");
    const [event] = await events("return.received", number);
    expect(JSON.parse(event!.body).data).toMatchObject({
      return_number: number,
      status: "received",
      lines: [{ sku: SHIRT, units: 2, received_units: 1, condition: "as_new", restocked: true }],
    });

    const refundKey = randomUUID();
    const refund = await staffAct(klantenservice, number, "refund", {}, refundKey);
    const refundBody = await refund.json();
    expect(refund.status, JSON.stringify(refundBody)).toBe(200);
    expect(refundBody.result).toMatchObject({
      status: "refunding",
      refund: { status: "requested", amount_cents: 5000 },
    });
    const replayed = await staffAct(klantenservice, number, "refund", {}, refundKey);
    expect((await replayed.json()).result.refund.id).toBe(refundBody.result.refund.id);
    expect(await sql(`select id from order_refunds where id = ${refundBody.result.refund.id}`)).toHaveLength(
      1,
    );
    await settle();
    const settled = (await (await server.get(`/api/beheer/returns/${number}`, as(klantenservice))).json())
      .result;
    expect(settled).toMatchObject({
      status: "refunded",
      refund: { status: "succeeded", amount_cents: 5000 },
    });
    expect(settled.refunded_at).not.toBeNull();
    const orderView = (
      await (await server.get(`/api/admin/orders/${order.orderNumber}`, { headers: admin })).json()
    ).result;
    expect(orderView.timeline.map((e: { type: string }) => e.type)).toContain("order.refunded");
    // The unit that never arrived may be asked again; the refunded one may not.
    const again = (await (await returnable(order)).json()).result.lines[0];
    expect(again).toMatchObject({ sku: SHIRT, returnable: 1 });

    expect((await staffAct(klantenservice, number, "reject", { reason: "te laat" })).status).toBe(409);
    const audit = await sql<{ action: string }>(
      `select action from staff_audit where actor = '${klantenservice.email}' and target = 'return ${number}' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["return.received", "return.refund_requested"]);
  });

  it("finds one order's returns, and the orders with or without a return", async () => {
    const { order, number } = await withReturn(1);
    const without = await delivered(await place([[SHIRT, 1]]));
    const ofOrder = (
      await (await server.get(`/api/beheer/returns?order=${order.orderNumber}`, as(klantenservice))).json()
    ).result;
    expect(ofOrder.items.map((r: { number: string }) => r.number)).toEqual([number]);
    expect((await server.get("/api/beheer/returns?order=R1", as(klantenservice))).status).toBe(400);
    const numbersOf = async (hasReturn: string, q: string) =>
      (
        await (
          await server.get(
            `/api/beheer/orders?hasReturn=${hasReturn}&q=${q}&pageSize=200`,
            as(klantenservice),
          )
        ).json()
      ).result.items.map((o: { increment_id: string }) => o.increment_id);
    expect(await numbersOf("true", order.orderNumber)).toEqual([order.orderNumber]);
    expect(await numbersOf("false", order.orderNumber)).toEqual([]);
    expect(await numbersOf("false", without.orderNumber)).toEqual([without.orderNumber]);
    expect(await numbersOf("true", without.orderNumber)).toEqual([]);
  });

  it("holds klantenservice to its refund limit, rejects with a reason, and frees the units again", async () => {
    const { order, number } = await withReturn(2);
    const detail = (await (await server.get(`/api/beheer/returns/${number}`, as(beheerder))).json()).result;
    const lineId = detail.lines[0].id as number;
    expect(
      (
        await staffAct(klantenservice, number, "receive", {
          lines: [{ id: lineId, units: 2, condition: "used" }],
        })
      ).status,
    ).toBe(200);
    const over = await staffAct(klantenservice, number, "refund");
    expect(over.status).toBe(403);
    expect((await over.json()).result).toBe(
      "Je mag tot € 60,00 per keer terugbetalen; deze terugbetaling is € 100,00. Vraag een beheerder.",
    );
    expect((await staffAct(beheerder, number, "refund")).status).toBe(200);

    const second = await withReturn(1);
    const rejected = await staffAct(klantenservice, second.number, "reject", {
      reason: "Gedragen en gewassen",
    });
    expect((await rejected.json()).result).toMatchObject({
      status: "rejected",
      reject_reason: "Gedragen en gewassen",
    });
    expect((await (await returnable(second.order)).json()).result.lines[0].returnable).toBe(2);
    expect(order.orderNumber).not.toBe(second.order.orderNumber);
  });

  it("refuses without a session, without CSRF, for a redacteur, an unknown return and bad bodies", async () => {
    const { number } = await withReturn(1);
    expect((await server.get("/api/beheer/returns")).status).toBe(401);
    expect((await server.get("/api/beheer/returns", { headers: admin })).status).toBe(401);
    const redacteur = await staffMember("redacteur");
    expect((await server.get("/api/beheer/returns", as(redacteur))).status).toBe(403);
    const noCsrf = await server.post(
      `/api/beheer/returns/${number}/reject`,
      { reason: "x" },
      {
        headers: { cookie: `etalage_staff=${klantenservice.cookie}`, "idempotency-key": randomUUID() },
      },
    );
    expect(noCsrf.status).toBe(403);
    expect((await staffAct(klantenservice, `R${"9".repeat(9)}-1`, "reject", { reason: "x" })).status).toBe(
      404,
    );
    expect((await server.get(`/api/beheer/returns/R123-1`, as(klantenservice))).status).toBe(400);
    const badCondition = await staffAct(klantenservice, number, "receive", {
      lines: [{ id: 1, units: 1, condition: "soggy" }],
    });
    expect(badCondition.status).toBe(400);
    expect((await badCondition.json()).meta.errors[0].path).toBe("body.lines[0].condition");
    expect((await server.get("/api/beheer/returns?status=lost", as(klantenservice))).status).toBe(400);
  });
});
