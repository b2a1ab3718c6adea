import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Server } from "node:tls";
import adyen from "@adyen/api-library";
import type Config from "@adyen/api-library/lib/src/config.js";
import type { IRequest } from "@adyen/api-library/lib/src/typings/requestOptions.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { location, postForm } from "./helpers/payments.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * The built-in gateway tried as an outside client would try Adyen (issue 24 items 2-3, issue 30
 * item 7): `@adyen/api-library`'s `CheckoutAPI` with its own HTTPS transport
 * (`HttpURLConnectionClient`: its headers, its TLS request, its reading of Adyen's errors), only
 * the host rewritten from checkout-test.adyen.com to a TLS front of the test server (a certificate
 * made for the run; the library's `certificatePath: "unencrypted"` accepts it).
 */

const { CheckoutAPI, Client, EnvironmentEnum, HttpClientException, HttpURLConnectionClient } = adyen;
const checkout = adyen.Types.checkout;
const ADYEN = /^https:\/\/checkout-test\.adyen\.com\/v72/;

/** The library's own transport, pointed at the gateway instead of Adyen's host. */
class ToGateway extends HttpURLConnectionClient {
  constructor(private readonly base: string) {
    super();
  }

  override request(
    endpoint: string,
    json: string,
    config: Config,
    isApiRequired: boolean,
    requestOptions?: IRequest.Options,
  ): Promise<string> {
    return super.request(endpoint.replace(ADYEN, this.base), json, config, isApiRequired, requestOptions);
  }
}

let server: TestServer;
let front: Server;
let base: string;
let merchantAccount: string;
let apiKey: string;
let tls: string;

function checkoutApi(key = apiKey) {
  const client = new Client({
    apiKey: key,
    environment: EnvironmentEnum.TEST,
    certificatePath: "unencrypted",
  });
  client.httpClient = new ToGateway(base);
  return new CheckoutAPI(client).PaymentsApi;
}

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  ({ merchantAccount, apiKey } = server.services.testGateway!.gateway.keys);
  const port = Number(new URL(server.url).port);
  // A throw-away certificate for this run (the library speaks HTTPS only); no key in the repository.
  tls = await mkdtemp(path.join(tmpdir(), "etalage-tls-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      path.join(tls, "key.pem"),
      "-out",
      path.join(tls, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  front = createServer(
    {
      key: readFileSync(path.join(tls, "key.pem")),
      cert: readFileSync(path.join(tls, "cert.pem")),
    },
    (socket) => {
      const upstream = connect(port, "127.0.0.1");
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    },
  );
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const address = front.address();
  base = `https://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/gateway/adyen/checkout/v72`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => front?.close(resolve));
  await rm(tls, { recursive: true, force: true });
  await server?.close();
});

const card = (number: string, holderName = "J. de Vries") => ({
  type: checkout.CardDetails.TypeEnum.Scheme,
  encryptedCardNumber: `test_${number}`,
  encryptedExpiryMonth: "test_03",
  encryptedExpiryYear: "test_2030",
  encryptedSecurityCode: "test_737",
  holderName,
});

let n = 0;
const payment = (paymentMethod: Record<string, unknown>) => ({
  amount: { value: 4995, currency: "EUR" },
  reference: `CONTRACT-${Date.now()}-${++n}`,
  returnUrl: "https://shop.example/checkout-return",
  merchantAccount,
  channel: checkout.PaymentRequest.ChannelEnum.Web,
  paymentMethod,
});

/** What the library threw, as Adyen's error answer. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("expected Adyen to refuse the request");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpClientException);
  const { statusCode, apiError } = error as InstanceType<typeof HttpClientException>;
  return { statusCode, apiError };
}

describe("PaymentsApi.payments through the library's HTTPS client", () => {
  it("refuses test card 4111 1111 4555 1142 for holder DECLINED, with a refusal reason", async () => {
    const answer = await checkoutApi().payments(payment(card("4111111145551142", "DECLINED")));
    expect(answer.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.Refused);
    expect(answer.refusalReason).toBeTruthy();
    expect(answer.pspReference).toMatch(/^[0-9A-Z]{16}$/);
  });

  it("authorises the same card for another holder", async () => {
    const answer = await checkoutApi().payments(payment(card("4111111145551142")));
    expect(answer.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.Authorised);
  });

  it("answers 3-D Secure card 4212 3456 7891 0006 with a challenge action; password `password` then /payments/details authorise it", async () => {
    const api = checkoutApi();
    const answer = await api.payments(payment(card("4212345678910006")));
    expect(answer.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.RedirectShopper);
    const action = answer.action as { type: string; url: string; method: string; paymentData?: string };
    expect(action).toMatchObject({ type: "redirect", method: "GET" });
    // Checkout v72's redirect action has no paymentData.
    expect(action.paymentData).toBeUndefined();
    const challenge = new URL(action.url);
    const back = location(await postForm(server, challenge.pathname, { password: "password" }));
    expect(back.origin + back.pathname).toBe("https://shop.example/checkout-return");
    const details = await api.paymentsDetails({
      details: { redirectResult: back.searchParams.get("redirectResult")! },
    });
    expect(details.resultCode).toBe(checkout.PaymentDetailsResponse.ResultCodeEnum.Authorised);
  });

  it("answers a native 3-D Secure 2 request with a threeDS2 challenge action", async () => {
    const answer = await checkoutApi().payments({
      ...payment(card("4212345678910006")),
      authenticationData: {
        threeDSRequestData: { nativeThreeDS: checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred },
      },
    });
    expect(answer.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.ChallengeShopper);
    expect(answer.action).toMatchObject({ type: "threeDS2", subtype: "challenge" });
  });

  it("refuses a scheme payment without card data with HTTP 422 in Adyen's error shape", async () => {
    const { statusCode, apiError } = await refusal(
      checkoutApi().payments(payment({ type: checkout.CardDetails.TypeEnum.Scheme })),
    );
    expect(statusCode).toBe(422);
    expect(apiError).toEqual({
      status: 422,
      errorCode: "14_007",
      message: "Invalid payment method data",
      errorType: "validation",
    });
  });

  it("refuses a wrong API key with 401, as Adyen does", async () => {
    const { statusCode, apiError } = await refusal(
      checkoutApi("AQE-not-the-key").payments(payment(card("4111111145551142"))),
    );
    expect(statusCode).toBe(401);
    expect(apiError).toMatchObject({ status: 401, errorType: "security" });
  });

  it("answers the same Idempotency-Key with the first answer, making one payment (issue 30 item 7)", async () => {
    const api = checkoutApi();
    const request = payment(card("4111111145551142"));
    const idempotencyKey = crypto.randomUUID();
    const first = await api.payments(request, { idempotencyKey });
    const again = await api.payments(request, { idempotencyKey });
    expect(again.pspReference).toBe(first.pspReference);
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from adyen_test_payments where merchant_reference = '${request.reference}'`,
    );
    expect(rows[0]!.n).toBe(1);
    const other = await api.payments(request, { idempotencyKey: crypto.randomUUID() });
    expect(other.pspReference).not.toBe(first.pspReference);
  });

  it("sends iDEAL to the bank with a redirect action without paymentData", async () => {
    const answer = await checkoutApi().payments(payment({ type: checkout.IdealDetails.TypeEnum.Ideal }));
    expect(answer.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.RedirectShopper);
    expect(answer.action).toMatchObject({ type: "redirect", method: "GET", paymentMethodType: "ideal" });
    expect(answer.action).not.toHaveProperty("paymentData");
  });

  it("lists iDEAL without issuers (iDEAL 2.0) among the payment methods", async () => {
    const { paymentMethods } = await checkoutApi().paymentMethods({ merchantAccount, countryCode: "NL" });
    const ideal = paymentMethods?.find((m) => m.type === "ideal");
    expect(ideal).toBeDefined();
    expect(ideal?.issuers).toBeUndefined();
  });
});

describe("sessions and idempotency through the library's HTTPS client", () => {
  const session = (mode: "hosted" | "embedded") => ({
    amount: { value: 4995, currency: "EUR" },
    reference: `CONTRACT-S-${Date.now()}-${++n}`,
    returnUrl: "https://shop.example/checkout-return",
    merchantAccount,
    mode:
      mode === "hosted"
        ? checkout.CreateCheckoutSessionRequest.ModeEnum.Hosted
        : checkout.CreateCheckoutSessionRequest.ModeEnum.Embedded,
    countryCode: "NL",
  });

  it("answers a hosted session with the url to send the shopper to, an embedded one with sessionData only", async () => {
    const api = checkoutApi();
    const hosted = await api.sessions(session("hosted"));
    expect(hosted.id).toMatch(/^CS/);
    expect(hosted.sessionData).toBeTruthy();
    expect(new URL(hosted.url!).pathname).toBe(`/gateway/adyen/pay/${hosted.id}`);
    const embedded = await api.sessions(session("embedded"));
    expect(embedded.sessionData).toBeTruthy();
    expect(embedded.url).toBeUndefined();
  });

  it("refuses an Idempotency-Key longer than 64 characters, and does not keep a refused request's answer", async () => {
    const api = checkoutApi();
    const long = await refusal(
      api.payments(payment(card("4111111145551142")), { idempotencyKey: "k".repeat(65) }),
    );
    expect(long.statusCode).toBe(400);
    const idempotencyKey = crypto.randomUUID();
    const refused = await refusal(
      api.payments(payment({ type: checkout.CardDetails.TypeEnum.Scheme }), { idempotencyKey }),
    );
    expect(refused.statusCode).toBe(422);
    // The corrected retry under the same key runs, as at Adyen.
    const corrected = await api.payments(payment(card("4111111145551142")), { idempotencyKey });
    expect(corrected.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.Authorised);
  });
});

describe("ModificationsApi through the library's HTTPS client (issue 25)", () => {
  function modificationsApi() {
    const client = new Client({ apiKey, environment: EnvironmentEnum.TEST, certificatePath: "unencrypted" });
    client.httpClient = new ToGateway(base);
    return new CheckoutAPI(client).ModificationsApi;
  }
  const amount = (value: number) => ({ value, currency: "EUR" });
  const status = checkout.PaymentRefundResponse.StatusEnum.Received;

  /** The notification the gateway queued for a modification's pspReference. */
  async function notificationOf(psp: string) {
    const { rows } = await server.services.database.db.execute<{ item: Record<string, unknown> }>(
      `select item from adyen_test_notifications where item->>'pspReference' = '${psp}'`,
    );
    return rows[0]?.item as {
      eventCode: string;
      success: string;
      reason?: string;
      additionalData?: Record<string, string>;
    };
  }

  async function authorised(options: { manualCapture?: boolean } = {}) {
    const settings = server.services.testGateway!.gateway.ledger.settings;
    if (options.manualCapture) settings.captureDelay = "manual";
    try {
      const paid = await checkoutApi().payments(payment(card("4111111145551142")));
      expect(paid.resultCode).toBe(checkout.PaymentResponse.ResultCodeEnum.Authorised);
      return { psp: paid.pspReference!, reference: paid.merchantReference! };
    } finally {
      settings.captureDelay = "immediate";
    }
  }

  it("refunds a captured payment: received, then a successful REFUND notification", async () => {
    const { psp } = await authorised();
    const refund = await modificationsApi().refundCapturedPayment(psp, {
      amount: amount(1000),
      merchantAccount,
      reference: `REF-${psp}`,
      merchantRefundReason: checkout.PaymentRefundRequest.MerchantRefundReasonEnum.Return,
    });
    expect(refund).toMatchObject({ status, paymentPspReference: psp, amount: amount(1000) });
    expect(await notificationOf(refund.pspReference)).toMatchObject({ eventCode: "REFUND", success: "true" });
  });

  it("declines a refund whose amount ends in 13 cents: received, then REFUND with success false and a reason", async () => {
    const { psp } = await authorised();
    const refund = await modificationsApi().refundCapturedPayment(psp, {
      amount: amount(513),
      merchantAccount,
    });
    expect(refund.status).toBe(status);
    expect(await notificationOf(refund.pspReference)).toMatchObject({
      eventCode: "REFUND",
      success: "false",
      reason: "Refund declined (test amount rule)",
    });
  });

  it("captures and cancels where the account captures by hand, and cancels by merchant reference", async () => {
    const captured = await authorised({ manualCapture: true });
    const capture = await modificationsApi().captureAuthorisedPayment(captured.psp, {
      amount: amount(4995),
      merchantAccount,
    });
    expect(capture.status).toBe(checkout.PaymentCaptureResponse.StatusEnum.Received);
    expect(await notificationOf(capture.pspReference)).toMatchObject({
      eventCode: "CAPTURE",
      success: "true",
    });
    const open = await authorised({ manualCapture: true });
    const cancel = await modificationsApi().cancelAuthorisedPaymentByPspReference(open.psp, {
      merchantAccount,
    });
    expect(cancel.status).toBe(checkout.PaymentCancelResponse.StatusEnum.Received);
    expect(await notificationOf(cancel.pspReference)).toMatchObject({
      eventCode: "CANCELLATION",
      success: "true",
    });
    const other = await authorised({ manualCapture: true });
    const technical = await modificationsApi().cancelAuthorisedPayment({
      paymentReference: other.reference,
      merchantAccount,
    });
    expect(technical.status).toBe(checkout.StandalonePaymentCancelResponse.StatusEnum.Received);
    expect(await notificationOf(technical.pspReference)).toMatchObject({ success: "true" });
  });

  it("reverses a captured payment: CANCEL_OR_REFUND says it refunded", async () => {
    const { psp } = await authorised();
    const reversal = await modificationsApi().refundOrCancelPayment(psp, { merchantAccount });
    expect(reversal.status).toBe(checkout.PaymentReversalResponse.StatusEnum.Received);
    expect(await notificationOf(reversal.pspReference)).toMatchObject({
      eventCode: "CANCEL_OR_REFUND",
      success: "true",
      additionalData: { "modification.action": "refund" },
    });
  });
});

describe("what Adyen refuses, over plain HTTP", () => {
  const post = (path: string, body: unknown, key = apiKey) =>
    fetch(`${server.url}/gateway/adyen/checkout/v72${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key },
      body: JSON.stringify(body),
    });

  it("answers an unknown path with Adyen's JSON error, not the shop's page", async () => {
    const res = await post("/no-such-endpoint", {});
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ status: 404, errorType: "validation" });
  });

  it("answers a payment without merchantAccount with 422 naming the field", async () => {
    const { merchantAccount: _left, ...body } = payment(card("4111111145551142"));
    const res = await post("/payments", body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      status: 422,
      errorCode: "702",
      message: "Required field 'merchantAccount' is null",
      errorType: "validation",
    });
  });

  it("refuses a field Adyen's PaymentRequest does not have, and raw card numbers", async () => {
    const unknown = await post("/payments", { ...payment(card("4111111145551142")), shopperLocal: "nl-NL" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("unknown fields: [shopperLocal]");
    const raw = await post(
      "/payments",
      payment({
        type: "scheme",
        number: "4111111145551142",
        expiryMonth: "03",
        expiryYear: "2030",
        cvc: "737",
      }),
    );
    expect(raw.status).toBe(403);
  });

  it("answers a redirectResult it never gave with a validation error, not an invalid card number", async () => {
    const res = await post("/payments/details", { details: { redirectResult: "forged" } });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ status: 422, errorType: "validation" });
    expect(body.errorCode).not.toBe("101");
    expect(body.errorCode).not.toBe("14_0");
  });
});
