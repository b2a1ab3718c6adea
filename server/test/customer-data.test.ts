import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORES } from "../src/services/stores/index.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const BASE = "/api/ext/voyado-engage";
const ADMIN_TOKEN = "test-admin-token-engage-0123456789";
let server: TestServer;
let brandedSkus: { sku: string; brand: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
  // Tokens are the accounts module's; here two customers stand in for it, with their external ids.
  server.services.customerTokens = {
    async verify(token) {
      if (token === "token-anna") return { customerId: 9101, externalId: `ext-anna-${run}` };
      if (token === "token-bram") return { customerId: 9102, externalId: `ext-bram-${run}` };
      return null;
    },
  };
  const snapshot = server.services.catalog.snapshot();
  const brand = snapshot.attributeByCode.get("brand");
  brandedSkus = snapshot.products
    .filter((p) => p.sku && p.brand)
    .map((p) => ({
      sku: p.sku as string,
      brand: brand?.options.find((o) => String(o.value) === String(p.brand))?.label ?? String(p.brand),
    }));
});
afterAll(() => server?.close());

const run = randomUUID().slice(0, 8);

async function newContact() {
  const res = await server.post(`${BASE}/contacts`, {});
  expect(res.status).toBe(200);
  return (await res.json()).result as { contactId: string; secret: string };
}

function as(secret: string | null, extra: Record<string, string> = {}) {
  return { headers: { ...(secret ? { "x-contact-secret": secret } : {}), ...extra } };
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  init: { headers?: Record<string, string> } = {},
) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("contacts of a browser", () => {
  it("answers its own browser and refuses a guessed or borrowed id the same way as an unknown one", async () => {
    const mine = await newContact();
    const theirs = await newContact();
    expect(mine.contactId).toMatch(/^[0-9a-f-]{36}$/);

    const own = await call("GET", `${BASE}/contact/${mine.contactId}`, undefined, as(mine.secret));
    expect(own).toMatchObject({ status: 200, body: { result: { id: mine.contactId, attributes: {} } } });

    const borrowed = await call("GET", `${BASE}/contact/${mine.contactId}`, undefined, as(theirs.secret));
    const bare = await call("GET", `${BASE}/contact/${mine.contactId}`);
    const unknown = await call("GET", `${BASE}/contact/${randomUUID()}`, undefined, as(mine.secret));
    for (const refused of [borrowed, bare, unknown]) expect(refused).toEqual(unknown);
    expect(unknown.status).toBe(404);

    const patch = await call(
      "PATCH",
      `${BASE}/contact/${mine.contactId}`,
      { firstName: "Sanne" },
      as(theirs.secret),
    );
    expect(patch.status).toBe(404);
  });

  it("PATCH changes only the given attributes and an empty string clears one", async () => {
    const me = await newContact();
    const path = `${BASE}/contact/${me.contactId}`;
    await call("PATCH", path, { firstName: "Sanne", lastName: "de Boer" }, as(me.secret));
    const res = await call("PATCH", path, { lastName: "" }, as(me.secret));
    expect(res.body.result.attributes).toEqual({ firstName: "Sanne" });
    expect((await call("PATCH", path, { favbrand: "x" }, as(me.secret))).status).toBe(400);
  });

  it("'Maak dit mijn winkel' sets favstore to one of our stores; another id is refused naming the field", async () => {
    const me = await newContact();
    const path = `${BASE}/contact/${me.contactId}`;
    const stores = (await (await server.get("/api/ext/vsf-storelocator/stores")).json()).result as {
      id: string;
    }[];
    const store = stores[1]!.id;
    const set = await call("PATCH", path, { favstore: store }, as(me.secret));
    expect(set).toMatchObject({ status: 200, body: { result: { attributes: { favstore: store } } } });
    const overview = await call("GET", path, undefined, as(me.secret));
    expect(overview.body.result.attributes.favstore).toBe(store);

    const bad = await call("PATCH", path, { favstore: "no-such-store" }, as(me.secret));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/favstore/);
    expect((await call("PATCH", path, { favstore: "" }, as(me.secret))).body.result.attributes).toEqual({});
  });

  it("favbrand follows the product views, most viewed first", async () => {
    const [a, b] = [brandedSkus[0], brandedSkus.find((p) => p.brand !== brandedSkus[0]?.brand)];
    expect(a && b).toBeTruthy();
    const me = await newContact();
    const view = (sku: string) =>
      call("POST", `${BASE}/contact/${me.contactId}/product-view`, { sku }, as(me.secret));
    expect((await view(a!.sku)).status).toBe(200);
    await view(b!.sku);
    await view(b!.sku);
    const overview = await call("GET", `${BASE}/contact/${me.contactId}`, undefined, as(me.secret));
    expect(overview.body.result.attributes.favbrand).toBe(b!.brand);
    expect((await view("NO-SUCH-SKU-123")).status).toBe(404);
  });

  it("takes a cart report when its hash changed, and the cart-emptied report", async () => {
    const me = await newContact();
    const path = `${BASE}/contact/${me.contactId}/cart`;
    const items = [{ sku: "A-1", qty: 2 }];
    expect((await call("PUT", path, { hash: "h1", items }, as(me.secret))).body.result).toEqual({
      changed: true,
    });
    expect((await call("PUT", path, { hash: "h1", items }, as(me.secret))).body.result).toEqual({
      changed: false,
    });
    expect((await call("PUT", path, { hash: null, items: [] }, as(me.secret))).body.result).toEqual({
      changed: true,
    });
    expect(
      (await call("PUT", path, { hash: "h1", items: [{ sku: "A-1", qty: 0 }] }, as(me.secret))).status,
    ).toBe(400);
  });
});

describe("contacts of a customer", () => {
  it("finds the customer's contact by customKey with their token only, and opens it to that token", async () => {
    const key = `ext-anna-${run}`;
    const anna = { authorization: "Bearer token-anna" };
    const first = await call("GET", `${BASE}/contact-id?customKey=${key}`, undefined, { headers: anna });
    expect(first.status).toBe(200);
    const again = await call("GET", `${BASE}/contact-id?customKey=${key}`, undefined, { headers: anna });
    expect(again.body.result).toBe(first.body.result);

    const byBram = await call("GET", `${BASE}/contact-id?customKey=${key}`, undefined, {
      headers: { authorization: "Bearer token-bram" },
    });
    expect(byBram.status).toBe(404);
    expect((await call("GET", `${BASE}/contact-id?customKey=${key}`)).status).toBe(401);

    const contactPath = `${BASE}/contact/${first.body.result}`;
    expect((await call("GET", contactPath, undefined, { headers: anna })).status).toBe(200);
    expect(
      (await call("GET", contactPath, undefined, { headers: { authorization: "Bearer token-bram" } })).status,
    ).toBe(404);
  });
});

describe("orders of a contact", () => {
  /** Products of this file's own, with a brand of the catalogue (the order takes their stock). */
  async function importBranded(n: number, brandValue: unknown): Promise<string[]> {
    const base = 9_400_000 + (Number.parseInt(run, 16) % 10_000) * 10;
    const skus = Array.from({ length: n }, (_, i) => `T-ENG-${run}-${i}`);
    const lines = skus.map((sku, i) =>
      JSON.stringify({
        type: "product",
        data: {
          id: base + i,
          sku,
          name: `Merkproduct ${i}`,
          type_id: "simple",
          status: 1,
          visibility: 4,
          url_key: `merkproduct-${run}-${i}`,
          url_path: `merkproduct-${run}-${i}`,
          slug: `merkproduct-${run}-${i}`,
          price: 41.3223,
          tax_class_id: 2,
          brand: brandValue,
          stock: { qty: 100, is_in_stock: true },
          category: [],
          category_ids: [],
        },
      }),
    );
    const res = await fetch(`${server.url}/api/admin/catalog/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      body: `${lines.join("\n")}\n`,
    });
    expect(res.status).toBe(200);
    return skus;
  }

  const address = {
    firstname: "Jan",
    lastname: "de Vries",
    street: ["Oudegracht 12", ""],
    postcode: "3511ab",
    city: "Utrecht",
    country_id: "NL",
  };

  /** A guest's cash-on-delivery order of `sku`: delivered, or collected at `store`. */
  async function placeOrder(sku: string, store?: string) {
    const cart = cartClient(server);
    const cartId = await cart.create();
    expect((await cart.update(cartId, { sku, qty: 1 })).status).toBe(200);
    const order = {
      order_id: randomUUID(),
      cart_id: cartId,
      addressInformation: {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: store ? "store" : "postnl",
        shipping_method_code: store ? "pickup" : "standard",
        payment_method_code: "cashondelivery",
        ...(store ? { payment_method_additional: { store_id: store } } : {}),
      },
      personalDetails: { email: `koper-${randomUUID()}@example.nl` },
    };
    const res = await fetch(`${server.url}/api/order`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify(order),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.result as { orderNumber: string; orderToken: string };
  }

  it("counts an order once for favbrand and favstore, only with the order's token and the contact's own secret", async () => {
    const snapshot = server.services.catalog.snapshot();
    const brands = snapshot.attributeByCode.get("brand")!.options;
    const [viewedBrand, boughtBrand] = [brands[0]!, brands[1]!];
    const [bought] = await importBranded(1, boughtBrand.value);
    const viewed = brandedSkus.find((p) => p.brand === viewedBrand.label);
    expect(viewed, "a product of the first brand in the demo catalogue").toBeTruthy();
    const store = STORES[0]!;

    const me = await newContact();
    const other = await newContact();
    const path = `${BASE}/contact/${me.contactId}`;
    // Two views of one brand, then one order of another, collected in a store.
    for (let i = 0; i < 2; i++)
      await call("POST", `${path}/product-view`, { sku: viewed!.sku }, as(me.secret));
    const order = await placeOrder(bought!, store.id);
    const report = { orderNumber: order.orderNumber, token: order.orderToken };

    expect((await call("POST", `${path}/order`, report, as(other.secret))).status).toBe(404);
    const wrongToken = await call(
      "POST",
      `${path}/order`,
      { ...report, token: "x".repeat(32) },
      as(me.secret),
    );
    expect(wrongToken).toMatchObject({ status: 404, body: { code: 404 } });

    const first = await call("POST", `${path}/order`, report, as(me.secret));
    expect(first).toMatchObject({ status: 200, body: { result: { recorded: true } } });
    const again = await call("POST", `${path}/order`, report, as(me.secret));
    expect(again.body.result).toEqual({ recorded: false });

    // An order weighs more than a view: the bought brand is the favourite, the store is where it was collected.
    const overview = await call("GET", path, undefined, as(me.secret));
    expect(overview.body.result.attributes).toMatchObject({
      favbrand: boughtBrand.label,
      favstore: store.name,
    });

    // Delivered orders make the web shop the favourite store once they outnumber the store's.
    for (let i = 0; i < 2; i++) {
      const delivered = await placeOrder(bought!);
      await call(
        "POST",
        `${path}/order`,
        { orderNumber: delivered.orderNumber, token: delivered.orderToken },
        as(me.secret),
      );
    }
    const later = await call("GET", path, undefined, as(me.secret));
    expect(later.body.result.attributes.favstore).toBe("Webshop");
  });

  it("refuses a report without the order or with a bad body, naming the field", async () => {
    const me = await newContact();
    const path = `${BASE}/contact/${me.contactId}/order`;
    const missing = await call("POST", path, { orderNumber: "100000001" }, as(me.secret));
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("token");
    const unknown = await call(
      "POST",
      path,
      { orderNumber: "199999999", token: "t".repeat(32) },
      as(me.secret),
    );
    expect(unknown.status).toBe(404);
  });
});
