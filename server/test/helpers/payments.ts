import { randomUUID } from "node:crypto";
import { hmacValidator } from "@adyen/api-library";
import { cartClient } from "./cart-fixtures.ts";
import { importOwnProducts } from "./own-products.ts";
import type { HttpServer, TestServer } from "./test-server.ts";

const gatewayKeys = (server: TestServer) => server.services.testGateway!.gateway.keys;

/** The shop's links name PUBLIC_URL (localhost:3000 in tests); the test server listens elsewhere. */
export function local(server: HttpServer, url: string): string {
  const u = new URL(url, server.url);
  return `${server.url}${u.pathname}${u.search}`;
}

/** Posts a hosted page's form, without following the redirect. */
export function postForm(server: HttpServer, url: string, fields: Record<string, string>) {
  return fetch(local(server, url), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

export const TEST_CARD = {
  number: "4111 1111 4555 1142",
  expiry: "03/30",
  cvc: "737",
  holder: "J. de Vries",
};
export const CHALLENGE_CARD = { ...TEST_CARD, number: "4212 3456 7891 0006" };

export interface PlacedOrder {
  orderNumber: string;
  orderToken: string;
  grand_total: number;
  payment: { action: { url: string } };
}

const address = {
  firstname: "Anna",
  lastname: "Jansen",
  street: ["Grote Staat 3"],
  postcode: "6211 CV",
  city: "Maastricht",
  country_id: "NL",
  telephone: "0612345678",
};

/** `POST /api/order`'s body for a cart, delivered by PostNL to Anna in Maastricht. */
export function orderBody(cartId: string, method: "ideal" | "card" | "cashondelivery") {
  return {
    order_id: randomUUID(),
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_carrier_code: "postnl",
      shipping_method_code: "standard",
      payment_method_code: method,
    },
    personalDetails: { email: "anna@example.nl" },
  };
}

/** A product of the test file's own (stock of its own), and orders of it paid online. */
export async function orderMaker(server: HttpServer, adminToken: string, skuPrefix: string) {
  const n = Math.floor(Math.random() * 90_000) + 10_000;
  const sku = `${skuPrefix}-${n}`;
  await importOwnProducts(server, adminToken, [{ id: 9_600_000 + n, sku, name: "Betaalproduct", qty: 1000 }]);
  const cart = cartClient(server);
  return async function placeOrder(method: "ideal" | "card"): Promise<PlacedOrder> {
    const id = await cart.create();
    await cart.update(id, { sku, qty: 1 });
    const res = await server.post("/api/order", orderBody(id, method), {
      headers: { "idempotency-key": randomUUID() },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return body.result;
  };
}

/** Starts the order's payment: the hosted page the shop sends the shopper to. */
export async function hostedPage(server: HttpServer, order: PlacedOrder): Promise<string> {
  const res = await fetch(local(server, order.payment.action.url), { redirect: "manual" });
  if (res.status !== 303) throw new Error(`redirect-url answered ${res.status}: ${await res.text()}`);
  return res.headers.get("location")!;
}

/** Follows a 303 at the gateway to where it leads (another page, or the shop's return). */
export function location(res: Response): URL {
  const to = res.headers.get("location");
  if (res.status !== 303 || !to) throw new Error(`expected a 303, got ${res.status}`);
  return new URL(to, "http://gateway.invalid");
}

export async function paymentStatus(server: HttpServer, order: { orderNumber: string; orderToken: string }) {
  const res = await server.get(
    `/api/ext/adyen/payment-status/${order.orderNumber}?token=${encodeURIComponent(order.orderToken)}`,
  );
  return (await res.json()).result as {
    orderStatus: string;
    paid: boolean;
    payment: string;
    resultCode: string;
  };
}

/** The shop's return endpoint, with what the gateway handed the shopper. */
export function settle(server: HttpServer, order: PlacedOrder, back: URL) {
  const sessionId = back.searchParams.get("sessionId");
  const sessionResult = back.searchParams.get("sessionResult");
  return server.post("/api/ext/adyen/payments-details", {
    orderNumber: order.orderNumber,
    orderToken: order.orderToken,
    details: sessionId
      ? { sessionId, sessionResult }
      : { redirectResult: back.searchParams.get("redirectResult") },
  });
}

/** Delivers the gateway's queued notifications now (a round of its sender). */
export async function deliver(server: TestServer): Promise<void> {
  await server.services.testGateway!.gateway.notifications.deliverDue();
}

/** A notification item signed with the gateway's key, as Adyen would send it. */
export function signedItem(server: TestServer, fields: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {
    eventDate: new Date().toISOString(),
    merchantAccountCode: gatewayKeys(server).merchantAccount,
    reason: "",
    ...fields,
  };
  const amount = item.amount as { value: number; currency: string };
  // Adyen's signing string; the shop checks it with the library's own validator.
  const data = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    amount.value,
    amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
  item.additionalData = {
    ...(fields.additionalData as object | undefined),
    hmacSignature: new hmacValidator().calculateHmac(data, gatewayKeys(server).hmacKey),
  };
  return item;
}

export function notify(server: TestServer, item: Record<string, unknown>) {
  return server.post("/api/ext/adyen/notifications", {
    live: "false",
    notificationItems: [{ NotificationRequestItem: item }],
  });
}

/** Pays a placed iDEAL order at the gateway's bank and waits until the notification made it paid. */
export async function paidOrder(server: TestServer, order: PlacedOrder): Promise<PlacedOrder> {
  const page = await hostedPage(server, order);
  const bank = location(await fetch(local(server, page), { redirect: "manual" }));
  await postForm(server, bank.pathname, { outcome: "success" });
  await deliver(server);
  const { paid } = await paymentStatus(server, order);
  if (!paid) throw new Error(`order ${order.orderNumber} was not paid`);
  return order;
}

/** The pspReference the gateway gave an attempt's authorised payment. */
export async function authorisedPsp(server: TestServer, reference: string): Promise<string> {
  const { rows } = await server.services.database.db.execute<{ psp: string }>(
    `select psp_reference as psp from adyen_test_payments where merchant_reference = '${reference}' and result_code = 'Authorised'`,
  );
  return rows[0]!.psp;
}
