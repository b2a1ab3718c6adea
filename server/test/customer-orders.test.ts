/**
 * Accounts meet checkout: a logged-in customer's order is theirs (order history and the order
 * page), never another customer's, and a confirmed order mails its confirmation from the same
 * transaction, with a link to the order for a customer and none for a guest.
 */
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../src/db/schema.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN_TOKEN = "test-admin-token-customer-orders-0123";
const BASE = "/api/ext/tritonx";
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const run = Math.floor(Math.random() * 90_000) + 10_000;
const sku = `T-CUSTORD-${run}`;
let server: TestServer;

const address = {
  firstname: "Noor",
  lastname: "Bakker",
  street: ["Oudegracht 12", ""],
  postcode: "3511ab",
  city: "Utrecht",
  country_id: "NL",
};

beforeAll(async () => {
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN, PUBLIC_URL: "https://shop.example.nl" },
  });
  const product = {
    type: "product",
    data: {
      id: 9_400_000 + (run % 1000),
      sku,
      name: "Klantproduct",
      type_id: "simple",
      status: 1,
      visibility: 4,
      url_key: `klantproduct-${run}`,
      url_path: `klantproduct-${run}`,
      slug: `klantproduct-${run}`,
      price: 41.3223,
      tax_class_id: 2,
      stock: { qty: 20, is_in_stock: true },
      category: [],
      category_ids: [],
    },
  };
  const res = await fetch(`${server.url}/api/admin/catalog/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
    body: `${JSON.stringify(product)}\n`,
  });
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
}, 120_000);
afterAll(() => server?.close());

async function customer(name: string) {
  const email = `${name}.${run}@example.nl`;
  const created = await server.post(`${BASE}/create`, {
    customer: { email, firstname: "Noor", lastname: name },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  const login = await (await server.post(`${BASE}/login`, { username: email, password: PASSWORD })).json();
  return { email, auth: { headers: { authorization: `Bearer ${login.result}` } } };
}

async function placeOrder(email: string, init: RequestInit = {}) {
  const cart = cartClient(server);
  const cartId = await cart.create(init);
  expect((await cart.update(cartId, { sku, qty: 1 }, init)).status).toBe(200);
  const res = await fetch(`${server.url}/api/order`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
      ...(init.headers as Record<string, string> | undefined),
    },
    body: JSON.stringify({
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
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result.orderNumber as string;
}

async function mailsTo(to: string) {
  await server.services.mail.worker.deliverDue();
  return server.services.database.db
    .select()
    .from(mailboxMessages)
    .where(eq(mailboxMessages.to, to))
    .orderBy(desc(mailboxMessages.id));
}

describe("a customer's orders", () => {
  it("shows a logged-in customer's order in their history and order page, and to nobody else", async () => {
    const noor = await customer("noor");
    const orderNumber = await placeOrder(noor.email, noor.auth);
    const history = await (
      await server.get(`${BASE}/order-history?pageSize=20&currentPage=1`, noor.auth)
    ).json();
    expect(history.result.total_count).toBe(1);
    expect(history.result.items[0]).toMatchObject({
      increment_id: orderNumber,
      status: "processing",
      status_label: "wordt verwerkt",
      grand_total: 54.95,
      shipping_incl_tax: 4.95,
      payment_method: "cashondelivery",
      items: [expect.objectContaining({ sku, qty: 1, row_total_incl_tax: 50 })],
    });
    const page = await server.get(`${BASE}/orders/${orderNumber}`, noor.auth);
    expect(page.status).toBe(200);
    expect((await page.json()).result.increment_id).toBe(orderNumber);

    const other = await customer("anders");
    expect((await server.get(`${BASE}/orders/${orderNumber}`, other.auth)).status).toBe(404);
    const theirs = await (
      await server.get(`${BASE}/order-history?pageSize=20&currentPage=1`, other.auth)
    ).json();
    expect(theirs.result.total_count).toBe(0);
  });

  it("mails the confirmation of a confirmed order: with a link to the order for a customer", async () => {
    const sem = await customer("sem");
    const orderNumber = await placeOrder(sem.email, sem.auth);
    const [mail] = await mailsTo(sem.email);
    expect(mail?.subject).toBe(`Bedankt voor je bestelling ${orderNumber}`);
    expect(mail?.text).toContain("1 × Klantproduct");
    expect(mail?.text).toContain("€ 54,95");
    expect(mail?.html).toContain(`https://shop.example.nl/my-account/orders/${orderNumber}`);
  });

  it("mails a guest's confirmation without an account link", async () => {
    const email = `gast.${run}.${randomUUID().slice(0, 8)}@example.nl`;
    const orderNumber = await placeOrder(email);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(`Bedankt voor je bestelling ${orderNumber}`);
    expect(mail?.html).not.toContain("/my-account/");
    expect(mail?.html).toContain("Noor");
  });
});
