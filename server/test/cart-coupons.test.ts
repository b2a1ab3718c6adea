import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CartFixtures, cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

const cents = (n: number) => Math.round(n * 100);

/** A cart with the simple product at a subtotal of at least `atLeast` euros. */
async function cartWorth(atLeast: number): Promise<{ id: string; subtotal: number }> {
  const id = await cart.create();
  const qty = Math.max(1, Math.ceil(atLeast / f.simple.final_price_incl_tax!));
  await cart.update(id, { sku: f.simple.sku, qty });
  return { id, subtotal: (await cart.totals(id)).body.result.subtotal_incl_tax };
}

describe("POST /apply-coupon", () => {
  it("WELKOM10 takes 10 % off, case-insensitively, and lowers the VAT with it", async () => {
    const { id, subtotal } = await cartWorth(50);
    const res = await cart.applyCoupon(id, "welkom10");
    expect(res).toMatchObject({ status: 200, body: { code: 200, result: true } });
    const t = (await cart.totals(id)).body.result;
    expect(t.coupon_code).toBe("WELKOM10");
    expect(cents(t.discount_amount)).toBe(-Math.round(cents(subtotal) / 10));
    expect(cents(t.grand_total)).toBe(cents(subtotal) + cents(t.discount_amount));
    expect(t.tax_amount).toBe(Math.round((cents(t.grand_total) * 21) / 121) / 100);
    expect(t.total_segments.find((s: { code: string }) => s.code === "discount")).toEqual({
      code: "discount",
      title: "Korting (WELKOM10)",
      value: t.discount_amount,
    });
  });

  it("ZOMER25 takes € 25 off from € 150, and says when the minimum is not met", async () => {
    const small = await cartWorth(40);
    const refused = await cart.applyCoupon(small.id, "ZOMER25");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 400,
      result: "querystring.coupon: Not a valid coupon code",
      meta: {
        errors: [{ path: "querystring.coupon", message: "Not a valid coupon code" }],
        reason: "minimum-not-met",
        code: "ZOMER25",
        minimum_subtotal: 150,
      },
    });
    const big = await cartWorth(150);
    expect((await cart.applyCoupon(big.id, "ZOMER25")).status).toBe(200);
    expect((await cart.totals(big.id)).body.result.discount_amount).toBe(-25);
  });

  it("a coupon that stops applying (the cart shrank below its minimum) counts for nothing", async () => {
    const big = await cartWorth(150);
    await cart.applyCoupon(big.id, "ZOMER25");
    const [line] = await cart.lines(big.id);
    await cart.update(big.id, { sku: f.simple.sku, qty: 1, item_id: line!.item_id });
    const t = (await cart.totals(big.id)).body.result;
    expect(t.discount_amount).toBe(0);
    expect(t.coupon_code).toBeNull();
  });

  it("GRATISVERZENDING makes shipping free", async () => {
    const { id } = await cartWorth(10);
    await cart.collectTotals(id, {
      methods: { shippingCarrierCode: "postnl", shippingMethodCode: "evening" },
    });
    expect((await cart.totals(id)).body.result.shipping_incl_tax).toBe(7.95);
    await cart.applyCoupon(id, "GRATISVERZENDING");
    const t = (await cart.totals(id)).body.result;
    expect(t.shipping_incl_tax).toBe(0);
    expect(t.grand_total).toBe(t.subtotal_incl_tax);
    const methods = (await cart.shippingMethods(id, { country_id: "NL" })).body.result;
    expect(methods.every((m: { price_incl_tax: number }) => m.price_incl_tax === 0)).toBe(true);
  });

  // Issue 23, item 17: an expired and an already-used code say which, not just "not valid".
  it.each([
    ["VERLOPEN", "expired", "This discount code has expired"],
    ["OP", "used-up", "This discount code has already been used"],
    ["BINNENKORT", "not-yet-valid", "This discount code is not valid yet"],
    ["BESTAATNIET", "unknown", "Not a valid coupon code"],
  ])("refuses %s (%s) saying why, changing nothing", async (code, reason, message) => {
    const { id } = await cartWorth(200);
    await cart.applyCoupon(id, "WELKOM10");
    const res = await cart.applyCoupon(id, code);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(`querystring.coupon: ${message}`);
    expect(res.body.meta.reason).toBe(reason);
    expect((await cart.totals(id)).body.result.coupon_code).toBe("WELKOM10");
  });

  it("names a missing coupon", async () => {
    const { id } = await cartWorth(10);
    const res = await server.post(`/api/ext/tritonx/cart/apply-coupon?cartId=${id}`, {});
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/^querystring\.coupon: /);
  });
});

describe("POST /delete-coupon", () => {
  it("removes the coupon", async () => {
    const { id, subtotal } = await cartWorth(50);
    await cart.applyCoupon(id, "WELKOM10");
    expect(await cart.deleteCoupon(id)).toMatchObject({ status: 200, body: { result: true } });
    const t = (await cart.totals(id)).body.result;
    expect(t).toMatchObject({ coupon_code: null, discount_amount: 0, grand_total: subtotal });
  });
});

describe("POST /apply-tritonx-discount", () => {
  it("applies a list of codes together", async () => {
    const { id, subtotal } = await cartWorth(200);
    const res = await cart.applyDiscount(id, ["zomer25", "WELKOM10"]);
    expect(res.status).toBe(200);
    const t = (await cart.totals(id)).body.result;
    expect(t.coupon_code).toBe("ZOMER25,WELKOM10");
    const afterFixed = cents(subtotal) - 2500;
    expect(cents(t.discount_amount)).toBe(-(2500 + Math.round(afterFixed / 10)));
  });

  it("applies none when one code is not valid, naming it", async () => {
    const { id } = await cartWorth(200);
    const res = await cart.applyDiscount(id, ["WELKOM10", "VERLOPEN"]);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("body.discount[1].code: This discount code has expired");
    expect(res.body.meta.reason).toBe("expired");
    expect((await cart.totals(id)).body.result.coupon_code).toBeNull();
  });

  it("refuses an empty list", async () => {
    const { id } = await cartWorth(10);
    const res = await cart.applyDiscount(id, []);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe("body.discount: must name at least one code");
  });
});
