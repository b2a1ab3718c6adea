import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overallRating, REVIEW_PAGE_SIZE, reviewPageCount, summarize } from "./reviews.ts";

const rating = fc.record({
  rating_id: fc.integer({ min: 1, max: 9 }),
  value: fc.integer({ min: 1, max: 5 }),
});

describe("overallRating", () => {
  it("is the rounded mean of the ratings", () => {
    expect(overallRating([{ rating_id: 1, value: 4 }])).toBe(4);
    expect(
      overallRating([
        { rating_id: 1, value: 4 },
        { rating_id: 2, value: 5 },
      ]),
    ).toBe(5);
    expect(
      overallRating([
        { rating_id: 1, value: 3 },
        { rating_id: 2, value: 3 },
        { rating_id: 3, value: 4 },
      ]),
    ).toBe(3);
  });

  it("stays within the lowest and highest rating given", () => {
    fc.assert(
      fc.property(fc.array(rating, { minLength: 1, maxLength: 6 }), (ratings) => {
        const stars = overallRating(ratings);
        const values = ratings.map((r) => r.value);
        expect(stars).toBeGreaterThanOrEqual(Math.min(...values));
        expect(stars).toBeLessThanOrEqual(Math.max(...values));
      }),
    );
  });

  it("refuses an empty list", () => {
    expect(() => overallRating([])).toThrow();
  });
});

describe("summarize", () => {
  it("counts and averages to one decimal", () => {
    expect(summarize([0, 0, 1, 1, 1])).toEqual({ count: 3, average: 4, histogram: [0, 0, 1, 1, 1] });
    expect(summarize([1, 0, 0, 0, 2])).toMatchObject({ count: 3, average: 3.7 });
    expect(summarize([])).toEqual({ count: 0, average: 0, histogram: [0, 0, 0, 0, 0] });
  });

  it("averages between 1 and 5 whenever there is a review", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { minLength: 5, maxLength: 5 }), (h) => {
        const s = summarize(h);
        if (s.count === 0) expect(s.average).toBe(0);
        else {
          expect(s.average).toBeGreaterThanOrEqual(1);
          expect(s.average).toBeLessThanOrEqual(5);
        }
      }),
    );
  });
});

describe("reviewPageCount", () => {
  it("has room for every review and at least one page", () => {
    fc.assert(
      fc.property(fc.nat(1000), (n) => {
        const pages = reviewPageCount(n);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages * REVIEW_PAGE_SIZE).toBeGreaterThanOrEqual(n);
        expect((pages - 1) * REVIEW_PAGE_SIZE).toBeLessThan(Math.max(n, 1));
      }),
    );
  });
});
