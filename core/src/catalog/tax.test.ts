import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTax, findTaxRate, roundCents, toCents } from "./tax.ts";
import type { TaxRule } from "./types.ts";

const rule = (id: number, productClass: number, rate: number, extra: Partial<TaxRule> = {}): TaxRule => ({
  id,
  code: `rule-${id}`,
  product_tax_class_ids: [productClass],
  customer_tax_class_ids: [3],
  rates: [{ rate, tax_country_id: "NL", tax_region_id: 0, region_name: "*" }],
  ...extra,
});

/** The demo shop's rules: class 2 at 21 %, class 5 (books) at 9 %. */
const NL_RULES = [rule(1, 2, 21), rule(2, 5, 9)];
const NL = { customerTaxClassId: 3, countryId: "NL" };

describe("findTaxRate (browsing §3 Tax rule, §6)", () => {
  it.each([
    ["the high rate for class 2", NL_RULES, { ...NL, productTaxClassId: 2 }, 21],
    ["the low rate for class 5", NL_RULES, { ...NL, productTaxClassId: 5 }, 9],
    ["a class as text", NL_RULES, { ...NL, productTaxClassId: "5" }, 9],
    ["no rule for the class", NL_RULES, { ...NL, productTaxClassId: 7 }, 0],
    ["no tax class on the product", NL_RULES, { ...NL, productTaxClassId: undefined }, 0],
    ["tax class 0", NL_RULES, { ...NL, productTaxClassId: 0 }, 0],
    ["another customer class", NL_RULES, { productTaxClassId: 2, customerTaxClassId: 4, countryId: "NL" }, 0],
    ["another country", NL_RULES, { productTaxClassId: 2, customerTaxClassId: 3, countryId: "BE" }, 0],
    ["no rules", [], { ...NL, productTaxClassId: 2 }, 0],
  ])("%s", (_name, rules, query, rate) => {
    expect(findTaxRate(rules, query)).toBe(rate);
  });

  it("does not take the first rule whatever its product classes (VSF1's misplaced bracket)", () => {
    expect(findTaxRate([rule(1, 5, 9), rule(2, 2, 21)], { ...NL, productTaxClassId: 2 })).toBe(21);
  });

  it("skips rates for one region, since no region is asked for", () => {
    const regional = rule(1, 2, 5, {
      rates: [
        { rate: 5, tax_country_id: "NL", tax_region_id: 12, region_name: "Friesland" },
        { rate: 21, tax_country_id: "NL", tax_region_id: 0, region_name: "" },
      ],
    });
    expect(findTaxRate([regional], { ...NL, productTaxClassId: 2 })).toBe(21);
  });

  it("takes the rule with the lowest priority, then the lowest id, whatever the list order", () => {
    const rules = [rule(9, 2, 19, { priority: 1 }), rule(4, 2, 20), rule(3, 2, 21)];
    expect(findTaxRate(rules, { ...NL, productTaxClassId: 2 })).toBe(21);
    expect(findTaxRate(rules.toReversed(), { ...NL, productTaxClassId: 2 })).toBe(21);
  });
});

describe("roundCents: half away from zero on cents", () => {
  it.each([
    [57.8099 * 1.21, 69.95],
    [1.005, 1.01],
    [1.004999, 1],
    [2.675, 2.68],
    [0.125, 0.13],
    [-0.125, -0.13],
    [-1.005, -1.01],
    [10, 10],
    [-0.001, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])("%d → %d", (amount, rounded) => {
    expect(roundCents(amount)).toBe(rounded);
  });

  it("never returns -0", () => {
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
  });
});

describe("applyTax: every price as value, _tax and _incl_tax", () => {
  it.each([
    [57.8099, 21, { value: 57.8099, tax: 12.14, incl_tax: 69.95 }],
    [12.3456, 0, { value: 12.3456, tax: 0, incl_tax: 12.35 }],
    [13.7156, 9, { value: 13.7156, tax: 1.23, incl_tax: 14.95 }],
    [0, 21, { value: 0, tax: 0, incl_tax: 0 }],
    [Number.NaN, 21, { value: 0, tax: 0, incl_tax: 0 }],
  ])("%d at %d %%", (value, rate, taxed) => {
    expect(applyTax(value, rate)).toEqual(taxed);
  });

  it("gives back the shop's gross price from a net price stored to 4 decimals (NL 21 % and 9 %)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(21, 9), (grossCents, rate) => {
        const gross = grossCents / 100;
        const net = Math.round((gross / (1 + rate / 100)) * 10_000) / 10_000;
        expect(applyTax(net, rate).incl_tax).toBe(gross);
      }),
    );
  });

  it("keeps net (in cents) + tax = gross, in whole cents", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.constantFrom(0, 9, 21),
        (net, rate) => {
          const taxed = applyTax(net, rate);
          expect(Math.abs(taxed.incl_tax * 100 - Math.round(taxed.incl_tax * 100))).toBeLessThan(1e-6);
          expect(Math.abs(taxed.tax * 100 - Math.round(taxed.tax * 100))).toBeLessThan(1e-6);
          expect(toCents(net) + toCents(taxed.tax)).toBe(toCents(taxed.incl_tax));
          expect(taxed.tax).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
