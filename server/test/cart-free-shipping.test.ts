import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartService } from "../src/services/cart/index.ts";
import { FREE_SHIPPING_FROM } from "../src/services/cart/shipping.ts";
import { type CartFixtures, cartClient, cartFixtures, giftCardTo } from "./helpers/cart-fixtures.ts";
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

const cents = (euros: number) => Math.round(euros * 100);

async function cartOf(qty: number, sku = f.simple.sku) {
  const id = await cart.create();
  await cart.update(id, { sku, qty });
  return { id, totals: (await cart.totals(id)).body.result };
}

describe("GET /totals: free shipping", () => {
  it("says the shipping rule's threshold and what is left to it, in whole cents", async () => {
    const { totals } = await cartOf(1);
    expect(totals.subtotal_incl_tax).toBeLessThan(FREE_SHIPPING_FROM);
    expect(totals.extension_attributes.free_shipping).toEqual({
      threshold: FREE_SHIPPING_FROM,
      remaining: (cents(FREE_SHIPPING_FROM) - cents(totals.subtotal_incl_tax)) / 100,
    });
  });

  it("has nothing left once the subtotal reaches it, and the standard delivery is then free", async () => {
    const qty = Math.ceil(FREE_SHIPPING_FROM / f.simple.final_price_incl_tax!);
    const { id, totals } = await cartOf(qty);
    expect(totals.extension_attributes.free_shipping).toEqual({
      threshold: FREE_SHIPPING_FROM,
      remaining: 0,
    });
    const methods = (await cart.shippingMethods(id, { country_id: "NL" })).body.result;
    expect(methods.find((m: { method_code: string }) => m.method_code === "standard").price_incl_tax).toBe(0);
  });

  it("has nothing left with a free-shipping coupon", async () => {
    const { id } = await cartOf(1);
    await cart.applyCoupon(id, "GRATISVERZENDING");
    const totals = (await cart.totals(id)).body.result;
    expect(totals.extension_attributes.free_shipping.remaining).toBe(0);
  });

  it("promises nothing for a cart with nothing to ship (a gift card)", async () => {
    const id = await cart.create();
    expect(
      (
        await cart.update(id, {
          sku: f.giftCard.sku,
          qty: 1,
          product_option: giftCardTo(f.giftCard, "Sanne", "sanne@example.nl"),
        })
      ).status,
    ).toBe(200);
    const totals = (await cart.totals(id)).body.result;
    expect(totals.extension_attributes).toBeUndefined();
  });
});

describe("the checkout page's summary: one read of the cart", () => {
  const carts = {
    "below the threshold": async () => (await cartOf(1)).id,
    "with a free-shipping coupon": async () => {
      const { id } = await cartOf(1);
      await cart.applyCoupon(id, "GRATISVERZENDING");
      return id;
    },
    "a gift card alone": async () => {
      const id = await cart.create();
      await cart.update(id, {
        sku: f.giftCard.sku,
        qty: 1,
        product_option: giftCardTo(f.giftCard, "Sanne", "sanne@example.nl"),
      });
      return id;
    },
  };

  for (const [name, make] of Object.entries(carts)) {
    it(`answers as totals, shipping-methods and payment-methods do: ${name}`, async () => {
      const id = await make();
      const service = new CartService(server.services.database.db, server.services.catalog);
      const one = await service.checkout({ kind: "guest" }, id, "NL");
      if (!one.ok) throw new Error(`checkout read refused: ${one.message}`);
      const wire = (value: unknown) => JSON.parse(JSON.stringify(value));
      expect(wire(one.value.totals)).toEqual((await cart.totals(id)).body.result);
      expect(wire(one.value.shippingMethods)).toEqual(
        (await cart.shippingMethods(id, { country_id: "NL" })).body.result,
      );
      expect(wire(one.value.paymentMethods)).toEqual((await cart.paymentMethods(id)).body.result);
    });
  }

  it("answers 404 for a cart that does not exist, as the endpoints do", async () => {
    const service = new CartService(server.services.database.db, server.services.catalog);
    const missing = await service.checkout({ kind: "guest" }, "no-such-cart-0000000000", "NL");
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.code).toBe(404);
  });
});
