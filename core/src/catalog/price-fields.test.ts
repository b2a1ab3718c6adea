import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceFields, sumPriceFields } from "./price-fields.ts";
import { applyTax, toCents } from "./tax.ts";

describe("priceFields", () => {
  it("names every price as VSF1's taxCalc did, with the special price only when given", () => {
    const regular = applyTax(57.8099, 21);
    expect(priceFields(regular, null)).toMatchObject({
      price_incl_tax: 69.95,
      special_price: 0,
      special_price_incl_tax: 0,
      final_price_incl_tax: 69.95,
    });
    expect(priceFields(regular, applyTax(41.281, 21))).toMatchObject({
      price_incl_tax: 69.95,
      original_price_incl_tax: 69.95,
      special_price_incl_tax: 49.95,
      final_price_incl_tax: 49.95,
    });
  });
});

describe("sumPriceFields (browsing §4: sums start at 0)", () => {
  it("is all zeros for no parts", () => {
    expect(sumPriceFields([])).toEqual(priceFields({ value: 0, tax: 0, incl_tax: 0 }, null));
  });

  const net = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000);
  const part = fc.record({
    regular: net,
    discount: fc.option(fc.integer({ min: 1, max: 90 }), { nil: undefined }),
    rate: fc.constantFrom(0, 9, 21),
    qty: fc.integer({ min: 0, max: 5 }),
  });

  it("adds gross and tax in whole cents, and has a special price exactly when it pays less", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        const priced = parts.map((p) => {
          const special = p.discount ? applyTax((p.regular * (100 - p.discount)) / 100, p.rate) : null;
          return { fields: priceFields(applyTax(p.regular, p.rate), special), qty: p.qty };
        });
        const sum = sumPriceFields(priced);
        const cents = (pick: (f: (typeof priced)[number]["fields"]) => number) =>
          priced.reduce((total, p) => total + toCents(pick(p.fields)) * p.qty, 0);
        expect(toCents(sum.price_incl_tax)).toBe(cents((f) => f.price_incl_tax));
        expect(toCents(sum.price_tax)).toBe(cents((f) => f.price_tax));
        expect(toCents(sum.final_price_incl_tax)).toBe(cents((f) => f.final_price_incl_tax));
        expect(sum.special_price_incl_tax > 0).toBe(sum.final_price_incl_tax < sum.price_incl_tax);
      }),
    );
  });
});
