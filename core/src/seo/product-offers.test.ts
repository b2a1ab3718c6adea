import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StockStatus } from "../catalog/types.ts";
import { productOffer, variantOffers } from "./product-offers.ts";

const at = { url: "https://shop.example/p/OVH1/overhemd/", currency: "EUR" };

/** What Google's product snippets require of an AggregateOffer, as a checkable shape. */
function expectAggregateOfferShape(offer: unknown) {
  expect(offer).toEqual({
    "@type": "AggregateOffer",
    url: expect.stringMatching(/^https?:\/\//),
    lowPrice: expect.stringMatching(/^\d+\.\d{2}$/),
    highPrice: expect.stringMatching(/^\d+\.\d{2}$/),
    offerCount: expect.any(Number),
    priceCurrency: "EUR",
    availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/),
  });
}

describe("productOffer", () => {
  it("one thing to buy is one Offer at its price paid", () => {
    expect(productOffer({ price: 59.95, stock: "ok" }, at)).toEqual({
      "@type": "Offer",
      url: at.url,
      price: "59.95",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
    expect(productOffer({ price: 50, stock: "out_of_stock" }, at)?.availability).toBe(
      "https://schema.org/OutOfStock",
    );
  });

  it("an unknown price is no offer", () => {
    expect(productOffer({ price: -1, stock: "ok" }, at)).toBeNull();
    expect(productOffer({ price: Number.NaN, stock: "ok" }, at)).toBeNull();
  });
});

describe("variantOffers", () => {
  it("spans the variants' prices, counts them and takes the best availability", () => {
    const offer = variantOffers(
      [
        { price: 79.95, stock: "out_of_stock" },
        { price: 59.95, stock: "volatile" },
        { price: 69.5, stock: "out_of_stock" },
      ],
      at,
    );
    expectAggregateOfferShape(offer);
    expect(offer).toMatchObject({
      lowPrice: "59.95",
      highPrice: "79.95",
      offerCount: 3,
      availability: "https://schema.org/LimitedAvailability",
    });
  });

  it("is sold out only when every variant is", () => {
    const sold = variantOffers(
      [
        { price: 10, stock: "out_of_stock" },
        { price: 10, stock: "out_of_stock" },
      ],
      at,
    );
    expect(sold?.availability).toBe("https://schema.org/OutOfStock");
  });

  it("leaves out variants without a price; none left, no offers", () => {
    expect(
      variantOffers(
        [
          { price: -1, stock: "ok" },
          { price: 20, stock: "ok" },
        ],
        at,
      )?.offerCount,
    ).toBe(1);
    expect(variantOffers([{ price: -1, stock: "ok" }], at)).toBeNull();
    expect(variantOffers([], at)).toBeNull();
  });

  it("always lowPrice ≤ highPrice, both among the prices, and a valid shape", () => {
    const stock = fc.constantFrom<StockStatus>("ok", "volatile", "out_of_stock");
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100), stock }), {
          minLength: 1,
          maxLength: 40,
        }),
        (sources) => {
          const offer = variantOffers(sources, at)!;
          expectAggregateOfferShape(offer);
          expect(Number(offer.lowPrice)).toBeLessThanOrEqual(Number(offer.highPrice));
          expect(sources.map((s) => s.price.toFixed(2))).toContain(offer.lowPrice);
          expect(sources.map((s) => s.price.toFixed(2))).toContain(offer.highPrice);
          expect(offer.offerCount).toBe(sources.length);
        },
      ),
    );
  });
});
