import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FilterQuery, formatRangeValue, parseRangeValue, toggleFilterValue } from "./filters.ts";

describe("toggleFilterValue (browsing §4 Filters and listing)", () => {
  it.each<[string, FilterQuery, Parameters<typeof toggleFilterValue>[1], Record<string, string | string[]>]>([
    ["adds a value", {}, { type: "color", id: "49" }, { color: ["49"] }],
    ["adds a second value", { color: ["49"] }, { type: "color", id: "50" }, { color: ["49", "50"] }],
    ["removes a chosen value", { color: ["49", "50"] }, { type: "color", id: "49" }, { color: ["50"] }],
    [
      "drops the filter with its last value",
      { color: ["49"], size: "167" },
      { type: "color", id: "49" },
      { size: "167" },
    ],
    [
      "reads a single text value as a list",
      { color: "49" },
      { type: "color", id: "50" },
      { color: ["49", "50"] },
    ],
    ["compares a numeric id as text", { color: ["49"] }, { type: "color", id: 49 }, {}],
    [
      "a single-choice filter replaces its value",
      { price: ["0.0-50.0"] },
      { type: "price", id: "50.0-100.0", single: true },
      { price: ["50.0-100.0"] },
    ],
    [
      "a single-choice value clicked again is removed",
      { price: ["0.0-50.0"] },
      { type: "price", id: "0.0-50.0", single: true },
      {},
    ],
    [
      "a system filter holds one value",
      { sort: "position:asc" },
      { type: "sort", id: "final_price:asc" },
      { sort: "final_price:asc" },
    ],
    [
      "a system filter clicked again is cleared",
      { sort: "final_price:asc" },
      { type: "sort", id: "final_price:asc" },
      {},
    ],
    [
      "the page is dropped when a filter changes",
      { page: "3", color: ["49"] },
      { type: "color", id: "50" },
      { color: ["49", "50"] },
    ],
    [
      "other filters stay as they were",
      { q: "jas", color: ["49"] },
      { type: "size", id: "167" },
      { q: "jas", color: ["49"], size: ["167"] },
    ],
  ])("%s", (_name, query, variant, next) => {
    expect(toggleFilterValue(query, variant)).toEqual(next);
  });

  it("takes another list of system filters", () => {
    expect(toggleFilterValue({}, { type: "brand", id: "7" }, ["sort", "brand"])).toEqual({ brand: "7" });
  });

  it("toggling a value twice gives the query back (without the page) and never changes its input", () => {
    const query = fc.dictionary(
      fc.constantFrom("color", "size", "brand"),
      fc.uniqueArray(fc.constantFrom("1", "2", "3"), { minLength: 1 }),
    );
    fc.assert(
      fc.property(
        query,
        fc.constantFrom("color", "size", "brand"),
        fc.constantFrom("1", "2", "3"),
        (q, type, id) => {
          const before = structuredClone(q);
          const twice = toggleFilterValue(toggleFilterValue(q, { type, id }), { type, id });
          expect(q).toEqual(before);
          const same = Object.fromEntries(Object.entries(twice).map(([k, v]) => [k, [...v].sort()]));
          const expected = Object.fromEntries(Object.entries(q).map(([k, v]) => [k, [...v].sort()]));
          expect(same).toEqual(expected);
        },
      ),
    );
  });
});

describe("parseRangeValue (browsing §4: a two-element list becomes min and max)", () => {
  it.each([
    ["50-100", { min: 50, max: 100 }],
    ["0.0-50.0", { min: 0, max: 50 }],
    ["150.0-*", { min: 150, max: null }],
    ["*-50", { min: null, max: 50 }],
    ["-50", { min: null, max: 50 }],
    [" 10 - 20 ", { min: 10, max: 20 }],
    ["100-50", { min: 50, max: 100 }],
    ["[10,20]", { min: 10, max: 20 }],
    [[10, 20], { min: 10, max: 20 }],
    [["10", "*"], { min: 10, max: null }],
    ["49", null],
    ["blue-green", null],
    ["*-*", null],
    ["[1,2,3]", null],
    ["[oops", null],
    [[1], null],
    [42, null],
    [null, null],
  ])("%j → %o", (value, bounds) => {
    expect(parseRangeValue(value)).toEqual(bounds);
  });

  it("reads back what it writes for the price query", () => {
    const bound = fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null });
    fc.assert(
      fc.property(bound, bound, (min, max) => {
        fc.pre(min !== null || max !== null);
        const [lo, hi] = min !== null && max !== null && min > max ? [max, min] : [min, max];
        expect(parseRangeValue(formatRangeValue({ min: lo, max: hi }))).toEqual({ min: lo, max: hi });
      }),
    );
  });
});
