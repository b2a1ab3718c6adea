import { randomUUID } from "node:crypto";
import { CheckoutAPI, Client, EnvironmentEnum, HttpClientException, hmacValidator } from "@adyen/api-library";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_PATH } from "../src/providers/payments/test-gateway.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
const ADMIN_TOKEN = "test-admin-token-payments-0123456789";
let cart: ReturnType<typeof cartClient>;

/** Adyen's official client over real HTTP to the built-in gateway (its URLs rewritten to ours). */
function officialClient(apiKey: string) {
  const client = new Client({ apiKey, environment: EnvironmentEnum.TEST });
  client.httpClient = {
    async request(endpoint: string, json: string | Buffer, config: { apiKey?: string }) {
      const url = endpoint.replace(
        /^https:\/\/checkout-test\.adyen\.com\/v72/,
        `${server.url}${CHECKOUT_PATH}`,
      );
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": config.apiKey ?? "" },
        body: json.toString(),
      });
      const body = await res.text();
      if (!res.ok)
        throw new HttpClientException({
          message: `HTTP ${res.status}`,
          statusCode: res.status,
          responseBody: body,
        });
      return body;
    },
  } as never;
  return new CheckoutAPI(client).PaymentsApi;
}

/** The shop's links name PUBLIC_URL (localhost:3000 here); the test server listens elsewhere. */
const local = (url: string) => {
  const u = new URL(url);
  return `${server.url}${u.pathname}${u.search}`;
};
const keys = () => server.services.testGateway!.gateway.keys;
const address = {
  firstname: "Anna",
  lastname: "Jansen",
  street: ["Grote Staat 3"],
  postcode: "6211 CV",
  city: "Maastricht",
  country_id: "NL",
};

async function placeOrder(method: string) {
  const id = await cart.create();
  await cart.update(id, { sku: OWN_SKU, qty: 1 });
  const res = await fetch(`${server.url}/api/order`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      order_id: randomUUID(),
      cart_id: id,
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: "postnl",
        shipping_method_code: "standard",
        payment_method_code: method,
      },
      personalDetails: { email: "anna@example.nl" },
    }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(JSON.stringify(body));
  return body.result as {
    orderNumber: string;
    orderToken: string;
    grand_total: number;
    payment: { action: { url: string } };
  };
}

const form = (url: string, fields: Record<string, string>) =>
  fetch(local(url), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

async function paymentStatus(order: { orderNumber: string; orderToken: string }) {
  const res = await server.get(
    `/api/ext/adyen/payment-status/${order.orderNumber}?token=${encodeURIComponent(order.orderToken)}`,
  );
  return (await res.json()).result as { orderStatus: string; paid: boolean; payment: string };
}

/** Follows the order's redirect to the gateway's hosted page. */
async function hostedPage(order: { payment: { action: { url: string } } }) {
  const res = await fetch(local(order.payment.action.url), { redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

/**
 * Orders take stock for good, and on PostgreSQL every test file shares the catalogue: this file
 * buys a product of its own, so the shared demo products keep the stock the cart tests count on.
 */
const OWN_SKU = `T-PAY-${Math.floor(Math.random() * 90_000) + 10_000}`;

async function importOwnProduct() {
  const n = Number(OWN_SKU.slice(6));
  const record = {
    type: "product",
    data: {
      id: 9_500_000 + n,
      sku: OWN_SKU,
      name: "Betaalproduct",
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: `betaalproduct-${n}`,
      url_path: `betaalproduct-${n}`,
      slug: `betaalproduct-${n}`,
      price: 41.3223,
      tax_class_id: 2,
      stock: { qty: 500, is_in_stock: true },
      category: [],
      category_ids: [],
    },
  };
  const res = await fetch(`${server.url}/api/admin/catalog/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
    body: `${JSON.stringify(record)}\n`,
  });
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  cart = cartClient(server);
  await importOwnProduct();
}, 120_000);
afterAll(() => server?.close());

describe("the built-in gateway through Adyen's official client", () => {
  it("answers /paymentMethods with iDEAL and cards, and refuses a wrong API key", async () => {
    const methods = await officialClient(keys().apiKey).paymentMethods({
      merchantAccount: keys().merchantAccount,
    });
    expect(methods.paymentMethods?.map((m) => m.type)).toEqual(["ideal", "scheme"]);
    await expect(
      officialClient("wrong").paymentMethods({ merchantAccount: keys().merchantAccount }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("runs a card payment through the 3-D Secure 2 challenge to Authorised with /payments/details", async () => {
    const api = officialClient(keys().apiKey);
    const started = await api.payments({
      merchantAccount: keys().merchantAccount,
      amount: { value: 1995, currency: "EUR" },
      reference: `T-${randomUUID()}`,
      returnUrl: `${server.url}/checkout-return`,
      paymentMethod: { type: "scheme" } as never,
    });
    expect(started.resultCode).toBe("RedirectShopper");
    const page = await fetch(local(started.action!.url as string));
    expect(await page.text()).toContain("Testbetaling");
    const challenge = await form(started.action!.url as string, {
      number: "4917 6100 0000 0000",
      expiry: "03/30",
      cvc: "737",
      holder: "J. Jansen",
    });
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain('name="password"');
    const back = await form(`${server.url}/gateway/adyen/3ds/${started.pspReference}`, {
      password: "password",
    });
    expect(back.status).toBe(303);
    const redirectResult = new URL(back.headers.get("location")!).searchParams.get("redirectResult")!;
    const details = await api.paymentsDetails({ details: { redirectResult } });
    expect(details.resultCode).toBe("Authorised");
  });

  it("refuses a card that fails Luhn on the hosted page, before anything is charged", async () => {
    const api = officialClient(keys().apiKey);
    const started = await api.payments({
      merchantAccount: keys().merchantAccount,
      amount: { value: 100, currency: "EUR" },
      reference: `T-${randomUUID()}`,
      returnUrl: `${server.url}/checkout-return`,
      paymentMethod: { type: "scheme" } as never,
    });
    const bad = await form(started.action!.url as string, {
      number: "4111 1111 1111 1112",
      expiry: "03/30",
      cvc: "737",
      holder: "X",
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Het kaartnummer is ongeldig.");
  });
});

describe("paying an order", () => {
  it("pays a guest's iDEAL order: bank simulator, return settled by details, paid by the signed notification", async () => {
    const order = await placeOrder("ideal");
    const bank = await hostedPage(order);
    expect(bank).toContain("/gateway/adyen/ideal/");
    const back = await form(bank, { outcome: "success" });
    const returnUrl = new URL(back.headers.get("location")!);
    expect(returnUrl.pathname).toBe("/checkout-return");
    const settled = await server.post("/api/ext/adyen/payments-details", {
      orderNumber: order.orderNumber,
      orderToken: order.orderToken,
      details: { redirectResult: returnUrl.searchParams.get("redirectResult") },
    });
    expect((await settled.json()).result).toEqual({ resultCode: "Authorised", isFinal: true });
    await expect
      .poll(() => paymentStatus(order))
      .toMatchObject({ orderStatus: "processing", paid: true, payment: "authorised" });
    const view = await server.services.orders.byNumber(order.orderNumber);
    expect(view?.test_payment).toBe(true);
  });

  it("keeps a refused card's order pending and lets the same order be paid with iDEAL", async () => {
    const order = await placeOrder("card");
    const card = await hostedPage(order);
    const refused = await form(card, {
      number: "4111 1111 1111 1111",
      expiry: "03/30",
      cvc: "737",
      holder: "DECLINED",
    });
    const redirectResult = new URL(refused.headers.get("location")!).searchParams.get("redirectResult");
    const settled = await server.post("/api/ext/adyen/payments-details", {
      orderNumber: order.orderNumber,
      orderToken: order.orderToken,
      details: { redirectResult },
    });
    expect((await settled.json()).result).toEqual({ resultCode: "Refused", isFinal: true });
    await expect
      .poll(() => paymentStatus(order))
      .toMatchObject({ orderStatus: "pending", paid: false, payment: "refused" });

    const retry = await server.post("/api/ext/adyen/initiate", {
      orderNumber: order.orderNumber,
      orderToken: order.orderToken,
      method: "ideal",
    });
    const { action } = (await retry.json()).result;
    await form(action.url, { outcome: "success" });
    await expect.poll(() => paymentStatus(order)).toMatchObject({ orderStatus: "processing", paid: true });
    const view = await server.services.orders.byNumber(order.orderNumber);
    expect(view?.payments.map((p) => [p.method, p.status])).toEqual([
      ["card", "refused"],
      ["ideal", "authorised"],
    ]);
  });
});

describe("POST /api/ext/adyen/notifications", () => {
  async function pendingAttempt() {
    const order = await placeOrder("ideal");
    await hostedPage(order); // starts the payment at the gateway: reference `<order>-1`
    return order;
  }
  const item = (order: { orderNumber: string; grand_total: number }, value: number) => {
    const i: Record<string, unknown> = {
      amount: { value, currency: "EUR" },
      eventCode: "AUTHORISATION",
      merchantAccountCode: keys().merchantAccount,
      merchantReference: `${order.orderNumber}-1`,
      pspReference: `PSP${randomUUID().slice(0, 12)}`,
      success: "true",
    };
    i.additionalData = { hmacSignature: new hmacValidator().calculateHmac(i as never, keys().hmacKey) };
    return i;
  };
  const send = (i: Record<string, unknown>) =>
    server.post("/api/ext/adyen/notifications", {
      live: "false",
      notificationItems: [{ NotificationRequestItem: i }],
    });

  it("refuses a bad signature with 401 and changes nothing", async () => {
    const order = await pendingAttempt();
    const forged = {
      ...item(order, Math.round(order.grand_total * 100)),
      additionalData: { hmacSignature: "AAAA" },
    };
    expect((await send(forged)).status).toBe(401);
    expect((await paymentStatus(order)).paid).toBe(false);
  });

  it("does not pay an order for another amount, and applies a replayed notification once", async () => {
    const order = await pendingAttempt();
    const wrong = await send(item(order, Math.round(order.grand_total * 100) - 1));
    expect(await wrong.text()).toBe("[accepted]");
    expect((await paymentStatus(order)).paid).toBe(false);
    const right = item(order, Math.round(order.grand_total * 100));
    expect(await (await send(right)).text()).toBe("[accepted]");
    expect(await (await send(right)).text()).toBe("[accepted]");
    expect(await paymentStatus(order)).toMatchObject({ orderStatus: "processing", paid: true });
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from payment_notifications where psp_reference = '${right.pspReference}'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
