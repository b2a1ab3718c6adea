import adyen from "@adyen/api-library";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ObservedRequest } from "../src/providers/payments/in-process-client.ts";
import { violations } from "./helpers/adyen-models.ts";
import {
  CHALLENGE_CARD,
  deliver,
  hostedPage,
  location,
  orderMaker,
  type PlacedOrder,
  paymentStatus,
  postForm,
  settle,
  TEST_CARD,
} from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * The contract with real Adyen (issue 24 item 3): every request the shop's Adyen adapter sends in
 * whole purchases — a card through 3-D Secure, a refused card and the retry, iDEAL, a new attempt
 * that supersedes an open one, a refund and a reversal — is captured and checked against
 * `@adyen/api-library`'s own models of Checkout API v72 (helpers/adyen-models.ts): no unknown
 * fields, required fields present, enum values the library knows. Both what the adapter hands the
 * library (whose serializer silently drops fields it does not know) and the JSON that goes out.
 */

const checkout = adyen.Types.checkout;

/** The model each endpoint of Checkout v72 takes (Adyen's OpenAPI, as the library's PaymentsApi calls it). */
function modelOf(request: ObservedRequest): string | null {
  const path = new URL(request.endpoint).pathname.replace(/^\/v72/, "");
  if (request.method === "GET" && /^\/sessions\/[^/]+$/.test(path)) return null;
  const models: [RegExp, string][] = [
    [/^\/sessions$/, "CreateCheckoutSessionRequest"],
    [/^\/payments\/details$/, "PaymentDetailsRequest"],
    [/^\/payments\/[^/]+\/captures$/, "PaymentCaptureRequest"],
    [/^\/payments\/[^/]+\/refunds$/, "PaymentRefundRequest"],
    [/^\/payments\/[^/]+\/cancels$/, "PaymentCancelRequest"],
    [/^\/payments\/[^/]+\/reversals$/, "PaymentReversalRequest"],
    [/^\/cancels$/, "StandalonePaymentCancelRequest"],
  ];
  const found = models.find(([pattern]) => pattern.test(path));
  if (!found)
    throw new Error(`the adapter called ${request.method} ${path}, which the contract test does not know`);
  return found[1];
}

const REQUEST_MODELS = new Set([
  "CreateCheckoutSessionRequest",
  "PaymentDetailsRequest",
  "PaymentCaptureRequest",
  "PaymentRefundRequest",
  "PaymentCancelRequest",
  "PaymentReversalRequest",
  "StandalonePaymentCancelRequest",
]);

let server: TestServer;
const ADMIN_TOKEN = "test-admin-token-payments-contract-0123";
let placeOrder: (method: "ideal" | "card") => Promise<PlacedOrder>;
const sent: ObservedRequest[] = [];
const handed: { type: string; data: unknown }[] = [];
const observe = (request: ObservedRequest) => void sent.push(request);
let serialize: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  placeOrder = await orderMaker(server, ADMIN_TOKEN, "T-CONTRACT");
  server.services.testGateway!.transport.observers.add(observe);
  // What the adapter hands the library's PaymentsApi/ModificationsApi, before its serializer runs.
  const original = checkout.ObjectSerializer.serialize.bind(checkout.ObjectSerializer);
  serialize = vi
    .spyOn(checkout.ObjectSerializer, "serialize")
    .mockImplementation((data: unknown, type: string, format?: string) => {
      if (REQUEST_MODELS.has(type)) handed.push({ type, data });
      return original(data, type, format);
    });
}, 120_000);
afterAll(async () => {
  serialize?.mockRestore();
  server?.services.testGateway?.transport.observers.delete(observe);
  await server?.close();
});

const fromLocal = (url: string) => url.replace(/^http:\/\/localhost:3000/, server.url);

async function payIdealAtBank(order: PlacedOrder, outcome = "success"): Promise<URL> {
  const bank = location(await fetch(fromLocal(await hostedPage(server, order)), { redirect: "manual" }));
  return location(await postForm(server, bank.pathname, { outcome }));
}

describe("the model checker reads the library's models", () => {
  const session = {
    amount: { value: 4995, currency: "EUR" },
    merchantAccount: "EtalageTest",
    reference: "100000001-1",
    returnUrl: "https://shop.example/checkout-return",
    mode: checkout.CreateCheckoutSessionRequest.ModeEnum.Hosted,
  };

  it("passes a request the library's model allows", () => {
    expect(violations(session, "CreateCheckoutSessionRequest", "wire")).toEqual([]);
  });

  it("finds an unknown field, a missing required field, an enum value Adyen lacks, nested too", () => {
    const { returnUrl: _dropped, ...withoutReturn } = session;
    const found = violations(
      {
        ...withoutReturn,
        shopperLocal: "nl-NL",
        channel: "web",
        billingAddress: { street: "Grote Staat", city: "Maastricht" },
      },
      "CreateCheckoutSessionRequest",
      "wire",
    );
    expect(found.sort()).toEqual(
      [
        "$.shopperLocal: unknown field of CreateCheckoutSessionRequest",
        '$.channel: "web" is not one of CreateCheckoutSessionRequest.ChannelEnum',
        "$.billingAddress.houseNumberOrName: required by BillingAddress, missing",
        "$.billingAddress.postalCode: required by BillingAddress, missing",
        "$.billingAddress.country: required by BillingAddress, missing",
        "$.returnUrl: required by CreateCheckoutSessionRequest, missing",
      ].sort(),
    );
  });

  it("tells the adapter's object (a Date, fields by name) from the JSON sent (an ISO string)", () => {
    const at = new Date(Date.now() + 3_600_000);
    expect(violations({ ...session, expiresAt: at }, "CreateCheckoutSessionRequest", "object")).toEqual([]);
    expect(
      violations({ ...session, expiresAt: at.toISOString() }, "CreateCheckoutSessionRequest", "wire"),
    ).toEqual([]);
    expect(violations({ ...session, expiresAt: "tomorrow" }, "CreateCheckoutSessionRequest", "wire")).toEqual(
      ["$.expiresAt: not a date-time"],
    );
  });
});

describe("every request the adapter sends in whole purchases conforms to Adyen's models", () => {
  it("runs the purchases: card with 3-D Secure, a refused card then iDEAL, iDEAL, a superseded attempt, a refund, a reversal", async () => {
    // A card through the 3-D Secure challenge, then refunded in part.
    const card = await placeOrder("card");
    const page = await hostedPage(server, card);
    const challenge = location(await postForm(server, `${new URL(page).pathname}/card`, CHALLENGE_CARD));
    const back = location(await postForm(server, challenge.pathname, { password: "password" }));
    expect((await (await settle(server, card, back)).json()).result.resultCode).toBe("Authorised");
    await deliver(server);
    expect(await paymentStatus(server, card)).toMatchObject({ paid: true });
    const refund = await server.services.payments.refund(card.orderNumber, {
      amountCents: 100,
      reference: `${card.orderNumber}-R1`,
      reason: checkout.PaymentRefundRequest.MerchantRefundReasonEnum.Return,
    });
    expect(refund.ok).toBe(true);

    // A refused card (holder DECLINED); the shopper leaves and pays the same order with iDEAL.
    const refused = await placeOrder("card");
    const refusedPage = new URL(await hostedPage(server, refused)).pathname;
    await postForm(server, `${refusedPage}/card`, { ...TEST_CARD, holder: "DECLINED" });
    const left = location(await postForm(server, `${refusedPage}/cancel`, {}));
    expect((await (await settle(server, refused, left)).json()).result.resultCode).toBe("Cancelled");
    const retry = await server.post("/api/ext/adyen/initiate", {
      orderNumber: refused.orderNumber,
      orderToken: refused.orderToken,
      method: "ideal",
    });
    const bank = location(
      await fetch(fromLocal((await retry.json()).result.action.url), { redirect: "manual" }),
    );
    const paid = location(await postForm(server, bank.pathname, { outcome: "success" }));
    expect((await (await settle(server, refused, paid)).json()).result.resultCode).toBe("Authorised");

    // iDEAL straight away, then reversed (refundOrCancel).
    const ideal = await placeOrder("ideal");
    await settle(server, ideal, await payIdealAtBank(ideal));
    await deliver(server);
    expect((await server.services.payments.refundOrCancel(ideal.orderNumber)).ok).toBe(true);

    // A card session left open while the shopper starts iDEAL: the shop cancels the older one.
    const superseded = await placeOrder("card");
    await hostedPage(server, superseded);
    await server.post("/api/ext/adyen/initiate", {
      orderNumber: superseded.orderNumber,
      orderToken: superseded.orderToken,
      method: "ideal",
    });
    await server.services.payments.sendDueModifications();
    await deliver(server);

    // A background round of the sender may hold the cancel (it claimed the row first): its answer comes.
    const paths = () =>
      [
        ...new Set(
          sent.map(
            (r) =>
              `${r.method} ${new URL(r.endpoint).pathname.replace(/\/(CS|[0-9A-Z]{16})[0-9A-Z]*/g, "/{id}")}`,
          ),
        ),
      ].sort();
    await expect
      .poll(paths)
      .toEqual(
        [
          "GET /v72/sessions/{id}",
          "POST /v72/cancels",
          "POST /v72/payments/{id}/refunds",
          "POST /v72/payments/{id}/reversals",
          "POST /v72/sessions",
        ].sort(),
      );
  });

  it("sent every request as Adyen's model for its endpoint allows it, and Adyen accepted each", () => {
    expect(sent.length).toBeGreaterThanOrEqual(12);
    for (const request of sent) {
      const model = modelOf(request);
      const where = `${request.method} ${request.endpoint}`;
      expect(request.status, where).toBeLessThan(300);
      if (model === null) {
        expect(request.body, where).toBe("");
        continue;
      }
      expect(violations(JSON.parse(request.body), model, "wire"), where).toEqual([]);
    }
  });

  it("handed the library only fields its models know (its serializer would drop any other unseen)", () => {
    expect(handed.map((h) => h.type)).toEqual(
      sent.map(modelOf).filter((model): model is string => model !== null),
    );
    for (const { type, data } of handed) expect(violations(data, type, "object"), type).toEqual([]);
  });

  it("carried what Adyen asks of a hosted session: mode, channel, locale, country, shopper email, expiry", () => {
    const sessions = sent.filter((r) => r.endpoint.endsWith("/sessions")).map((r) => JSON.parse(r.body));
    expect(sessions.length).toBeGreaterThanOrEqual(5);
    for (const s of sessions)
      expect(s).toMatchObject({
        mode: "hosted",
        channel: "Web",
        shopperLocale: "nl-NL",
        countryCode: "NL",
        shopperEmail: "anna@example.nl",
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        allowedPaymentMethods: [expect.stringMatching(/^(scheme|ideal)$/)],
      });
  });

  it("gave every POST an idempotency key of its own, random and within Adyen's 64 characters (issue 30 item 6)", () => {
    const posts = sent.filter((r) => r.method === "POST");
    const keys = posts.map((r) => r.idempotencyKey);
    const orderNumbers = sent
      .filter((r) => r.endpoint.endsWith("/sessions"))
      .map((r) => JSON.parse(r.body).merchantOrderReference as string);
    expect(orderNumbers.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^[\w-]{16,64}$/);
      // Not derived from the order number, which repeats after a database reset.
      for (const number of orderNumbers) expect(key).not.toContain(number);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("a return with a redirectResult (a /payments redirect)", () => {
  it("asks /payments/details as PaymentDetailsRequest, under a key of at most 64 characters named by the redirectResult (issue 30 item 6)", async () => {
    const order = await placeOrder("ideal");
    const from = sent.length;
    const redirectResult = `X${"a".repeat(300)}`;
    for (let i = 0; i < 2; i++) {
      const res = await server.post("/api/ext/adyen/payments-details", {
        orderNumber: order.orderNumber,
        orderToken: order.orderToken,
        details: { redirectResult },
      });
      // The gateway never gave this redirectResult: Adyen refuses it, and so does the shop.
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const asked = sent.slice(from).filter((r) => r.endpoint.endsWith("/payments/details"));
    expect(asked).toHaveLength(2);
    for (const request of asked) {
      expect(violations(JSON.parse(request.body), "PaymentDetailsRequest", "wire")).toEqual([]);
      expect(request.idempotencyKey!.length).toBeLessThanOrEqual(64);
    }
    expect(asked[0]!.idempotencyKey).toBe(asked[1]!.idempotencyKey);
  });
});
