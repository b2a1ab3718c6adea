import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartClient } from "./helpers/cart-fixtures.ts";
import { importOwnProducts } from "./helpers/own-products.ts";
import { copyTemplate, testDatabaseUrl } from "./helpers/test-database.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Issue 13 "Safety": what must hold when many shoppers buy the last units at once, when a
 * shopper's retry crosses a restart, and when the cart changes behind the checkout's back. Every
 * test buys products of its own (the PostgreSQL database is shared by every test file).
 */
const TOKEN = "test-admin-token-order-safety-0123";
// Many orders from one address on purpose: the per-address order limit is tested on its own.
const ENV = { ADMIN_TOKEN: TOKEN, ORDERS_PER_MINUTE: "10000" };
const run = Math.floor(Math.random() * 90_000) + 10_000;
const ownSku = (n: number) => `T-SAFE-${run}-${n}`;

let server: TestServer;
/** The PGlite folder the restart test reopens (undefined on PostgreSQL). */
let folder: { dataDir: string; dispose(): Promise<void> } | undefined;

const address = {
  firstname: "Jan",
  lastname: "de Vries",
  street: ["Oudegracht 12", ""],
  postcode: "3511AB",
  city: "Utrecht",
  country_id: "NL",
};

function orderBody(cartId: string, extra: Record<string, unknown> = {}) {
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
    personalDetails: { email: `koper-${randomUUID()}@example.nl` },
    ...extra,
  };
}

const place = (on: TestServer, body: unknown, key: string = randomUUID()) =>
  fetch(`${on.url}/api/order`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
  });

async function query<T extends Record<string, unknown>>(text: string): Promise<T[]> {
  return (await server.services.database.db.execute<T>(text)).rows as T[];
}

/** Imports (or re-imports, changing price and stock) this file's products through the admin API. */
function importProducts(products: { n: number; qty: number; price?: number }[], on = server) {
  return importOwnProducts(
    on,
    TOKEN,
    products.map(({ n, qty, price }) => ({
      id: 9_500_000 + (run % 1000) * 20 + n,
      sku: ownSku(n),
      name: `Veiligheidsproduct ${n}`,
      qty,
      ...(price === undefined ? {} : { price }),
    })),
  );
}

async function cartWith(lines: { sku: string; qty: number }[]): Promise<string> {
  const cart = cartClient(server);
  const id = await cart.create();
  for (const line of lines) {
    const added = await cart.update(id, line);
    if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  }
  return id;
}

const stockOf = async (sku: string) =>
  Number((await query<{ qty: number }>(`select qty from stock where sku = '${sku}'`))[0]?.qty);

const soldOf = async (sku: string) =>
  Number(
    (
      await query<{ n: number }>(
        `select coalesce(sum(i.qty), 0)::int as n from order_items i join orders o on o.id = i.order_id
         where i.sku = '${sku}' and o.status <> 'canceled'`,
      )
    )[0]?.n,
  );

beforeAll(async () => {
  folder = testDatabaseUrl() ? undefined : await copyTemplate();
  server = await startTestServer({ storefront: false, env: ENV, dataDir: folder?.dataDir });
  await importProducts([
    { n: 0, qty: 1 },
    { n: 1, qty: 5 },
    { n: 2, qty: 50 },
    { n: 3, qty: 100 },
    { n: 4, qty: 100 },
    { n: 5, qty: 100 },
    { n: 6, qty: 3 },
  ]);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await folder?.dispose();
});

describe("200 shoppers at once for the last units", () => {
  it.each([
    [0, 1],
    [1, 5],
    [2, 50],
  ])(
    "product %i with stock %i: exactly that many orders, nothing oversold, the rest 409 with the sku",
    async (n, units) => {
      const sku = ownSku(n);
      // Carts filled a few at a time (the cart API is not what is under test), then ordered at once.
      const carts: string[] = [];
      for (let i = 0; i < 200; i += 20)
        carts.push(...(await Promise.all(Array.from({ length: 20 }, () => cartWith([{ sku, qty: 1 }])))));
      const answers = await Promise.all(
        carts.map(async (id) => {
          const res = await place(server, orderBody(id));
          return { status: res.status, body: await res.json() };
        }),
      );

      const placed = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 409);
      expect(placed).toHaveLength(units);
      expect(refused).toHaveLength(200 - units);
      for (const answer of refused)
        expect(answer.body).toEqual({
          code: 409,
          result: "Some of the ordered products are not available!",
          meta: { skus: [sku] },
        });
      expect(new Set(placed.map((a) => a.body.result.orderNumber)).size).toBe(units);
      expect(await stockOf(sku)).toBe(0);
      expect(await soldOf(sku)).toBe(units);
      // Nothing was written for a refused order: only the winners' carts are closed.
      const [closed] = await query<{ n: number }>(
        `select count(*)::int as n from carts where id in (${carts.map((c) => `'${c}'`).join(",")})
         and is_active = false`,
      );
      expect(closed!.n).toBe(units);
    },
    240_000,
  );
});

describe("the same Idempotency-Key", () => {
  it("sent twice at once and again after a restart: one order, the same answer", async () => {
    const sku = ownSku(3);
    const id = await cartWith([{ sku, qty: 2 }]);
    const body = orderBody(id);
    const key = randomUUID();
    const [a, b] = await Promise.all([place(server, body, key), place(server, body, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const first = await a.json();
    expect(await b.json()).toEqual(first);
    expect(first.result.orderNumber).toMatch(/^1\d{8}$/);

    // A restart: the app and its database connection closed, a new app built on the same data.
    await server.close();
    server = await startTestServer({ storefront: false, env: ENV, dataDir: folder?.dataDir });
    const [c, d] = await Promise.all([place(server, body, key), place(server, body, key)]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect(await c.json()).toEqual(first);
    expect(await d.json()).toEqual(first);

    const orders = await query<{ n: number }>(
      `select count(*)::int as n from orders where cart_id = '${id}'`,
    );
    expect(orders[0]!.n).toBe(1);
    expect(await stockOf(sku)).toBe(98);
    // The key with another body is another request: refused, and still one order.
    const other = await place(server, { ...body, order_id: randomUUID() }, key);
    expect(other.status).toBe(409);
    expect(await stockOf(sku)).toBe(98);
  }, 120_000);
});

describe("a cart changed behind the checkout", () => {
  it("is recomputed when the order is placed: another tab's lines and today's prices count, the client's do not", async () => {
    const cart = cartClient(server);
    const id = await cartWith([{ sku: ownSku(4), qty: 1 }]);
    // What the checkout page showed: one line of € 50,00.
    const shown = await cart.totals(id);
    expect(shown.body.result.grand_total).toBe(50);

    // Meanwhile another tab adds a line, and the shop changes a price (€ 60,50 incl. 21 % VAT).
    expect((await cart.update(id, { sku: ownSku(5), qty: 2 })).status).toBe(200);
    await importProducts([{ n: 4, qty: 100, price: 50 }]);

    // The client still sends the lines and prices it showed: they are not used.
    const res = await place(
      server,
      orderBody(id, { products: [{ sku: ownSku(4), qty: 1, price: 0.01, price_incl_tax: 0.01 }] }),
    );
    expect(res.status).toBe(200);
    const { result } = await res.json();
    // 60,50 + 2 × 50,00 = 160,50, past € 75: free standard shipping.
    expect(result.grand_total).toBe(160.5);
    const order = await server.services.orders.byNumber(result.orderNumber);
    expect(order?.items.map((i) => [i.sku, i.qty, i.row_total_incl_tax])).toEqual([
      [ownSku(4), 1, 60.5],
      [ownSku(5), 2, 100],
    ]);
    expect(order?.grand_total).toBe(160.5);
  });

  it("refuses a product sold out since it went into the cart with 409 naming its sku, and writes nothing", async () => {
    const sku = ownSku(6);
    const id = await cartWith([
      { sku: ownSku(5), qty: 1 },
      { sku, qty: 2 },
    ]);
    const before = await stockOf(ownSku(5));
    // Someone else bought the last units (the stock import stands for any sale or correction).
    await importProducts([{ n: 6, qty: 0 }]);
    const res = await place(server, orderBody(id));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 409,
      result: "Some of the ordered products are not available!",
      meta: { skus: [sku] },
    });
    expect(await stockOf(ownSku(5))).toBe(before);
    const [orders] = await query<{ n: number }>(
      `select count(*)::int as n from orders where cart_id = '${id}'`,
    );
    expect(orders!.n).toBe(0);
    // The cart is untouched: the shopper can take the line out and order the rest.
    expect((await cartClient(server).lines(id)).map((l) => l.sku).sort()).toEqual([ownSku(5), sku].sort());
  });
});

describe("the total the shopper saw", () => {
  /** The checkout's total: the cart with standard delivery kept on it. */
  const shownTotal = async (id: string): Promise<number> =>
    (
      await cartClient(server).shippingInformation(id, {
        shippingAddress: address,
        billingAddress: address,
        shipping_carrier_code: "postnl",
        shipping_method_code: "standard",
      })
    ).body.result.totals.grand_total;

  it("six carts with one single-use code at once: one order with the discount, five refused with 409 and their new totals", async () => {
    const code = `EENMALIG-${run}`;
    await query(
      `insert into cart_rules (code, label, action, discount_amount, usage_limit) values ('${code}', 'Eenmalig', 'by_percent', 10, 1)`,
    );
    const cart = cartClient(server);
    const ids = await Promise.all(Array.from({ length: 6 }, () => cartWith([{ sku: ownSku(3), qty: 1 }])));
    const seen: number[] = [];
    for (const id of ids) {
      expect((await cart.applyCoupon(id, code)).status).toBe(200);
      seen.push(await shownTotal(id));
    }
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        const res = await place(server, orderBody(id, { expected_grand_total: seen[i] }));
        return { status: res.status, body: await res.json() };
      }),
    );
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body.result.grand_total).toBe(seen[0]);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(5);
    for (const { body } of refused) {
      expect(body.result).toMatch(/^body\.expected_grand_total: The total of your order has changed/);
      // The new totals: the full price, no discount line.
      expect(body.meta.totals.grand_total).toBeGreaterThan(seen[0]!);
      expect(body.meta.totals.total_segments.map((s: { code: string }) => s.code)).not.toContain("discount");
    }
    const [orders] = await query<{ n: number }>(
      `select count(*)::int as n from orders where cart_id in (${ids.map((id) => `'${id}'`).join(",")})`,
    );
    expect(orders!.n).toBe(1);
  });

  it("a total that matches is placed; without expected_grand_total an API client's order is placed as before", async () => {
    const id = await cartWith([{ sku: ownSku(3), qty: 1 }]);
    const total = await shownTotal(id);
    const wrong = await place(server, orderBody(id, { expected_grand_total: total - 1 }));
    expect(wrong.status).toBe(409);
    expect((await place(server, orderBody(id, { expected_grand_total: total }))).status).toBe(200);
    const other = await cartWith([{ sku: ownSku(3), qty: 1 }]);
    expect((await place(server, orderBody(other))).status).toBe(200);
    const bad = await place(
      server,
      orderBody(await cartWith([{ sku: ownSku(3), qty: 1 }]), { expected_grand_total: "64,90" }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).meta.errors[0].path).toBe("body.expected_grand_total");
  });
});

describe("orders per address", () => {
  it("answers 429 in the envelope past ORDERS_PER_MINUTE, before any order is written", async () => {
    const limited = await startTestServer({
      storefront: false,
      env: { ADMIN_TOKEN: TOKEN, ORDERS_PER_MINUTE: "3" },
    });
    try {
      await importProducts([{ n: 7, qty: 10 }], limited);
      const carts = [];
      for (let i = 0; i < 4; i++) {
        const id = await cartClient(limited).create();
        expect((await cartClient(limited).update(id, { sku: ownSku(7), qty: 1 })).status).toBe(200);
        carts.push(id);
      }
      const answers = [];
      for (const id of carts) answers.push(await place(limited, orderBody(id)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      const refused = answers[3]!;
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({
        code: 429,
        result: expect.stringMatching(/Too many orders/),
      });
      const [orders] = (
        await limited.services.database.db.execute<{ n: number }>(
          `select count(*)::int as n from orders where cart_id = '${carts[3]}'`,
        )
      ).rows;
      expect(orders!.n).toBe(0);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
