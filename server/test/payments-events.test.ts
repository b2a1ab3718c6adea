import { Types } from "@adyen/api-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authorisedPsp,
  deliver,
  hostedPage,
  local,
  location,
  notify,
  orderMaker,
  type PlacedOrder,
  paidOrder,
  paymentStatus,
  postForm,
  signedItem,
  TEST_CARD,
} from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * What staff do to a payment and what Adyen's notifications do to an order (issue 30 item 8,
 * issue 31 item 1): modifications through the payment service as the back office calls them,
 * every event acting as its meaning says, once, whatever order they come in.
 */

let server: TestServer;
const ADMIN_TOKEN = "test-admin-token-payment-events-0123456789";
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  placeOrder = await orderMaker(server, ADMIN_TOKEN, "T-PEV");
}, 120_000);
afterAll(() => server?.close());

const pay = () => server.services.payments;
const settings = () => server.services.testGateway!.gateway.ledger.settings;
const orderStatus = async (order: PlacedOrder) =>
  (await server.services.orders.row(order.orderNumber))!.status;
const cents = (order: PlacedOrder) => Math.round(order.grand_total * 100);
const attempts = async (order: PlacedOrder) =>
  (await server.services.orders.byNumber(order.orderNumber))!.payments.map((p) => p.status);
/** Lets the gateway's notifications reach the shop. */
const settle = async () => {
  await deliver(server);
  await pay().sendDueModifications();
  await deliver(server);
};

describe("modifications staff ask for", () => {
  it("refundOrCancel: Adyen reverses the payment and the order is cancelled by CANCEL_OR_REFUND, once", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    const first = await pay().refundOrCancel(order.orderNumber);
    expect(first).toMatchObject({ ok: true, replayed: false, modification: { kind: "reversal" } });
    if (!first.ok) return;
    expect(["received", "succeeded"]).toContain(first.modification.status);
    expect(first.modification.pspReference).toMatch(/^[0-9A-Z]{16}$/);
    const again = await pay().refundOrCancel(order.orderNumber);
    expect(again).toMatchObject({ ok: true, replayed: true, modification: { id: first.modification.id } });
    await settle();
    expect(await orderStatus(order)).toBe("canceled");
    expect(await attempts(order)).toEqual(["reversed"]);
    expect((await pay().modifications(order.orderNumber)).map((m) => [m.kind, m.status])).toEqual([
      ["reversal", "succeeded"],
    ]);
  });

  it("refund: part with a reference (asked once), then the rest; the order is closed when all is refunded", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    const part = await pay().refund(order.orderNumber, {
      amountCents: 1000,
      reference: "RMA-1",
      reason: Types.checkout.PaymentRefundRequest.MerchantRefundReasonEnum.Return,
    });
    expect(part).toMatchObject({
      ok: true,
      modification: { kind: "refund", amountCents: 1000, callerReference: "RMA-1" },
    });
    expect(await pay().refund(order.orderNumber, { amountCents: 1000, reference: "RMA-1" })).toMatchObject({
      ok: true,
      replayed: true,
    });
    await settle();
    expect(await orderStatus(order)).toBe("processing");
    const tooMuch = await pay().refund(order.orderNumber, { amountCents: cents(order) });
    expect(tooMuch).toMatchObject({ ok: false, code: 400 });
    const rest = await pay().refund(order.orderNumber, { reference: "RMA-2" });
    expect(rest).toMatchObject({ ok: true, modification: { amountCents: cents(order) - 1000 } });
    await settle();
    expect(await orderStatus(order)).toBe("closed");
    expect(await attempts(order)).toEqual(["reversed"]);
  });

  it("a refund Adyen declines (test amount rule: ends in 13 cents) fails, is shown to staff, and may be asked again", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    const declined = await pay().refund(order.orderNumber, { amountCents: 513, reference: "RMA-13" });
    expect(declined.ok).toBe(true);
    await settle();
    const [failed] = await pay().modifications(order.orderNumber);
    expect(failed).toMatchObject({ status: "failed", failureReason: "Refund declined (test amount rule)" });
    const alerts = await pay().alerts({ orderNumber: order.orderNumber, open: true });
    expect(alerts.map((a) => a.kind)).toEqual(["modification_failed"]);
    // The same reference after a failure is a new request to Adyen, with a key of its own.
    const retried = await pay().refund(order.orderNumber, { amountCents: 500, reference: "RMA-13" });
    expect(retried).toMatchObject({ ok: true, replayed: false });
    await settle();
    expect((await pay().modifications(order.orderNumber)).map((m) => m.status)).toEqual([
      "failed",
      "succeeded",
    ]);
    expect(await pay().resolveAlert(alerts[0]!.id)).toBe(true);
    expect(await pay().alerts({ orderNumber: order.orderNumber, open: true })).toEqual([]);
  });

  it("cancel and capture where the account captures by hand: CANCELLATION cancels the order; CAPTURE is recorded", async () => {
    settings().captureDelay = "manual";
    try {
      const cancelled = await paidOrder(server, await placeOrder("ideal"));
      expect(await pay().cancel(cancelled.orderNumber)).toMatchObject({
        ok: true,
        modification: { kind: "cancel" },
      });
      await settle();
      expect(await orderStatus(cancelled)).toBe("canceled");

      const captured = await paidOrder(server, await placeOrder("ideal"));
      expect(await pay().capture(captured.orderNumber)).toMatchObject({
        ok: true,
        modification: { kind: "capture" },
      });
      await settle();
      const view = await server.services.database.db.execute<{ captured: number }>(
        `select captured_cents as captured from payments where reference = '${captured.orderNumber}-1'`,
      );
      expect(view.rows[0]!.captured).toBe(cents(captured));
      // Captured, the authorisation can no longer be cancelled: Adyen says so, staff are told.
      await pay().cancel(captured.orderNumber);
      await settle();
      expect(await orderStatus(captured)).toBe("processing");
      expect((await pay().alerts({ orderNumber: captured.orderNumber })).map((a) => a.kind)).toEqual([
        "modification_failed",
      ]);
    } finally {
      settings().captureDelay = "immediate";
    }
  });

  it("refuses what cannot be asked: an unpaid order, an unknown one", async () => {
    const order = await placeOrder("ideal");
    expect(await pay().refund(order.orderNumber)).toMatchObject({ ok: false, code: 409 });
    expect(await pay().refundOrCancel("199999999")).toMatchObject({ ok: false, code: 404 });
  });
});

describe("one open payment per order (issue 31 item 1)", () => {
  async function bankOf(action: { url: string }) {
    const page = location(await fetch(local(server, action.url), { redirect: "manual" }));
    return page.pathname;
  }
  const initiate = async (order: PlacedOrder, method: "ideal" | "card") =>
    (
      await (
        await server.post("/api/ext/adyen/initiate", {
          orderNumber: order.orderNumber,
          orderToken: order.orderToken,
          method,
        })
      ).json()
    ).result.action as { url: string };

  it("a second initiate supersedes the first and asks Adyen to cancel it; paying both reverses the older", async () => {
    const order = await placeOrder("ideal");
    const first = await initiate(order, "ideal");
    const second = await initiate(order, "ideal");
    expect(second.url).not.toBe(first.url);
    await settle();
    expect(await attempts(order)).toEqual(["superseded", "pending"]);
    const [technical] = await pay().modifications(order.orderNumber);
    // Nothing was authorised yet: Adyen's TECHNICAL_CANCEL says so, and no one needs to act.
    expect(technical).toMatchObject({ kind: "technical_cancel", status: "failed" });
    expect(await pay().alerts({ orderNumber: order.orderNumber })).toEqual([]);

    await postForm(server, await bankOf(second), { outcome: "success" });
    await postForm(server, await bankOf(first), { outcome: "success" });
    await settle();
    expect(await paymentStatus(server, order)).toMatchObject({ orderStatus: "processing", paid: true });
    expect(await attempts(order)).toEqual(["reversed", "authorised"]);
    const alerts = await pay().alerts({ orderNumber: order.orderNumber });
    expect(alerts.map((a) => a.kind)).toEqual(["duplicate_authorisation"]);
    const kinds = (await pay().modifications(order.orderNumber)).map((m) => [m.kind, m.status]);
    expect(kinds).toContainEqual(["reversal", "succeeded"]);

    // Staff see it in the admin API, and mark it seen to.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const listed = `/api/admin/payment-alerts?orderNumber=${order.orderNumber}`;
    expect((await server.get(listed)).status).toBe(401);
    const open = await (await server.get(listed, { headers: admin })).json();
    expect(open.result).toEqual([
      expect.objectContaining({
        id: alerts[0]!.id,
        orderNumber: order.orderNumber,
        kind: "duplicate_authorisation",
        message: expect.stringContaining("reversed automatically"),
        resolvedAt: null,
      }),
    ]);
    const resolve = `/api/admin/payment-alerts/${alerts[0]!.id}/resolve`;
    expect((await server.post(resolve, {}, { headers: admin })).status).toBe(200);
    expect((await server.post(resolve, {}, { headers: admin })).status).toBe(404);
    expect((await (await server.get(listed, { headers: admin })).json()).result).toEqual([]);
    const all = await (await server.get(`${listed}&open=false`, { headers: admin })).json();
    expect(all.result[0].resolvedAt).toEqual(expect.any(String));
    expect((await server.get("/api/admin/payment-alerts?open=maybe", { headers: admin })).status).toBe(400);
  });

  it("an older attempt paid while the newer one is still open does not pay the order: it is reversed", async () => {
    const order = await placeOrder("ideal");
    const first = await initiate(order, "ideal");
    await initiate(order, "card");
    await postForm(server, await bankOf(first), { outcome: "success" });
    await settle();
    expect(await paymentStatus(server, order)).toMatchObject({ orderStatus: "pending", paid: false });
    expect(await attempts(order)).toEqual(["reversed", "pending"]);
    expect((await pay().alerts({ orderNumber: order.orderNumber })).map((a) => a.kind)).toEqual([
      "duplicate_authorisation",
    ]);
  });

  it("an authorisation after the order's payment expired is reversed and shown to staff", async () => {
    const order = await placeOrder("ideal");
    const action = await initiate(order, "ideal");
    const bank = await bankOf(action);
    await server.services.orders.expireUnpaid(new Date(Date.now() + 31 * 60_000));
    expect(await orderStatus(order)).toBe("canceled");
    await postForm(server, bank, { outcome: "success" });
    await settle();
    expect(await orderStatus(order)).toBe("canceled");
    expect(await attempts(order)).toEqual(["reversed"]);
    expect((await pay().alerts({ orderNumber: order.orderNumber })).map((a) => a.kind)).toEqual([
      "late_authorisation",
    ]);
  });
});

describe("every notification acts as its meaning says", () => {
  it("OFFER_CLOSED of the open attempt ends the order's payment window: the order is cancelled", async () => {
    const order = await placeOrder("ideal");
    const bank = location(
      await fetch(local(server, await hostedPage(server, order)), { redirect: "manual" }),
    );
    await postForm(server, bank.pathname, { outcome: "pending" });
    const { rows } = await server.services.database.db.execute<{ psp: string }>(
      `select psp_reference as psp from adyen_test_payments where merchant_reference = '${order.orderNumber}-1'`,
    );
    await postForm(server, `/gateway/adyen/ideal/${rows[0]!.psp}/settle`, { outcome: "expire" });
    await settle();
    expect(await orderStatus(order)).toBe("canceled");
    expect(await attempts(order)).toEqual(["expired"]);
  });

  it("the gateway closes the offer of a payment left at the bank when its time is up", async () => {
    const order = await placeOrder("card");
    const page = new URL(await hostedPage(server, order)).pathname;
    // Left at the 3-D Secure challenge.
    await postForm(server, `${page}/card`, { ...TEST_CARD, number: "4212 3456 7891 0006" });
    await server.services.testGateway!.gateway.expireDue(new Date(Date.now() + 31 * 60_000));
    await settle();
    expect(await orderStatus(order)).toBe("canceled");
  });

  it("CHARGEBACK is shown to staff; the order stays as it is", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    const psp = await authorisedPsp(server, `${order.orderNumber}-1`);
    const res = await notify(
      server,
      signedItem(server, {
        eventCode: "CHARGEBACK",
        success: "true",
        pspReference: "CB00000000000001",
        originalReference: psp,
        merchantReference: `${order.orderNumber}-1`,
        amount: { value: cents(order), currency: "EUR" },
        reason: "Fraudulent transaction",
      }),
    );
    expect(await res.text()).toBe("[accepted]");
    const [alert] = await pay().alerts({ orderNumber: order.orderNumber });
    expect(alert).toMatchObject({ kind: "chargeback" });
    expect(alert!.message).toContain("Fraudulent transaction");
    expect(await orderStatus(order)).toBe("processing");
  });

  it("REFUND_FAILED after a REFUND (Adyen's holder name `REFUND FAILED`) undoes the refund and tells staff", async () => {
    const order = await placeOrder("card");
    const page = new URL(await hostedPage(server, order)).pathname;
    await postForm(server, `${page}/card`, { ...TEST_CARD, holder: "REFUND FAILED" });
    await settle();
    await pay().refund(order.orderNumber, { amountCents: 500 });
    await settle();
    const [refund] = await pay().modifications(order.orderNumber);
    expect(refund).toMatchObject({ kind: "refund", status: "failed" });
    const { rows } = await server.services.database.db.execute<{ refunded: number }>(
      `select refunded_cents as refunded from payments where reference = '${order.orderNumber}-1'`,
    );
    expect(rows[0]!.refunded).toBe(0);
    expect((await pay().alerts({ orderNumber: order.orderNumber })).map((a) => a.kind)).toEqual([
      "modification_failed",
    ]);
  });
});

describe("events out of order do not contradict the order's state", () => {
  it("an AUTHORISATION failure after its success leaves the order paid", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    const psp = await authorisedPsp(server, `${order.orderNumber}-1`);
    await notify(
      server,
      signedItem(server, {
        eventCode: "AUTHORISATION",
        success: "false",
        pspReference: psp,
        merchantReference: `${order.orderNumber}-1`,
        amount: { value: cents(order), currency: "EUR" },
        reason: "Refused",
      }),
    );
    expect(await paymentStatus(server, order)).toMatchObject({
      orderStatus: "processing",
      paid: true,
      payment: "authorised",
    });
  });

  it("a CANCELLATION failure after its success changes nothing; an AUTHORISATION after a CANCELLATION does not pay", async () => {
    const order = await paidOrder(server, await placeOrder("ideal"));
    await pay().refundOrCancel(order.orderNumber);
    await settle();
    const [reversal] = await pay().modifications(order.orderNumber);
    await notify(
      server,
      signedItem(server, {
        eventCode: "CANCEL_OR_REFUND",
        success: "false",
        pspReference: reversal!.pspReference,
        originalReference: await authorisedPsp(server, `${order.orderNumber}-1`),
        merchantReference: reversal!.reference,
        amount: { value: cents(order), currency: "EUR" },
        reason: "late failure",
      }),
    );
    expect(await orderStatus(order)).toBe("canceled");
    expect((await pay().modifications(order.orderNumber))[0]!.status).toBe("succeeded");

    // A cancellation told before its authorisation: the attempt is reversed, the order not paid.
    const early = await placeOrder("ideal");
    await hostedPage(server, early);
    const psp = "EARLY00000000001";
    const amount = { value: cents(early), currency: "EUR" };
    await notify(
      server,
      signedItem(server, {
        eventCode: "CANCELLATION",
        success: "true",
        pspReference: "EARLYCANCEL00001",
        originalReference: psp,
        merchantReference: `${early.orderNumber}-1`,
        amount,
      }),
    );
    await notify(
      server,
      signedItem(server, {
        eventCode: "AUTHORISATION",
        success: "true",
        pspReference: psp,
        merchantReference: `${early.orderNumber}-1`,
        amount,
      }),
    );
    expect(await paymentStatus(server, early)).toMatchObject({
      orderStatus: "pending",
      paid: false,
      payment: "reversed",
    });
  });
});
