import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PRICE_RANGES,
  priceBucketOf,
  priceBuckets,
  priceRangeLabel,
  priceSliderRange,
} from "./price-filter.ts";

describe("priceBuckets (browsing §9; contract: catalogue aggregations)", () => {
  it("has the four ranges with the contract's ids and labels", () => {
    expect(priceBuckets()).toEqual([
      { id: "0.0-50.0", label: "< €50", from: 0, to: 50 },
      { id: "50.0-100.0", label: "€50 - €100", from: 50, to: 100 },
      { id: "100.0-150.0", label: "€100 - €150", from: 100, to: 150 },
      { id: "150.0-*", label: "> €150", from: 150 },
    ]);
  });

  it("labels other ranges and currencies by the same pattern", () => {
    expect(priceBuckets([{ from: 0, to: 25 }, { from: 25 }], "$").map((b) => b.label)).toEqual([
      "< $25",
      "> $25",
    ]);
  });

  it.each([
    [0, "0.0-50.0"],
    [49.99, "0.0-50.0"],
    [50, "50.0-100.0"],
    [149.95, "100.0-150.0"],
    [150, "150.0-*"],
    [9999, "150.0-*"],
    [-1, undefined],
  ])("puts %d in %s", (price, id) => {
    expect(priceBucketOf(price)?.id).toBe(id);
  });

  it("puts every price of zero or more in exactly one bucket", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (price) => {
        const holding = priceBuckets().filter((b) => price >= b.from && (b.to === undefined || price < b.to));
        expect(holding).toHaveLength(1);
      }),
    );
  });
});

describe("priceSliderRange (browsing §9 price slider)", () => {
  it.each([
    [undefined, undefined, { min: 0, max: 200, step: 1, minGap: 5 }],
    [null, null, { min: 0, max: 200, step: 1, minGap: 5 }],
    [24.95, 189.95, { min: 14, max: 200, step: 1, minGap: 5 }],
    [5, 60, { min: 0, max: 70, step: 1, minGap: 5 }],
    [100, 990, { min: 90, max: 1000, step: 1, minGap: 20 }],
    [400, 100, { min: 90, max: 410, step: 1, minGap: 8 }],
    [50, 50, { min: 40, max: 60, step: 1, minGap: 5 }],
    [300, undefined, { min: 290, max: 300, step: 1, minGap: 6 }],
  ])("prices %d to %d", (min, max, range) => {
    expect(priceSliderRange(min, max)).toEqual(range);
  });

  it("always holds the prices found, with whole bounds and a gap of at least 5", () => {
    const price = fc.double({ min: 0, max: 100_000, noNaN: true });
    fc.assert(
      fc.property(price, price, (a, b) => {
        const range = priceSliderRange(a, b);
        expect(range.min).toBeLessThanOrEqual(Math.min(a, b));
        expect(range.max).toBeGreaterThanOrEqual(Math.max(a, b));
        expect(Number.isInteger(range.min) && Number.isInteger(range.max)).toBe(true);
        expect(range.minGap).toBeGreaterThanOrEqual(5);
        expect(range.min).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("priceRangeLabel (issue 14)", () => {
  it("writes the ranges with the shop's spacing and an en dash", () => {
    expect(PRICE_RANGES.map((r) => priceRangeLabel(r))).toEqual([
      "Tot € 50",
      "€ 50 – € 100",
      "€ 100 – € 150",
      "Vanaf € 150",
    ]);
    expect(priceRangeLabel({ from: 1000, to: 1250 })).toBe("€ 1.000 – € 1.250");
    expect(priceRangeLabel({ from: 150, to: null })).toBe("Vanaf € 150");
  });
});
