import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHALLENGE_CARD,
  deliver,
  hostedPage,
  location,
  notify,
  orderMaker,
  type PlacedOrder,
  paymentStatus,
  postForm,
  settle,
  signedItem,
  TEST_CARD,
} from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Paying an order through the built-in gateway's Hosted Checkout (issue 24 item 1): the shop
 * creates a session, the shopper pays on the hosted page and comes back with sessionId and
 * sessionResult, and only the AUTHORISATION notification makes the order paid.
 */

let server: TestServer;
const ADMIN_TOKEN = "test-admin-token-payments-0123456789";
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  placeOrder = await orderMaker(server, ADMIN_TOKEN, "T-PAY");
}, 120_000);
afterAll(() => server?.close());

const status = (order: PlacedOrder) => paymentStatus(server, order);

describe("paying an order on the hosted page", () => {
  it("sends an iDEAL order to the bank, settles the return by the session's result, and is paid by the notification", async () => {
    const order = await placeOrder("ideal");
    const page = await hostedPage(server, order);
    expect(page).toMatch(/\/gateway\/adyen\/pay\/CS[0-9A-F]{16}$/);
    // A session for iDEAL alone goes straight on to the bank.
    const bank = location(
      await fetch(page.replace(/^http:\/\/localhost:3000/, server.url), { redirect: "manual" }),
    );
    expect(bank.pathname).toMatch(/\/ideal$/);
    const back = location(await postForm(server, bank.pathname, { outcome: "success" }));
    expect(back.pathname).toBe("/checkout-return");
    expect(back.searchParams.get("sessionId")).toMatch(/^CS/);
    const settled = await settle(server, order, back);
    expect((await settled.json()).result).toEqual({ resultCode: "Authorised", isFinal: true });
    await expect
      .poll(() => status(order))
      .toMatchObject({ orderStatus: "processing", paid: true, payment: "authorised" });
    const view = await server.services.orders.byNumber(order.orderNumber);
    expect(view?.test_payment).toBe(true);
  });

  it("pays a card through the 3-D Secure challenge (password `password`)", async () => {
    const order = await placeOrder("card");
    const page = await hostedPage(server, order);
    const card = await fetch(page.replace(/^http:\/\/localhost:3000/, server.url));
    expect(await card.text()).toContain('name="number"');
    const challenge = location(await postForm(server, `${new URL(page).pathname}/card`, CHALLENGE_CARD));
    expect(challenge.pathname).toMatch(/^\/gateway\/adyen\/3ds\//);
    const wrong = await postForm(server, challenge.pathname, { password: "1234" });
    // A wrong password refuses this try; the hosted page lets the shopper try again.
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain("De betaling is geweigerd");
    const again = location(await postForm(server, `${new URL(page).pathname}/card`, CHALLENGE_CARD));
    const back = location(await postForm(server, again.pathname, { password: "password" }));
    expect((await (await settle(server, order, back)).json()).result).toEqual({
      resultCode: "Authorised",
      isFinal: true,
    });
    await expect.poll(() => status(order)).toMatchObject({ orderStatus: "processing", paid: true });
  });

  it("refuses a card that fails Luhn on the hosted page, before anything is charged", async () => {
    const order = await placeOrder("card");
    const page = new URL(await hostedPage(server, order)).pathname;
    const bad = await postForm(server, `${page}/card`, { ...TEST_CARD, number: "4111 1111 1111 1112" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Het kaartnummer is ongeldig.");
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from adyen_test_payments where merchant_reference = '${order.orderNumber}-1'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("keeps a refused card's order pending; the shopper leaves, and the same order is paid with iDEAL", async () => {
    const order = await placeOrder("card");
    const page = new URL(await hostedPage(server, order)).pathname;
    const refused = await postForm(server, `${page}/card`, { ...TEST_CARD, holder: "DECLINED" });
    expect(await refused.text()).toContain("De betaling is geweigerd");
    const back = location(await postForm(server, `${page}/cancel`, {}));
    expect((await (await settle(server, order, back)).json()).result).toEqual({
      resultCode: "Cancelled",
      isFinal: true,
    });
    await deliver(server);
    expect(await status(order)).toMatchObject({ orderStatus: "pending", paid: false, payment: "cancelled" });

    const retry = await server.post("/api/ext/adyen/initiate", {
      orderNumber: order.orderNumber,
      orderToken: order.orderToken,
      method: "ideal",
    });
    const { action } = (await retry.json()).result;
    const bank = location(
      await fetch(action.url.replace(/^http:\/\/localhost:3000/, server.url), { redirect: "manual" }),
    );
    await postForm(server, bank.pathname, { outcome: "success" });
    await expect.poll(() => status(order)).toMatchObject({ orderStatus: "processing", paid: true });
    const view = await server.services.orders.byNumber(order.orderNumber);
    expect(view?.payments.map((p) => [p.method, p.status])).toEqual([
      ["card", "cancelled"],
      ["ideal", "authorised"],
    ]);
  });

  it("shows a cancelled payment as failed, not pending, when the shopper comes back (issue 30 item 5)", async () => {
    const order = await placeOrder("ideal");
    const bank = location(
      await fetch((await hostedPage(server, order)).replace(/^http:\/\/localhost:3000/, server.url), {
        redirect: "manual",
      }),
    );
    const back = location(await postForm(server, bank.pathname, { outcome: "cancel" }));
    expect((await (await settle(server, order, back)).json()).result).toEqual({
      resultCode: "Cancelled",
      isFinal: true,
    });
    expect(await status(order)).toMatchObject({ paid: false, payment: "cancelled" });
  });

  it("tells a pending iDEAL payment as pending, and pays the order when the bank completes it later", async () => {
    const order = await placeOrder("ideal");
    const bank = location(
      await fetch((await hostedPage(server, order)).replace(/^http:\/\/localhost:3000/, server.url), {
        redirect: "manual",
      }),
    );
    const back = location(await postForm(server, bank.pathname, { outcome: "pending" }));
    expect((await (await settle(server, order, back)).json()).result).toEqual({
      resultCode: "Pending",
      isFinal: false,
    });
    const { rows } = await server.services.database.db.execute<{ psp: string }>(
      `select psp_reference as psp from adyen_test_payments where merchant_reference = '${order.orderNumber}-1'`,
    );
    const settled = await postForm(server, `/gateway/adyen/ideal/${rows[0]!.psp}/settle`, {
      outcome: "success",
    });
    expect(settled.status).toBe(200);
    await expect.poll(() => status(order)).toMatchObject({ orderStatus: "processing", paid: true });
  });

  it("refuses a return whose sessionResult is not the session's", async () => {
    const order = await placeOrder("ideal");
    const bank = location(
      await fetch((await hostedPage(server, order)).replace(/^http:\/\/localhost:3000/, server.url), {
        redirect: "manual",
      }),
    );
    const back = location(await postForm(server, bank.pathname, { outcome: "success" }));
    back.searchParams.set("sessionResult", "forged");
    const res = await settle(server, order, back);
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/^body\.details/);
  });
});

describe("POST /api/ext/adyen/notifications", () => {
  const item = (order: PlacedOrder, changes: Record<string, unknown> = {}) =>
    signedItem(server, {
      amount: { value: Math.round(order.grand_total * 100), currency: "EUR" },
      eventCode: "AUTHORISATION",
      merchantReference: `${order.orderNumber}-1`,
      pspReference: `PSP${Math.random().toString(36).slice(2, 14).toUpperCase()}`,
      success: "true",
      ...changes,
    });
  const send = (i: Record<string, unknown>) => notify(server, i);
  async function pendingAttempt() {
    const order = await placeOrder("ideal");
    await hostedPage(server, order); // the attempt `<order>-1` exists
    return order;
  }

  it("refuses a bad signature with 401 and changes nothing", async () => {
    const order = await pendingAttempt();
    const forged = { ...item(order), additionalData: { hmacSignature: "AAAA" } };
    expect((await send(forged)).status).toBe(401);
    expect((await status(order)).paid).toBe(false);
  });

  it("refuses a notification for another merchant account, even signed with our key", async () => {
    const order = await pendingAttempt();
    const res = await send(item(order, { merchantAccountCode: "SomeoneElsesAccount" }));
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/merchantAccountCode/);
    expect((await status(order)).paid).toBe(false);
  });

  it("does not pay an order for another amount: it reverses that payment and tells staff", async () => {
    const order = await pendingAttempt();
    const wrong = await send(
      item(order, { amount: { value: Math.round(order.grand_total * 100) - 1, currency: "EUR" } }),
    );
    expect(await wrong.text()).toBe("[accepted]");
    expect((await status(order)).paid).toBe(false);
    // The forged pspReference is unknown at the gateway, so its reversal fails there too: both told.
    const alerts = await server.services.payments.alerts({ orderNumber: order.orderNumber });
    expect(alerts.map((a) => a.kind)).toContain("amount_mismatch");
    const modifications = await server.services.payments.modifications(order.orderNumber);
    expect(modifications.map((m) => m.kind)).toEqual(["reversal"]);
  });

  it("applies a replayed notification once", async () => {
    const order = await pendingAttempt();
    const right = item(order);
    expect(await (await send(right)).text()).toBe("[accepted]");
    expect(await (await send(right)).text()).toBe("[accepted]");
    expect(await status(order)).toMatchObject({ orderStatus: "processing", paid: true });
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from payment_notifications where psp_reference = '${right.pspReference}'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("acknowledges a notification for a reference the shop never sent, and ignores it", async () => {
    const order = await pendingAttempt();
    const res = await send(item(order, { merchantReference: "999999999-1" }));
    expect(await res.text()).toBe("[accepted]");
    expect((await status(order)).paid).toBe(false);
  });

  it("refuses an event code Adyen does not have, naming the field", async () => {
    const order = await pendingAttempt();
    const res = await send(item(order, { eventCode: "PAID_BY_ME" }));
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/eventCode/);
  });
});
