import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storefrontCheckout } from "../src/ssr/storefront-checkout.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Checkout for customers (issue 13): an account made while checking out gets the order, and the
 * checkout page's in-process face serves a customer's own cart, details and saved addresses only
 * with that customer's token, keeps the chosen shipping method for the totals, and places the
 * order on the account.
 */
let server: TestServer;
const ADMIN_TOKEN = "test-admin-token-checkout-customer-0123";
const run = Math.floor(Math.random() * 90_000) + 10_000;
/** This file's own product: its orders never take the demo stock other files count on. */
const f = { simple: { sku: `T-CHKCUST-${run}` } };
let cart: ReturnType<typeof cartClient>;
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const API = "/api/ext/tritonx";

const address = {
  firstname: "Femke",
  lastname: "Bakker",
  street: ["Grote Markt", "7 a"],
  postcode: "9711 AB",
  city: "Groningen",
  country_id: "NL",
};

function orderBody(cartId: string, email: string) {
  return {
    order_id: randomUUID(),
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_carrier_code: "postnl",
      shipping_method_code: "standard",
      payment_method_code: "cashondelivery",
    },
    personalDetails: { email },
  };
}

/** A new customer, as the checkout's "Create an account" makes one; their access token. */
async function newCustomer(withAddress: boolean) {
  const email = `klant-${randomUUID()}@example.nl`;
  const created = await server.post(`${API}/create`, {
    customer: {
      email,
      firstname: "Femke",
      lastname: "Bakker",
      ...(withAddress ? { addresses: [{ ...address, default_shipping: true }] } : {}),
    },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  const login = await server.post(`${API}/login`, { username: email, password: PASSWORD });
  expect(login.status).toBe(200);
  return { email, token: (await login.json()).result as string };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  await importOwnProducts(server, ADMIN_TOKEN, [
    { id: 9_600_000 + run, sku: f.simple.sku, name: "Klantbestelproduct", qty: 50 },
  ]);
  cart = cartClient(server);
}, 120_000);
afterAll(() => server?.close());

describe("checkout for customers", () => {
  it("gives an order placed with a new account's token to that account (the guest cart it came from)", async () => {
    const id = await cart.create();
    expect((await cart.update(id, { sku: f.simple.sku, qty: 1 })).status).toBe(200);
    const { email, token } = await newCustomer(false);
    const placed = await fetch(`${server.url}/api/order`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(orderBody(id, email)),
    });
    expect(placed.status).toBe(200);
    const { orderNumber } = (await placed.json()).result;
    const history = await (await server.get(`${API}/order-history`, bearer(token))).json();
    expect(history.result.items.map((o: { increment_id: string }) => o.increment_id)).toContain(orderNumber);
  });

  it("serves a customer's cart, details and addresses to the checkout only with their token, and places the order on the account", async () => {
    const checkout = storefrontCheckout(server.services);
    const { email, token } = await newCustomer(true);
    const cartId = await cart.create(bearer(token));
    expect((await cart.update(cartId, { sku: f.simple.sku, qty: 1 }, bearer(token))).status).toBe(200);

    // Without the token (the page's first render) the cart is named a customer's, nothing shown.
    expect(await checkout.summary(cartId, "NL")).toBe("customer");
    expect(await checkout.summary(cartId, "NL", "not-a-token")).toBe("customer");
    expect(await checkout.customer("not-a-token")).toBeNull();

    const customer = await checkout.customer(token);
    expect(customer).toMatchObject({ email, firstname: "Femke", lastname: "Bakker" });
    expect(customer?.addresses).toEqual([
      expect.objectContaining({ street: ["Grote Markt", "7 a"], city: "Groningen", default_shipping: true }),
    ]);

    const before = await checkout.summary(cartId, "NL", token);
    if (!before || before === "customer") throw new Error("no summary");
    expect(before.lines.map((l) => l.sku)).toEqual([f.simple.sku]);
    expect(before.segments.some((s) => s.code === "shipping")).toBe(false);
    // The chosen method is kept on the cart: the server's totals carry its line before ordering.
    expect(await checkout.chooseShipping(cartId, "postnl:evening", token)).toBe(true);
    expect(await checkout.chooseShipping(cartId, "postnl:evening", "not-a-token")).toBe(false);
    const after = await checkout.summary(cartId, "NL", token);
    if (!after || after === "customer") throw new Error("no summary");
    expect(after.segments.find((s) => s.code === "shipping")).toMatchObject({ value: 7.95 });
    expect(after.grandTotal).toBeCloseTo(before.grandTotal + 7.95, 2);

    const key = randomUUID();
    const body = { ...orderBody(cartId, email), order_id: key };
    // Someone else's cart: no order without the customer's token.
    const refused = await checkout.place(key, body);
    expect(refused.ok).toBe(false);
    const placed = await checkout.place(randomUUID(), body, token);
    if (!placed.ok) throw new Error(placed.message);
    const order = await server.services.orders.byNumber(placed.orderNumber);
    const session = await server.services.accounts.verify(token);
    expect(order?.customer_id).toBe(session?.customerId);
  });

  it("joins a guest's order to the account made on the thank-you page: only with its token and the order's own e-mail", async () => {
    const checkout = storefrontCheckout(server.services);
    const id = await cart.create();
    expect((await cart.update(id, { sku: f.simple.sku, qty: 1 })).status).toBe(200);
    const email = `gast-${randomUUID()}@example.nl`;
    const placed = await checkout.place(randomUUID(), orderBody(id, email));
    if (!placed.ok) throw new Error(placed.message);
    expect(await checkout.guestOrder(placed.orderNumber, "niet-het-token")).toBeNull();
    expect(await checkout.guestOrder(placed.orderNumber, placed.orderToken)).toEqual({
      email,
      firstname: "Femke",
      lastname: "Bakker",
    });

    // Someone else's account does not get the order, even with its token.
    const other = await newCustomer(false);
    expect(await checkout.claim(placed.orderNumber, placed.orderToken, other.token)).toBe(false);

    const created = await server.post(`${API}/create`, {
      customer: { email, firstname: "Femke", lastname: "Bakker" },
      password: PASSWORD,
    });
    expect(created.status).toBe(200);
    const token = (await (await server.post(`${API}/login`, { username: email, password: PASSWORD })).json())
      .result as string;
    expect(await checkout.claim(placed.orderNumber, "niet-het-token", token)).toBe(false);
    expect(await checkout.claim(placed.orderNumber, placed.orderToken, token)).toBe(true);
    // Once an account's, the order is no guest's to offer or move again.
    expect(await checkout.guestOrder(placed.orderNumber, placed.orderToken)).toBeNull();
    expect(await checkout.claim(placed.orderNumber, placed.orderToken, token)).toBe(false);
    const history = await (await server.get(`${API}/order-history`, bearer(token))).json();
    expect(history.result.items.map((o: { increment_id: string }) => o.increment_id)).toContain(
      placed.orderNumber,
    );
  });
});
