import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wholeRowCount } from "./carousel.ts";

describe("wholeRowCount (issue 14: a carousel grid of whole rows)", () => {
  it.each([
    [0, 0],
    [3, 3],
    [4, 4],
    [7, 4],
    [8, 8],
    [11, 8],
    [12, 12],
  ])("%i cards show %i in rows of four", (count, shown) => {
    expect(wholeRowCount(count)).toBe(shown);
  });

  it("never shows more cards than there are, and from one row on only whole rows", () => {
    fc.assert(
      fc.property(fc.nat(200), fc.integer({ min: 1, max: 6 }), (count, columns) => {
        const shown = wholeRowCount(count, columns);
        expect(shown).toBeLessThanOrEqual(count);
        if (count >= columns) {
          expect(shown % columns).toBe(0);
          expect(count - shown).toBeLessThan(columns);
        } else expect(shown).toBe(count);
      }),
    );
  });
});
