import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const BASE = "/api/ext/voyado-engage";
let server: TestServer;
let brandedSkus: { sku: string; brand: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
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
