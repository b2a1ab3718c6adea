/**
 * Accounts meet checkout: a logged-in customer's order is theirs (order history and the order
 * page), never another customer's, and a confirmed order mails its confirmation from the same
 * transaction, with a link to the order for a customer and to the order's status page for a guest.
 */
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../src/db/schema.ts";
import { cartClient, giftCardTo } from "./helpers/cart-fixtures.ts";
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

/** An order of `sku`, cash on delivery; `more` cart lines besides, a billing address of its own. */
async function placeOrder(
  email: string,
  init: RequestInit = {},
  {
    billingAddress = address,
    more = [],
    delivery = { shipping_carrier_code: "postnl", shipping_method_code: "standard" },
  }: {
    billingAddress?: object;
    more?: Record<string, unknown>[];
    delivery?: Record<string, unknown>;
  } = {},
) {
  const cart = cartClient(server);
  const cartId = await cart.create(init);
  expect((await cart.update(cartId, { sku, qty: 1 }, init)).status).toBe(200);
  for (const item of more) expect((await cart.update(cartId, item, init)).status).toBe(200);
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
        billingAddress,
        ...delivery,
        payment_method_code: "cashondelivery",
      },
      personalDetails: { email },
    }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result as { orderNumber: string; orderToken: string };
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
    const { orderNumber } = await placeOrder(noor.email, noor.auth);
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
    expect(
      (await (await server.get(`${BASE}/orders/${orderNumber}`, noor.auth)).json()).result,
    ).toMatchObject({
      tax_amount: expect.any(Number),
      pickup: null,
    });
    const theirs = await (
      await server.get(`${BASE}/order-history?pageSize=20&currentPage=1`, other.auth)
    ).json();
    expect(theirs.result.total_count).toBe(0);
  });

  it("shows a store pick-up's store with its opening hours and the VAT on the order page (issue 23, item 5)", async () => {
    const sem = await customer("sem");
    const { orderNumber } = await placeOrder(sem.email, sem.auth, {
      delivery: {
        shipping_carrier_code: "store",
        shipping_method_code: "pickup",
        payment_method_additional: { store_id: "utrecht-oudegracht" },
      },
    });
    const { result } = await (await server.get(`${BASE}/orders/${orderNumber}`, sem.auth)).json();
    expect(result.pickup).toMatchObject({ kind: "store", name: "Etalage Utrecht", city: "Utrecht" });
    expect(result.pickup.opening_hours).toHaveLength(7);
    expect(result.pickup.opening_hours[0]).toEqual({
      day: 1,
      open: expect.any(String),
      close: expect.any(String),
    });
    expect(result.tax_amount).toBeCloseTo((result.grand_total * 21) / 121, 2);
  });

  it("mails the confirmation of a confirmed order: with a link to the order for a customer", async () => {
    const sem = await customer("sem");
    const { orderNumber } = await placeOrder(sem.email, sem.auth);
    const [mail] = await mailsTo(sem.email);
    expect(mail?.subject).toBe(`Bedankt voor je bestelling ${orderNumber}`);
    expect(mail?.text).toContain("1 × Klantproduct");
    expect(mail?.text).toContain("€ 54,95");
    expect(mail?.html).toContain(`https://shop.example.nl/my-account/orders/${orderNumber}`);
    expect(mail?.html).not.toContain("/bestelling/");
  });

  // Issue 14: who a gift card is for travels from the cart line to the order, its page and its mail.
  it("keeps each gift card's recipient on the order, its page and its mail: two recipients, two lines", async () => {
    const card = server.services.catalog.productBySku("CAD50")!;
    const mila = await customer("mila");
    const gift = (name: string, email: string, message = "") => ({
      sku: card.sku,
      qty: 1,
      product_option: giftCardTo(card, name, email, message),
    });
    const { orderNumber } = await placeOrder(mila.email, mila.auth, {
      more: [gift("Sanne", "sanne@example.nl", "Gefeliciteerd, Sanne!"), gift("Daan", "daan@example.nl")],
    });
    const page = await (await server.get(`${BASE}/orders/${orderNumber}`, mila.auth)).json();
    const cards = page.result.items.filter((i: { sku: string }) => i.sku === card.sku);
    expect(cards.map((i: { qty: number; product_option: unknown }) => [i.qty, i.product_option])).toEqual([
      [
        1,
        {
          options: [
            { label: "Naam ontvanger", value: "Sanne" },
            { label: "E-mailadres ontvanger", value: "sanne@example.nl" },
            { label: "Persoonlijke boodschap", value: "Gefeliciteerd, Sanne!" },
          ],
        },
      ],
      [
        1,
        {
          options: [
            { label: "Naam ontvanger", value: "Daan" },
            { label: "E-mailadres ontvanger", value: "daan@example.nl" },
          ],
        },
      ],
    ]);
    const [mail] = await mailsTo(mila.email);
    expect(mail?.text).toContain(
      "1 × Cadeaubon € 50  € 50,00\n    Naam ontvanger: Sanne\n    E-mailadres ontvanger: sanne@example.nl",
    );
    expect(mail?.text).toContain("Persoonlijke boodschap: Gefeliciteerd, Sanne!");
    expect(mail?.text).toContain("Naam ontvanger: Daan");
    expect(mail?.html).toContain("Naam ontvanger: Daan");
  });

  it("mails a guest's confirmation with the billing address and a status link of its own, no account link", async () => {
    const email = `gast.${run}.${randomUUID().slice(0, 8)}@example.nl`;
    const billing = {
      ...address,
      street: ["Keizersgracht", "100 A"],
      postcode: "1015cx",
      city: "Amsterdam",
      company: "Bakker & Zn. B.V.",
      vat_id: "NL820646660B01",
    };
    const { orderNumber, orderToken } = await placeOrder(email, {}, { billingAddress: billing });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(`Bedankt voor je bestelling ${orderNumber}`);
    expect(mail?.html).not.toContain("/my-account/");
    expect(mail?.html).toContain("Noor");
    // The billing address as on an invoice, escaped in the HTML; the shipping address beside it.
    expect(mail?.text).toContain(
      "Factuuradres:\nBakker & Zn. B.V.\nNoor Bakker\nKeizersgracht 100 A\n1015 CX Amsterdam\nNederland\nBtw-nummer: NL820646660B01",
    );
    expect(mail?.text).toContain("Verzendadres:\nNoor Bakker\nOudegracht 12\n3511 AB Utrecht");
    expect(mail?.text).toContain("Betaalmethode: Betalen bij bezorging");
    expect(mail?.html).toContain("Bakker &amp; Zn. B.V.<br>");
    // The status page's link, with a token of its own (not the checkout's order token).
    const link = new RegExp(
      `https://shop\\.example\\.nl/bestelling/${orderNumber}\\?token=([\\w-]{32})`,
    ).exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(link![0]);
    const mailed = link![1]!;
    expect(mailed).not.toBe(orderToken);
    const opened = await server.get(`/api/ext/checkout/status?orderId=${orderNumber}&token=${mailed}`);
    expect(opened.status).toBe(200);
    expect((await opened.json()).result.billing_address.company).toBe("Bakker & Zn. B.V.");
    // Only its own order: another order's status stays shut to it.
    const other = await placeOrder(`ander.${email}`);
    const shut = await server.get(`/api/ext/checkout/status?orderId=${other.orderNumber}&token=${mailed}`);
    expect(shut.status).toBe(404);
  });
});

describe("privacy: my data and deleting my account", () => {
  it("downloads the customer's profile, addresses, orders and newsletter state as JSON", async () => {
    const lotte = await customer("lotte-data");
    const saved = await server.post(
      `${BASE}/address`,
      { address: { ...address, street: ["Oudegracht", "12"], default_shipping: true } },
      lotte.auth,
    );
    expect(saved.status).toBe(200);
    const { orderNumber } = await placeOrder(lotte.email, lotte.auth);
    const res = await server.get(`${BASE}/me/data`, lotte.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.meta.session_expires).toBeGreaterThan(Date.now() / 1000);
    expect(body.result.profile).toMatchObject({
      email: lotte.email,
      firstname: "Noor",
      lastname: "lotte-data",
    });
    expect(body.result.profile).not.toHaveProperty("password_hash");
    expect(JSON.stringify(body.result)).not.toMatch(/argon2/);
    expect(body.result.addresses).toEqual([
      expect.objectContaining({ city: "Utrecht", postcode: "3511 AB" }),
    ]);
    expect(body.result.orders.map((o: { increment_id: string }) => o.increment_id)).toEqual([orderNumber]);
    expect(body.result.newsletter).toEqual({ status: "none", email: null });
    // Only with a token, and only one's own.
    expect((await server.get(`${BASE}/me/data`)).status).toBe(401);
    const other = await customer("lotte-ander");
    const theirs = await (await server.get(`${BASE}/me/data`, other.auth)).json();
    expect(theirs.result.orders).toEqual([]);
    expect(theirs.result.profile.email).toBe(other.email);
  });

  it("deletes the account after the password: personal data gone, orders kept anonymised, logged out", async () => {
    const daan = await customer("daan-weg");
    const saved = await server.post(
      `${BASE}/address`,
      { address: { ...address, street: ["Oudegracht", "12"] } },
      daan.auth,
    );
    expect(saved.status).toBe(200);
    const { orderNumber } = await placeOrder(daan.email, daan.auth);
    const refreshToken = (
      await (await server.post(`${BASE}/login`, { username: daan.email, password: PASSWORD })).json()
    ).meta.refreshToken;

    const wrong = await server.post(`${BASE}/me/delete`, { password: "Niet-Mijn-Wachtwoord-1" }, daan.auth);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).meta.errors[0].path).toBe("body.password");
    expect((await server.get(`${BASE}/me`, daan.auth)).status).toBe(200);
    const missing = await server.post(`${BASE}/me/delete`, {}, daan.auth);
    expect(missing.status).toBe(400);
    expect((await missing.json()).meta.errors[0].path).toBe("body.password");

    const done = await server.post(`${BASE}/me/delete`, { password: PASSWORD }, daan.auth);
    expect(done.status).toBe(200);
    // Every login of the account is gone: the token, another device's refresh token, the password.
    expect((await server.get(`${BASE}/me`, daan.auth)).status).toBe(401);
    expect((await server.post(`${BASE}/refresh`, { refreshToken })).status).toBe(401);
    expect((await server.post(`${BASE}/login`, { username: daan.email, password: PASSWORD })).status).toBe(
      401,
    );

    const { orders } = await import("../src/db/schema.ts");
    const [kept] = await server.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.incrementId, orderNumber));
    expect(kept).toMatchObject({
      customerId: null,
      email: `verwijderd-${orderNumber}@etalage.invalid`,
      billingAddress: { firstname: "", lastname: "", street: [], postcode: "", city: "", country_id: "NL" },
      grandTotal: 54.95,
    });
    const stored = JSON.stringify(kept);
    for (const personal of ["daan-weg", "Noor", "Oudegracht", "3511", daan.email])
      expect(stored).not.toContain(personal);

    // The email is free again: a new account starts empty.
    const again = await customer("daan-weg");
    const history = await (
      await server.get(`${BASE}/order-history?pageSize=20&currentPage=1`, again.auth)
    ).json();
    expect(history.result.total_count).toBe(0);
  });
});
