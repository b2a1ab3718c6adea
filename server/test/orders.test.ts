import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../src/db/schema.ts";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const TOKEN = "test-admin-token-orders-0123456789";
let server: TestServer;
let cart: ReturnType<typeof cartClient>;
/** Skus of this file's own products (unique per run: the PostgreSQL database is shared). */
const run = Math.floor(Math.random() * 90_000) + 10_000;
const ownSku = (n: number) => `T-ORD-${run}-${n}`;

const address = {
  firstname: "Jan",
  lastname: "de Vries",
  street: ["Oudegracht 12", ""],
  postcode: "3511ab",
  city: "Utrecht",
  country_id: "NL",
};

function orderBody(cartId: string, over: Record<string, unknown> = {}, info: Record<string, unknown> = {}) {
  return {
    order_id: randomUUID(),
    cart_id: cartId,
    addressInformation: {
      shippingAddress: address,
      billingAddress: address,
      shipping_carrier_code: "postnl",
      shipping_method_code: "standard",
      payment_method_code: "cashondelivery",
      ...info,
    },
    personalDetails: { email: `koper-${randomUUID()}@example.nl` },
    ...over,
  };
}

const place = (body: unknown, key: string | null = randomUUID(), init: RequestInit = {}) =>
  fetch(`${server.url}/api/order`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
    ...init,
  });

async function stockOf(sku: string): Promise<number> {
  const { rows } = await server.services.database.db.execute<{ qty: number }>(
    `select qty from stock where sku = '${sku}'`,
  );
  return Number(rows[0]?.qty);
}

async function cartWith(sku: string, qty = 1): Promise<string> {
  const id = await cart.create();
  const added = await cart.update(id, { sku, qty });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return id;
}

function importProducts(stocks: number[]) {
  return importOwnProducts(
    server,
    TOKEN,
    stocks.map((qty, i) => ({
      id: 9_300_000 + (run % 1000) * 10 + i,
      sku: ownSku(i),
      name: `Bestelproduct ${i}`,
      qty,
    })),
  );
}

beforeAll(async () => {
  // Many orders from one address within a minute: the order limit is tested in order-safety.test.ts.
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN: TOKEN, ORDERS_PER_MINUTE: "10000" },
  });
  cart = cartClient(server);
  await importProducts([1, 5, 50, 3, 10, 500]);
}, 120_000);
afterAll(() => server?.close());

describe("POST /api/order", () => {
  it("places a guest's cash-on-delivery order: processing, the server's prices, stock taken, cart closed", async () => {
    const before = await stockOf(ownSku(4));
    const id = await cartWith(ownSku(4), 2);
    const res = await place(orderBody(id));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.result).toMatchObject({
      status: "processing",
      orderNumber: expect.stringMatching(/^1\d{8}$/),
    });
    expect(body.result.payment).toBeUndefined();
    // 2 × € 50,00 (41.3223 + 21 % VAT) is past € 75: standard shipping is free.
    expect(body.result.grand_total).toBe(100);
    expect(await stockOf(ownSku(4))).toBe(before - 2);
    const again = await cart.update(id, { sku: ownSku(4), qty: 1 });
    expect(again.status).toBe(409);

    const view = await fetch(
      `${server.url}/api/ext/checkout/status?orderId=${body.result.orderNumber}&token=${body.result.orderToken}`,
    );
    const order = (await view.json()).result;
    expect(order).toMatchObject({ status: "processing", payment_method: "cashondelivery", grand_total: 100 });
    expect(order.items).toEqual([
      expect.objectContaining({ sku: ownSku(4), qty: 2, row_total_incl_tax: 100 }),
    ]);
    expect(order.shipping_address.postcode).toBe("3511 AB");
  });

  it("charges € 4,95 standard shipping below € 75 and starts an iDEAL order pending with a redirect", async () => {
    const id = await cartWith(ownSku(2), 1);
    const res = await place(orderBody(id, {}, { payment_method_code: "ideal" }));
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.result.status).toBe("pending");
    expect(body.result.grand_total).toBe(54.95);
    expect(body.result.test_payment).toBe(true);
    expect(body.result.payment.action).toEqual({
      type: "redirect",
      url: expect.stringContaining(`/api/ext/adyen/redirect-url/${body.result.orderNumber}?token=`),
    });
  });

  it("shows a guest's order only with its token", async () => {
    const id = await cartWith(ownSku(2), 1);
    const { result } = await (await place(orderBody(id))).json();
    const wrong = await fetch(
      `${server.url}/api/ext/checkout/status?orderId=${result.orderNumber}&token=nietdetoken`,
    );
    expect(wrong.status).toBe(404);
    // Without a token, as the contract says: 404, the answer of an order that does not exist.
    const missing = await fetch(`${server.url}/api/ext/checkout/status?orderId=${result.orderNumber}`);
    expect(missing.status).toBe(404);
  });

  it("answers the same Idempotency-Key sent twice at once with one order", async () => {
    const id = await cartWith(ownSku(2), 1);
    const body = orderBody(id);
    const key = randomUUID();
    const [a, b] = await Promise.all([place(body, key), place(body, key)]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(ja.result.orderNumber).toBe(jb.result.orderNumber);
    const third = await place(body, key);
    expect((await third.json()).result.orderNumber).toBe(ja.result.orderNumber);
    const other = await place({ ...body, order_id: randomUUID() }, key);
    expect(other.status).toBe(409);
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from orders where cart_id = '${id}'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    [0, 1],
    [1, 5],
  ])(
    "never oversells: 30 shoppers at once for stock %#",
    async (index, stockQty) => {
      const sku = ownSku(index);
      const carts = await Promise.all(Array.from({ length: 30 }, () => cartWith(sku, 1)));
      const answers = await Promise.all(carts.map((id) => place(orderBody(id))));
      const codes = answers.map((r) => r.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(stockQty);
      expect(codes.filter((c) => c === 409)).toHaveLength(30 - stockQty);
      const refused = await answers.find((r) => r.status === 409)!.json();
      expect(refused).toMatchObject({
        result: "Some of the ordered products are not available!",
        meta: { skus: [sku] },
      });
      expect(await stockOf(sku)).toBe(0);
    },
    120_000,
  );

  it("refuses without an Idempotency-Key, and bad addresses with the field named", async () => {
    const id = await cartWith(ownSku(5), 1);
    expect((await place(orderBody(id), null)).status).toBe(400);
    const bad = await place(orderBody(id, {}, { shippingAddress: { ...address, postcode: "0123 AB" } }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).result).toMatch(/shippingAddress\.postcode/);
    const method = await place(orderBody(id, {}, { shipping_method_code: "teleport" }));
    expect(method.status).toBe(400);
    expect((await method.json()).result).toMatch(/shipping_method_code/);
    // Nothing was written: the cart still takes changes.
    expect((await cart.update(id, { sku: ownSku(5), qty: 1 })).status).toBe(200);
  });

  it("needs a pick-up point or a store for those methods and keeps the one chosen", async () => {
    const id = await cartWith(ownSku(5), 1);
    const none = await place(orderBody(id, {}, { shipping_method_code: "pickup" }));
    expect(none.status).toBe(400);
    const point = await place(
      orderBody(
        id,
        {},
        {
          shipping_method_code: "pickup",
          payment_method_additional: { service_point_code: await firstPoint() },
        },
      ),
    );
    expect(point.status).toBe(200);
    const { result } = await point.json();
    const order = await server.services.orders.byNumber(result.orderNumber);
    expect(order?.pickup).toMatchObject({ kind: "service_point", city: "Utrecht" });

    const storeCart = await cartWith(ownSku(5), 1);
    const store = await place(
      orderBody(
        storeCart,
        {},
        {
          shipping_carrier_code: "store",
          shipping_method_code: "pickup",
          payment_method_additional: { store_id: "utrecht-oudegracht" },
        },
      ),
    );
    expect(store.status).toBe(200);
    const storeOrder = await server.services.orders.byNumber((await store.json()).result.orderNumber);
    expect(storeOrder?.pickup).toMatchObject({ kind: "store", name: "Etalage Utrecht" });

    // Issue 23: its confirmation names the store's address and hours, the payment at the till,
    // amounts that add up, the right of withdrawal and who sells.
    await server.services.mail.worker.deliverDue();
    const [mail] = await server.services.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.to, storeOrder!.customer_email))
      .orderBy(desc(mailboxMessages.id));
    const text = mail!.text;
    expect(text).toContain("Afhalen in de winkel:");
    expect(text).toContain("Etalage Utrecht");
    expect(text).toMatch(/Openingstijden:\n(maandag|dinsdag): /);
    expect(text).toContain("Betaalmethode: Betalen in de winkel");
    expect(text).not.toContain("bij bezorging");
    expect(text).toMatch(/Subtotaal {2}€ [0-9.,]+\n/);
    expect(text).toMatch(/waarvan btw {2}€ [0-9.,]+/);
    expect(text).toContain("Herroepingsrecht");
    expect(text).toContain("/algemene-voorwaarden#herroepingsrecht");
    expect(text).toMatch(/KvK 30123456 · btw NL812345678B01/);
    const amounts = [
      ...text.matchAll(/^(Subtotaal|Verzendkosten[^\n]*|Korting[^\n]*|Totaal) {2}€ ([0-9.,]+)$/gm),
    ].map((m) => [m[1]!, Number(m[2]!.replace(/\./g, "").replace(",", "."))] as const);
    const total = amounts.find(([label]) => label === "Totaal")![1];
    const parts = amounts.filter(([label]) => label !== "Totaal").reduce((sum, [, v]) => sum + v, 0);
    expect(Math.round(parts * 100)).toBe(Math.round(total * 100));
    expect(mail!.html).toContain("Herroepingsrecht");
  });

  it("takes a store pick-up with contact details alone, and refuses them for delivery naming the fields (issue 23, item 12)", async () => {
    const contact = { firstname: "Jan", lastname: "de Vries", country_id: "NL", telephone: "0612345678" };
    const storeInfo = {
      shippingAddress: contact,
      billingAddress: contact,
      shipping_carrier_code: "store",
      shipping_method_code: "pickup",
      payment_method_additional: { store_id: "utrecht-oudegracht" },
    };
    const delivered = await place(
      orderBody(
        await cartWith(ownSku(5), 1),
        {},
        { ...storeInfo, shipping_carrier_code: "postnl", shipping_method_code: "standard" },
      ),
    );
    expect(delivered.status).toBe(400);
    const refused = (await delivered.json()).meta.errors.map((e: { path: string }) => e.path);
    expect(refused).toEqual(
      expect.arrayContaining([
        "body.addressInformation.shippingAddress.street[0]",
        "body.addressInformation.shippingAddress.postcode",
        "body.addressInformation.billingAddress.city",
      ]),
    );
    // Half an address is no contact-only address: an address given is whole, also for a pick-up.
    const half = await place(
      orderBody(
        await cartWith(ownSku(5), 1),
        {},
        { ...storeInfo, billingAddress: { ...contact, city: "Utrecht" } },
      ),
    );
    expect(half.status).toBe(400);
    expect((await half.json()).result).toMatch(/billingAddress\.(street|postcode)/);

    const store = await place(orderBody(await cartWith(ownSku(5), 1), {}, storeInfo));
    expect(store.status).toBe(200);
    const order = await server.services.orders.byNumber((await store.json()).result.orderNumber);
    expect(order?.pickup).toMatchObject({ kind: "store", name: "Etalage Utrecht" });
    expect(order?.billing_address).toMatchObject({ firstname: "Jan", street: [], postcode: "", city: "" });
  });
});

async function firstPoint(): Promise<string> {
  const res = await server.get("/api/ext/service-points?postcode=3511AB");
  return (await res.json()).result[0].code;
}

describe("operator and expiry", () => {
  it("lets the operator cancel an order with ADMIN_TOKEN, which gives its stock back", async () => {
    const before = await stockOf(ownSku(3));
    const id = await cartWith(ownSku(3), 2);
    const { result } = await (await place(orderBody(id))).json();
    expect(await stockOf(ownSku(3))).toBe(before - 2);
    const url = `${server.url}/api/admin/orders/${result.orderNumber}/status`;
    const stranger = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"status":"canceled"}',
    });
    expect(stranger.status).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
    const res = await fetch(url, { method: "POST", headers: auth, body: '{"status":"canceled"}' });
    expect(res.status).toBe(200);
    expect((await res.json()).result.status).toBe("canceled");
    expect(await stockOf(ownSku(3))).toBe(before);
    const twice = await fetch(url, { method: "POST", headers: auth, body: '{"status":"complete"}' });
    expect(twice.status).toBe(409);
    const list = await fetch(`${server.url}/api/admin/orders?limit=5`, { headers: auth });
    expect(
      (await list.json()).result.items.some(
        (o: { increment_id: string }) => o.increment_id === result.orderNumber,
      ),
    ).toBe(true);
  });

  it("cancels an unpaid online order when its payment window passes, and gives the stock back", async () => {
    const before = await stockOf(ownSku(3));
    const id = await cartWith(ownSku(3), 1);
    const { result } = await (await place(orderBody(id, {}, { payment_method_code: "card" }))).json();
    expect(await stockOf(ownSku(3))).toBe(before - 1);
    await server.services.orders.expireUnpaid(new Date(Date.now() + 31 * 60_000));
    expect((await server.services.orders.byNumber(result.orderNumber))?.status).toBe("canceled");
    expect(await stockOf(ownSku(3))).toBe(before);
  });
});

describe("npm run orders", () => {
  it("lists, shows and moves orders through the admin API", async () => {
    const { runOrdersCli } = await import("../src/cli/orders.ts");
    const id = await cartWith(ownSku(5), 1);
    const { result } = await (await place(orderBody(id))).json();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    const env = { ADMIN_TOKEN: TOKEN };
    expect(await runOrdersCli(["list", "--url", server.url], env, io)).toBe(0);
    expect(lines.some((l) => l.startsWith(result.orderNumber) && l.includes("processing"))).toBe(true);
    expect(await runOrdersCli(["show", result.orderNumber, "--url", server.url], env, io)).toBe(0);
    expect(lines.some((l) => l.includes(`(${ownSku(5)})`))).toBe(true);
    expect(lines).toContain("Verzendadres: Jan de Vries, Oudegracht 12, 3511 AB Utrecht, Nederland");
    expect(lines).toContain("Factuuradres: Jan de Vries, Oudegracht 12, 3511 AB Utrecht, Nederland");
    expect(await runOrdersCli(["status", result.orderNumber, "complete", "--url", server.url], env, io)).toBe(
      0,
    );
    expect((await server.services.orders.byNumber(result.orderNumber))?.status).toBe("complete");
    expect(await runOrdersCli(["status", result.orderNumber, "canceled", "--url", server.url], env, io)).toBe(
      1,
    );
    expect(await runOrdersCli(["list", "--url", server.url], {}, io)).toBe(2);
  });
});
