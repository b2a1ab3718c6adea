import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freeShippingProgress } from "./free-shipping.ts";

describe("freeShippingProgress", () => {
  it("counts what is left to the threshold in whole cents", () => {
    expect(freeShippingProgress(62.95, 75)).toEqual({ threshold: 75, remaining: 12.05 });
    expect(freeShippingProgress(0.1 + 0.2, 75).remaining).toBe(74.7);
  });

  it("has reached it at and above the threshold, and with a free-shipping coupon", () => {
    expect(freeShippingProgress(75, 75).remaining).toBe(0);
    expect(freeShippingProgress(120, 75).remaining).toBe(0);
    expect(freeShippingProgress(10, 75, true).remaining).toBe(0);
  });

  it("never goes below 0 and adds up to the threshold below it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (cents) => {
        const { remaining } = freeShippingProgress(cents / 100, 75);
        expect(remaining).toBeGreaterThanOrEqual(0);
        if (cents < 7500) expect(Math.round(remaining * 100) + cents).toBe(7500);
        else expect(remaining).toBe(0);
      }),
    );
  });
});
