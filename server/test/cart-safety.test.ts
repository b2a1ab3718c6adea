import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

const TOKENS: Record<string, { customerId: number; sessionExpires?: number }> = {
  "token-anna": { customerId: 1, sessionExpires: 2_000_000_000 },
  "token-bram": { customerId: 2 },
  "token-cees": { customerId: 3 },
};

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  // What the accounts issue will provide: a token → customer lookup.
  server.services.customerTokens = { verify: async (token) => TOKENS[token] ?? null };
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

const key = (name: string) => ({
  headers: { "idempotency-key": `${name}-${Math.random().toString(36).slice(2)}` },
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("customer carts answer only to their customer", () => {
  it("create gives the customer's one active cart, with meta.session_expires", async () => {
    const res = await server.post("/api/ext/tritonx/cart/create?token=token-anna", {});
    const body = await res.json();
    expect(body.meta).toEqual({ session_expires: 2_000_000_000 });
    expect(await cart.create(bearer("token-anna"))).toBe(body.result);
    expect(await cart.create(bearer("token-bram"))).not.toBe(body.result);
  });

  it("refuses guests and other customers with 401, changing nothing", async () => {
    // Anna's one active cart may hold lines from an earlier run on the same database.
    const id = await cart.create(bearer("token-anna"));
    const own = await cart.update(id, { sku: f.simple.sku, qty: 1 }, bearer("token-anna"));
    expect(own.status).toBe(200);
    const before = (await cart.pull(id, bearer("token-anna"))).body.result;
    for (const init of [undefined, bearer("token-bram")]) {
      const pull = await cart.pull(id, init);
      expect(pull.status).toBe(401);
      expect(pull.body.result).toBe(
        "querystring.cartId: This cart belongs to a customer; log in as that customer to use it",
      );
      expect((await cart.update(id, { sku: f.simple.sku, qty: 5 }, init)).status).toBe(401);
      expect(
        (await cart.delete(id, { item_id: own.body.result.item_id, sku: f.simple.sku }, init)).status,
      ).toBe(401);
      expect((await cart.totals(id, init)).status).toBe(401);
    }
    expect((await cart.pull(id, bearer("token-anna"))).body.result).toEqual(before);
  });

  it("refuses an unknown token with 401", async () => {
    const res = await cart.pull(await cart.create(), bearer("token-nobody"));
    expect(res.status).toBe(401);
    expect(res.body.result).toBe("headers.authorization: the token is invalid or has expired");
  });

  it("lets a customer use a guest cart (its id is the credential)", async () => {
    const guest = await cart.create();
    expect((await cart.update(guest, { sku: f.simple.sku, qty: 1 }, bearer("token-bram"))).status).toBe(200);
  });

  it("concurrent creates for one customer give one cart", async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => cart.create(bearer("token-cees"))));
    expect(new Set(ids).size).toBe(1);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer of an update; the quantity is added once", async () => {
    const id = await cart.create();
    const k = key("add");
    const first = await cart.update(id, { sku: f.simple.sku, qty: 2 }, k);
    const second = await cart.update(id, { sku: f.simple.sku, qty: 2 }, k);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect((await cart.lines(id))[0]!.qty).toBe(2);
  });

  it("answers 409 to the same key with another body, changing nothing", async () => {
    const id = await cart.create();
    const k = key("add");
    await cart.update(id, { sku: f.simple.sku, qty: 1 }, k);
    const other = await cart.update(id, { sku: f.simple.sku, qty: 3 }, k);
    expect(other.status).toBe(409);
    expect(other.body.result).toBe("headers.idempotency-key: this key was already used for another request");
    expect((await cart.lines(id))[0]!.qty).toBe(1);
  });

  it("replays a delete instead of answering 404 the second time", async () => {
    const id = await cart.create();
    const line = (await cart.update(id, { sku: f.simple.sku, qty: 1 })).body.result;
    const k = key("del");
    const item = { item_id: line.item_id, sku: f.simple.sku };
    expect((await cart.delete(id, item, k)).status).toBe(200);
    const again = await cart.delete(id, item, k);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("keeps keys apart per endpoint and per cart", async () => {
    const id = await cart.create();
    const other = await cart.create();
    const k = key("shared");
    await cart.update(id, { sku: f.simple.sku, qty: 1 }, k);
    const elsewhere = await cart.update(other, { sku: f.simple.sku, qty: 1 }, k);
    expect(elsewhere.headers.get("idempotent-replayed")).toBeNull();
    expect((await cart.applyCoupon(id, "WELKOM10", k)).status).toBe(200);
  });

  it("replays apply-coupon and refuses another coupon under the same key", async () => {
    const id = await cart.create();
    await cart.update(id, { sku: f.simple.sku, qty: 1 });
    const k = key("coupon");
    expect((await cart.applyCoupon(id, "WELKOM10", k)).status).toBe(200);
    expect((await cart.applyCoupon(id, "WELKOM10", k)).headers.get("idempotent-replayed")).toBe("true");
    expect((await cart.applyCoupon(id, "GRATISVERZENDING", k)).status).toBe(409);
    expect((await cart.totals(id)).body.result.coupon_code).toBe("WELKOM10");
  });

  it("stores no refusal: the same key runs again once the request can succeed", async () => {
    const id = await cart.create();
    const k = key("refused");
    const refused = await cart.update(id, { sku: f.scarce.sku, qty: f.scarce.sellable + 1 }, k);
    expect(refused.status).toBe(400);
    expect(await cart.lines(id)).toEqual([]);
    // Not a 409: the refused body was never stored under the key.
    const fine = await cart.update(id, { sku: f.scarce.sku, qty: 1 }, k);
    expect(fine.status).toBe(200);
    expect(await cart.lines(id)).toMatchObject([{ sku: f.scarce.sku, qty: 1 }]);
  });

  it("names a malformed key", async () => {
    const id = await cart.create();
    const res = await cart.update(
      id,
      { sku: f.simple.sku, qty: 1 },
      { headers: { "idempotency-key": "a b" } },
    );
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("headers.idempotency-key: must be 1 to 255 visible ASCII characters");
    expect(await cart.lines(id)).toEqual([]);
  });

  it("20 concurrent requests with one key add once", async () => {
    const id = await cart.create();
    const k = key("burst");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cart.update(id, { sku: f.simple.sku, qty: 1 }, k)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await cart.lines(id)).toMatchObject([{ sku: f.simple.sku, qty: 1 }]);
  });
});

describe("concurrent writes", () => {
  it("20 concurrent identical adds give one line with the summed quantity", async () => {
    const id = await cart.create();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cart.update(id, { sku: f.simple.sku, qty: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const lines = await cart.lines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.qty).toBe(20);
    // Each answer saw its own step: quantities 1..20, each once.
    expect(answers.map((a) => a.body.result.qty).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it("concurrent adds of a variant by child sku and by parent sku + options make one line", async () => {
    const id = await cart.create();
    const product_option = { extension_attributes: { configurable_item_options: f.configurable.options } };
    await Promise.all([
      ...Array.from({ length: 3 }, () =>
        cart.update(id, { sku: f.configurable.childSku, qty: 1, product_option }),
      ),
      ...Array.from({ length: 2 }, () =>
        cart.update(id, { sku: f.configurable.parent.sku, qty: 1, product_option }),
      ),
    ]);
    expect(await cart.lines(id)).toMatchObject([{ sku: f.configurable.childSku, qty: 5 }]);
  });

  it("two concurrent updates of one line converge on one of them", async () => {
    const id = await cart.create();
    const line = (await cart.update(id, { sku: f.simple.sku, qty: 1 })).body.result;
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        cart.update(id, { sku: f.simple.sku, qty: 3, item_id: line.item_id }),
        cart.update(id, { sku: f.simple.sku, qty: 7, item_id: line.item_id }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const lines = await cart.lines(id);
      expect(lines).toHaveLength(1);
      expect([3, 7]).toContain(lines[0]!.qty);
    }
  });

  it("a delete racing an update never leaves half a line or a 500", async () => {
    const id = await cart.create();
    const line = (await cart.update(id, { sku: f.simple.sku, qty: 2 })).body.result;
    const [del, upd] = await Promise.all([
      cart.delete(id, { item_id: line.item_id, sku: f.simple.sku }),
      cart.update(id, { sku: f.simple.sku, qty: 5, item_id: line.item_id }),
    ]);
    expect(del.status).toBe(200);
    expect([200, 404]).toContain(upd.status);
    expect(await cart.lines(id)).toEqual([]);
  });

  it("concurrent adds never exceed the stock", async () => {
    const id = await cart.create();
    const answers = await Promise.all(
      Array.from({ length: f.scarce.sellable + 3 }, () => cart.update(id, { sku: f.scarce.sku, qty: 1 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(f.scarce.sellable);
    expect((await cart.lines(id))[0]!.qty).toBe(f.scarce.sellable);
  });
});
