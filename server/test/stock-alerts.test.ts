import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages, stockAlerts } from "../src/db/schema.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * "Mail me als mijn maat er weer is" (issue 14) over HTTP on a real database: a product of the
 * test's own (imported through the admin API, in its own id range, removed afterwards) has a
 * sold-out size; an address left for it is mailed once when an import brings the size back.
 */

const TOKEN = "test-admin-token-alerts-0123456789";
const BASE = "/api/stock/alert";
let server: TestServer;
const run = Date.now().toString(36);
const address = (name: string) => `${name}-${run}@example.nl`;

const category = {
  id: 9301,
  parent_id: 2,
  level: 2,
  name: "Testmeldingen",
  slug: "test-meldingen",
  is_active: true,
  position: 99,
  path: "1/2/9301",
  url_key: "test-meldingen",
  url_path: "test-meldingen",
};
const stock = (qty: number) => ({ qty, is_in_stock: qty > 0 });
const child = (id: number, sku: string, size: string, qty: number) => ({
  id,
  sku,
  status: 1,
  price: 41.3223,
  url_path: sku.toLowerCase(),
  stock: stock(qty),
  size,
});
/** A shirt whose size M has `mQty` left and whose L has plenty. */
const shirt = (mQty: number) => ({
  id: 9_300_001,
  sku: "T-ALERT-1",
  name: "Testoverhemd meldingen",
  type_id: "configurable",
  status: 1,
  visibility: 4,
  url_key: "test-alert-overhemd",
  url_path: "test-alert-overhemd",
  slug: "test-alert-overhemd",
  price: 41.3223,
  tax_class_id: 2,
  stock: stock(10),
  category: [{ category_id: 9301, name: "Testmeldingen", position: 1 }],
  category_ids: [9301],
  configurable_options: [
    {
      attribute_id: 144,
      attribute_code: "size",
      label: "Maat",
      values: [
        { value_index: "102", label: "M" },
        { value_index: "103", label: "L" },
      ],
    },
  ],
  configurable_children: [
    child(9_300_002, "T-ALERT-1-M", "102", mQty),
    child(9_300_003, "T-ALERT-1-L", "103", 20),
  ],
});
const ndjson = (lines: [string, unknown][]) =>
  `${lines.map(([type, data]) => JSON.stringify({ type, data })).join("\n")}\n`;

async function importShirt(mQty: number) {
  const res = await fetch(`${server.url}/api/admin/catalog/import`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${TOKEN}` },
    body: ndjson([
      ["category", category],
      ["product", shirt(mQty)],
    ]),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // The answer waits for this instance's index; its rebuild starts the sweep.
  expect((await res.json()).result.index).toBe("refreshed");
}

const ask = (body: unknown) => server.post(BASE, body);

async function mailsTo(to: string) {
  await server.services.stockAlerts.sweep();
  await server.services.mail.worker.deliverDue();
  return server.services.database.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, to));
}

beforeAll(async () => {
  // Every test leaves its own address from 127.0.0.1: the per-client limit is mail-limits.test.ts's.
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN: TOKEN, RATE_LIMIT_ALLOW: "127.0.0.1" },
  });
  await importShirt(0);
});
afterAll(async () => {
  if (!server) return;
  const { db } = server.services.database;
  await db.execute("delete from stock_alerts where sku like 'T-ALERT-%'");
  await db.execute("delete from stock where sku like 'T-ALERT-%'");
  await db.execute("delete from products where id between 9300000 and 9399999");
  await db.execute("delete from categories where id = 9301");
  await server.close();
});

describe("POST /api/stock/alert", () => {
  it("refuses a bad address or sku with 400 naming the field, and mails nobody", async () => {
    const bad = await ask({ sku: "T-ALERT-1-M", email: "geen-adres" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result).toMatch(/^body\.email/);
    const empty = await ask({ sku: "", email: address("leeg") });
    expect(empty.status).toBe(400);
    expect((await empty.json()).result).toMatch(/^body\.sku/);
    const extra = await ask({ sku: "T-ALERT-1-M", email: address("extra"), admin: true });
    expect(extra.status).toBe(400);
  });

  it("answers 404 for a sku not on sale (or a configurable's own sku) and 409 for one in stock", async () => {
    const unknown = await ask({ sku: "T-ALERT-NONE", email: address("onbekend") });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).result).toMatch(/^sku: Product not found/);
    expect((await ask({ sku: "T-ALERT-1", email: address("ouder") })).status).toBe(404);
    const inStock = await ask({ sku: "T-ALERT-1-L", email: address("l") });
    expect(inStock.status).toBe(409);
    expect((await inStock.json()).result).toMatch(/^sku:/);
  });

  it("keeps the address for a sold-out size and mails it once when an import brings the size back", async () => {
    const to = address("shopper");
    const res = await ask({ sku: "T-ALERT-1-M", email: to.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, result: "waiting" });
    // Asking again while it waits is the same request.
    expect((await ask({ sku: "T-ALERT-1-M", email: to })).status).toBe(200);
    const { db } = server.services.database;
    const waiting = await db.select().from(stockAlerts).where(eq(stockAlerts.email, to));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ sku: "T-ALERT-1-M", productSku: "T-ALERT-1", notifiedAt: null });

    // Still sold out: a sweep mails nobody.
    expect(await mailsTo(to)).toEqual([]);

    await importShirt(3);
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Testoverhemd meldingen is er weer");
    expect(mails[0]!.text).toContain("Testoverhemd meldingen (M) is weer op voorraad");
    // The link leads to the product page with the size chosen.
    expect(mails[0]!.text).toContain(
      `${server.services.config.PUBLIC_URL}/test-alert-overhemd/?childSku=T-ALERT-1-M`,
    );

    // Once: another import and more sweeps send nothing more.
    await importShirt(4);
    expect(await mailsTo(to)).toHaveLength(1);
    const [done] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, to));
    expect(done!.notifiedAt).toBeInstanceOf(Date);
  });

  it("takes twenty alerts an hour for one mailbox, then answers 429 with Retry-After", async () => {
    const to = address("herhaal");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await ask({ sku: "T-ALERT-1-L", email: to })).status);
    expect(statuses.slice(0, 20).every((s) => s === 409)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
