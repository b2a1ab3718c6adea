import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, computeTotals, type DiscountRule, discountCents, type TotalsLine } from "./totals.ts";

const line = (item_id: number, unit: number, qty: number, rate = 21): TotalsLine => ({
  item_id,
  sku: `S${item_id}`,
  name: `Product ${item_id}`,
  qty,
  parts: [{ unitInclTax: unit, rate }],
  options: [],
});
const percent = (code: string, amount: number): DiscountRule => ({
  code,
  label: code,
  action: "by_percent",
  discountAmount: amount,
  freeShipping: false,
});
const fixed = (code: string, amount: number): DiscountRule => ({
  ...percent(code, amount),
  action: "by_fixed",
});

describe("allocate", () => {
  it("splits exactly, in proportion (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const capped = Math.min(total, sum);
          const shares = allocate(capped, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? capped : 0);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[i]!);
            if (sum > 0) expect(Math.abs(share - (capped * weights[i]!) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe("discountCents", () => {
  it("applies rules one after the other, never below zero", () => {
    expect(discountCents([percent("A", 10)], 10_000)).toBe(1000);
    expect(discountCents([fixed("B", 25), percent("A", 10)], 20_000)).toBe(2500 + 1750);
    expect(discountCents([fixed("B", 25)], 1000)).toBe(1000);
    expect(discountCents([], 1000)).toBe(0);
  });
});

describe("computeTotals", () => {
  it("adds rows incl. tax and takes the VAT out per rate", () => {
    const totals = computeTotals({ lines: [line(1, 121, 2), line(2, 10.9, 1, 9)], rules: [] });
    expect(totals.subtotal_incl_tax).toBe(252.9);
    expect(totals.tax_amount).toBe(42 + 0.9);
    expect(totals.subtotal).toBe(200 + 10);
    expect(totals.grand_total).toBe(252.9);
    const tax = totals.total_segments.find((s) => s.code === "tax")!;
    expect(tax.extension_attributes!.tax_grandtotal_details).toEqual([
      { amount: 42, rates: [{ percent: "21", title: "Btw 21%" }], group_id: 1 },
      { amount: 0.9, rates: [{ percent: "9", title: "Btw 9%" }], group_id: 2 },
    ]);
    expect(totals.items[0]).toMatchObject({
      price_incl_tax: 121,
      row_total_incl_tax: 242,
      row_total: 200,
      tax_amount: 42,
    });
  });

  it("lowers the VAT with the discount and keeps every cent", () => {
    const totals = computeTotals({
      lines: [line(1, 121, 1), line(2, 10.9, 1, 9)],
      rules: [percent("WELKOM10", 10)],
    });
    expect(totals.discount_amount).toBe(-13.19);
    expect(totals.items.map((i) => i.discount_amount)).toEqual([12.1, 1.09]);
    expect(totals.tax_amount).toBe(19.71);
    expect(totals.grand_total).toBe(118.71);
    expect(totals.coupon_code).toBe("WELKOM10");
    expect(totals.total_segments.map((s) => [s.code, s.title, s.value])).toEqual([
      ["subtotal", "Subtotaal", 131.9],
      ["discount", "Korting (WELKOM10)", -13.19],
      ["tax", "Btw", 19.71],
      ["grand_total", "Totaal", 118.71],
    ]);
  });

  it("adds shipping with its VAT, or nothing with free shipping", () => {
    const shipping = {
      carrier_code: "postnl",
      method_code: "standard",
      title: "Standaard bezorging",
      priceInclTax: 4.95,
    };
    const paid = computeTotals({ lines: [line(1, 50, 1)], rules: [], shipping });
    expect(paid.shipping_incl_tax).toBe(4.95);
    expect(paid.shipping_tax_amount).toBe(0.86);
    expect(paid.grand_total).toBe(54.95);
    expect(paid.total_segments[1]).toEqual({
      code: "shipping",
      title: "Verzendkosten (Standaard bezorging)",
      value: 4.95,
    });
    const free = computeTotals({
      lines: [line(1, 50, 1)],
      rules: [{ ...percent("GRATIS", 0), action: "free_shipping", freeShipping: true }],
      shipping,
    });
    expect(free.shipping_incl_tax).toBe(0);
    expect(free.grand_total).toBe(50);
  });

  it("ignores negative quantities and answers an empty cart", () => {
    const totals = computeTotals({ lines: [line(1, 10, -2)], rules: [] });
    expect(totals.grand_total).toBe(0);
    expect(computeTotals({ lines: [], rules: [] })).toMatchObject({
      grand_total: 0,
      items: [],
      coupon_code: null,
    });
  });

  it("grand total = subtotal − discount + shipping, and tax never exceeds it (property)", () => {
    const arbLine = fc.record({
      unit: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
      qty: fc.integer({ min: 1, max: 20 }),
      rate: fc.constantFrom(0, 9, 21),
    });
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 200 }),
        (lines, pct, off) => {
          const totals = computeTotals({
            lines: lines.map((l, i) => line(i + 1, l.unit, l.qty, l.rate)),
            rules: [percent("P", pct), fixed("F", off)],
          });
          const cents = (n: number) => Math.round(n * 100);
          expect(cents(totals.grand_total)).toBe(
            cents(totals.subtotal_incl_tax) + cents(totals.discount_amount),
          );
          expect(totals.grand_total).toBeGreaterThanOrEqual(0);
          expect(totals.tax_amount).toBeLessThanOrEqual(totals.grand_total + 0.001);
          const itemDiscounts = totals.items.reduce((sum, i) => sum + cents(i.discount_amount), 0);
          expect(itemDiscounts + cents(totals.discount_amount)).toBe(0);
        },
      ),
    );
  });
});
