import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FEW_LEFT, LAST_PIECES, stockHint } from "./stock-hint.ts";

const counted = (qty: number, extra: Partial<{ is_in_stock: boolean; is_volatile: boolean }> = {}) => ({
  qty,
  is_in_stock: true,
  manage_stock: true,
  ...extra,
});

describe("stockHint", () => {
  it.each([
    [1, { qty: 1, last: true }],
    [2, { qty: 2, last: true }],
    [3, { qty: 3, last: false }],
    [5, { qty: 5, last: false }],
    [6, null],
    [40, null],
    [0, null],
  ] as const)("a counted sku with %i left: %o", (qty, hint) => {
    expect(stockHint(counted(qty))).toEqual(hint);
  });

  it("says nothing of an uncounted sku, an unsure count or a sku marked out of stock", () => {
    expect(stockHint({ qty: 1, is_in_stock: true, manage_stock: false })).toBeNull();
    expect(stockHint(counted(2, { is_volatile: true }))).toBeNull();
    expect(stockHint(counted(2, { is_in_stock: false }))).toBeNull();
    expect(stockHint(null)).toBeNull();
  });

  it("names a number exactly when 1 to FEW_LEFT are left, and 'last' only up to LAST_PIECES", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), (qty) => {
        const hint = stockHint(counted(qty));
        expect(hint !== null).toBe(qty >= 1 && qty <= FEW_LEFT);
        if (hint) {
          expect(hint.qty).toBe(qty);
          expect(hint.last).toBe(qty <= LAST_PIECES);
        }
      }),
    );
  });
});
