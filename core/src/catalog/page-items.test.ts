import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PageItem, pageItems } from "./page-items.ts";

/** The items as a shopper reads them: "1 2 3 4 … 40". */
const read = (items: PageItem[]) => items.map((i) => (i.kind === "gap" ? "…" : String(i.page))).join(" ");

describe("pageItems (issue 14: first and last page always shown)", () => {
  it.each<[number, number, string]>([
    [3, 40, "1 2 3 4 … 40"],
    [1, 40, "1 2 3 … 40"],
    [2, 40, "1 2 3 … 40"],
    [4, 40, "1 2 3 4 5 … 40"],
    [5, 40, "1 … 4 5 6 … 40"],
    [20, 40, "1 … 19 20 21 … 40"],
    [38, 40, "1 … 37 38 39 40"],
    [39, 40, "1 … 38 39 40"],
    [40, 40, "1 … 38 39 40"],
    [1, 1, "1"],
    [1, 2, "1 2"],
    [2, 3, "1 2 3"],
    [3, 5, "1 2 3 4 5"],
    [3, 6, "1 2 3 4 5 6"],
    [3, 7, "1 2 3 4 … 7"],
    [4, 7, "1 2 3 4 5 6 7"],
    [99, 10, "1 … 8 9 10"],
    [0, 10, "1 2 3 … 10"],
  ])("page %i of %i reads %s", (page, count, expected) => {
    expect(read(pageItems(page, count))).toBe(expected);
  });

  const input = fc
    .integer({ min: 1, max: 500 })
    .chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count)));

  it("always shows the first, the last and the current page, once each and in order", () => {
    fc.assert(
      fc.property(input, ([page, count]) => {
        const pages = pageItems(page, count).flatMap((i) => (i.kind === "page" ? [i.page] : []));
        expect(pages).toContain(1);
        expect(pages).toContain(count);
        expect(pages).toContain(page);
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages).toEqual(pages.toSorted((a, b) => a - b));
        expect(pages.every((p) => p >= 1 && p <= count)).toBe(true);
      }),
    );
  });

  it("shows the neighbours of the current page and at most 3 pages between the first and the last", () => {
    fc.assert(
      fc.property(input, ([page, count]) => {
        const pages = pageItems(page, count).flatMap((i) => (i.kind === "page" ? [i.page] : []));
        if (page > 1) expect(pages).toContain(page - 1);
        if (page < count) expect(pages).toContain(page + 1);
        // 3 around the current page, plus a page filled in for a one-page gap on either side.
        expect(pages.filter((p) => p !== 1 && p !== count).length).toBeLessThanOrEqual(5);
      }),
    );
  });

  it("puts a gap only where more than one page is left out, and never two gaps in a row", () => {
    fc.assert(
      fc.property(input, ([page, count]) => {
        const items = pageItems(page, count);
        items.forEach((item, i) => {
          const before = items[i - 1];
          const after = items[i + 1];
          if (item.kind === "gap") {
            expect(before?.kind).toBe("page");
            expect(after?.kind).toBe("page");
            if (before?.kind === "page" && after?.kind === "page") {
              expect(after.page - before.page).toBeGreaterThan(2);
              expect(item.after).toBe(before.page);
            }
          } else if (after?.kind === "page") {
            expect(after.page - item.page).toBe(1);
          }
        });
      }),
    );
  });
});
