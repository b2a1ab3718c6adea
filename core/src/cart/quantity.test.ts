import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CART_MESSAGES } from "./messages.ts";
import {
  cartCount,
  cartLimitProblem,
  countedQty,
  isValidLineQty,
  type LineCount,
  lineQtyProblem,
  MAX_CART_LINES,
  MAX_LINE_QTY,
  parseQty,
} from "./quantity.ts";

describe("parseQty", () => {
  it.each<[unknown, number | null]>([
    [3, 3],
    ["3", 3],
    [" 2 ", 2],
    ["+4", 4],
    ["-1", -1],
    ["0", 0],
    ["-0", 0],
    ["1.5", null],
    [1.5, null],
    ["2x", null],
    ["", null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    ["1e3", null],
  ])("reads %j as %j", (input, expected) => {
    expect(parseQty(input)).toBe(expected);
  });
});

describe("isValidLineQty", () => {
  it("accepts whole numbers from 1 up to the maximum only", () => {
    expect(isValidLineQty(1)).toBe(true);
    expect(isValidLineQty(MAX_LINE_QTY)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_LINE_QTY + 1, "2", Number.NaN])
      expect(isValidLineQty(bad)).toBe(false);
  });
});

describe("countedQty and cartCount", () => {
  it("ignores negative quantities in totals (transactional §4)", () => {
    expect(countedQty(-3)).toBe(0);
    expect(countedQty("2")).toBe(2);
    const items = [{ qty: 2 }, { qty: -1 }, { qty: "3" }, { qty: 1 }];
    expect(cartCount(items, "quantities")).toBe(6);
    expect(cartCount(items, "items")).toBe(3);
    expect(cartCount([], "items")).toBe(0);
  });
});

describe("lineQtyProblem", () => {
  it("tells a shopper what is wrong with a quantity: too many, or not a whole number above 0", () => {
    expect(lineQtyProblem(1)).toBeUndefined();
    expect(lineQtyProblem(MAX_LINE_QTY)).toBeUndefined();
    expect(lineQtyProblem(MAX_LINE_QTY + 1)).toBe(CART_MESSAGES.qtyTooHigh);
    for (const bad of [0, -1, 1.5, null, "2"]) expect(lineQtyProblem(bad)).toBe(CART_MESSAGES.invalidQty);
  });
});

describe("cartLimitProblem", () => {
  const lines = (n: number, qty = 1): LineCount[] =>
    Array.from({ length: n }, (_, i) => ({ key: `sku-${i}`, qty }));

  it(`takes a new line up to ${MAX_CART_LINES} lines, and refuses the next`, () => {
    expect(cartLimitProblem(lines(MAX_CART_LINES - 1), [{ key: "new", qty: 1 }])).toBeUndefined();
    expect(cartLimitProblem(lines(MAX_CART_LINES), [{ key: "new", qty: 1 }])).toBe(
      CART_MESSAGES.tooManyLines,
    );
  });

  it("lets a full cart (or one over the limit, from before it) add to the lines it holds", () => {
    expect(cartLimitProblem(lines(MAX_CART_LINES + 5), [{ key: "sku-3", qty: 2 }])).toBeUndefined();
  });

  it(`refuses a line above ${MAX_LINE_QTY}, counting what it holds already`, () => {
    expect(cartLimitProblem([{ key: "a", qty: 990 }], [{ key: "a", qty: 9 }])).toBeUndefined();
    expect(cartLimitProblem([{ key: "a", qty: 990 }], [{ key: "a", qty: 10 }])).toBe(
      CART_MESSAGES.qtyTooHigh,
    );
  });

  it("never lets a cart it accepts hold more lines or more per line than the limits (property)", () => {
    const line = fc.record({
      key: fc.constantFrom(...lines(120).map((l) => l.key)),
      qty: fc.integer({ min: 1, max: 600 }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(line, { minLength: 1, maxLength: 3 }), { maxLength: 200 }), (adds) => {
        const cart = new Map<string, number>();
        for (const additions of adds) {
          const current = [...cart].map(([key, qty]) => ({ key, qty }));
          if (cartLimitProblem(current, additions)) continue;
          for (const a of additions) cart.set(a.key, (cart.get(a.key) ?? 0) + a.qty);
        }
        expect(cart.size).toBeLessThanOrEqual(MAX_CART_LINES);
        for (const qty of cart.values()) expect(qty).toBeLessThanOrEqual(MAX_LINE_QTY);
      }),
    );
  });
});
