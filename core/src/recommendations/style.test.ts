import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alternativeScore, priceBand, type StyleFacts, upsellScore } from "./style.ts";

const shirt = (key: string, over: Partial<StyleFacts> = {}): StyleFacts => ({
  key,
  category: 11,
  fit: "slim",
  material: "katoen",
  pattern: "effen",
  colorFamilies: ["blauw"],
  price: 79.95,
  ...over,
});

const facts = fc.record({
  key: fc.constantFrom("a", "b", "c", "d"),
  category: fc.constantFrom(11, 12, undefined),
  fit: fc.constantFrom("slim", "regular", undefined),
  material: fc.constantFrom("katoen", "linnen", undefined),
  pattern: fc.constantFrom("effen", "streep", undefined),
  colorFamilies: fc.subarray(["blauw", "wit", "zwart"]),
  price: fc.double({ min: 1, max: 600, noNaN: true }),
});

describe("price bands", () => {
  it("put prices in the bands of the shop", () => {
    expect([10, 49.99, 50, 120, 399, 1200].map(priceBand)).toEqual([0, 0, 1, 2, 4, 5]);
  });
});

describe("alternatives", () => {
  it("are the same kind, closer in style and price scoring higher", () => {
    const a = shirt("a");
    expect(alternativeScore(a, shirt("b", { category: 12 }))).toBe(0);
    expect(alternativeScore(a, a)).toBe(0);
    const twin = alternativeScore(a, shirt("b"));
    const otherFit = alternativeScore(a, shirt("c", { fit: "regular" }));
    const dear = alternativeScore(a, shirt("d", { price: 299 }));
    expect(twin).toBeGreaterThan(otherFit);
    expect(twin).toBeGreaterThan(dear);
    expect(dear).toBeGreaterThan(0);
  });

  it("are symmetric and never negative", () => {
    fc.assert(
      fc.property(facts, facts, (a, b) => {
        expect(alternativeScore(a, b)).toBe(alternativeScore(b, a));
        expect(alternativeScore(a, b)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("upsell", () => {
  it("is the same kind, dearer, at most twice the price", () => {
    const a = shirt("a", { price: 60 });
    expect(upsellScore(a, shirt("b", { price: 50 }))).toBe(0);
    expect(upsellScore(a, shirt("b", { price: 130 }))).toBe(0);
    expect(upsellScore(a, shirt("b", { price: 90, category: 12 }))).toBe(0);
    expect(upsellScore(a, shirt("b", { price: 75 }))).toBeGreaterThan(
      upsellScore(a, shirt("c", { price: 115 })),
    );
  });

  it("never suggests a cheaper or equal product, and never both ways", () => {
    fc.assert(
      fc.property(facts, facts, (a, b) => {
        const up = upsellScore(a, b);
        if (up > 0) {
          expect(b.price).toBeGreaterThan(a.price);
          expect(upsellScore(b, a)).toBe(0);
        }
      }),
    );
  });
});
