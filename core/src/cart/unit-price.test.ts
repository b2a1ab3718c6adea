import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitPriceNote } from "./unit-price.ts";

describe("unitPriceNote", () => {
  it.each([
    [2, 49.95, "€ 49,95 per stuk"],
    [12, 1234.5, "€ 1.234,50 per stuk"],
    [3, 0, "€ 0,00 per stuk"],
    [1, 49.95, null],
    [0, 49.95, null],
    [2.5, 49.95, null],
    [2, -1, null],
    [2, Number.NaN, null],
  ])("%d at %d: %s", (qty, unit, note) => {
    expect(unitPriceNote(qty, unit)).toBe(note);
  });

  it("is there exactly when more than one is bought at a known price", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 999 }), fc.integer({ min: 0, max: 1_000_000 }), (qty, cents) => {
        expect(unitPriceNote(qty, cents / 100) !== null).toBe(qty > 1);
      }),
    );
  });
});
