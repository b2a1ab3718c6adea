import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSpecialPriceBoundary, type SpecialPriceWindow, specialPriceActive } from "./special-price.ts";

const at = (iso: string) => new Date(iso);

describe("specialPriceActive (browsing §4: a special price is valid only within its dates)", () => {
  const window = {
    special_price: 40,
    special_from_date: "2024-01-01 00:00:00",
    special_to_date: "2024-01-31 23:59:59",
  };

  it.each<[string, SpecialPriceWindow, string, boolean]>([
    ["no special price", { special_price: null }, "2024-06-01T12:00:00Z", false],
    ["special price 0", { special_price: 0 }, "2024-06-01T12:00:00Z", false],
    ["negative special price", { special_price: -5 }, "2024-06-01T12:00:00Z", false],
    ["no dates at all", { special_price: 40 }, "2024-06-01T12:00:00Z", true],
    ["before the window", window, "2023-12-31T22:59:59.999Z", false],
    ["at the first store-time instant (midnight Amsterdam)", window, "2023-12-31T23:00:00Z", true],
    ["inside", window, "2024-01-15T12:00:00Z", true],
    ["in the last second", window, "2024-01-31T22:59:59.500Z", true],
    ["after the last second", window, "2024-01-31T23:00:00Z", false],
    [
      "only a from date, after it",
      { special_price: 40, special_from_date: "2024-01-01" },
      "2030-01-01T00:00:00Z",
      true,
    ],
    [
      "only a from date, before it",
      { special_price: 40, special_from_date: "2024-01-01" },
      "2023-12-31T22:00:00Z",
      false,
    ],
    [
      "only a to date, before it",
      { special_price: 40, special_to_date: "2024-01-31" },
      "2020-01-01T00:00:00Z",
      true,
    ],
    [
      "a to date alone lasts all day",
      { special_price: 40, special_to_date: "2024-01-31" },
      "2024-01-31T22:30:00Z",
      true,
    ],
    [
      "the day after a date-only to",
      { special_price: 40, special_to_date: "2024-01-31" },
      "2024-01-31T23:00:00Z",
      false,
    ],
    [
      "empty date strings are no bound",
      { special_price: 40, special_from_date: "", special_to_date: null },
      "2024-06-01T00:00:00Z",
      true,
    ],
    [
      "an unreadable from date",
      { special_price: 40, special_from_date: "soon" },
      "2024-06-01T00:00:00Z",
      false,
    ],
    [
      "an unreadable to date",
      { special_price: 40, special_to_date: "2024-02-30" },
      "2024-01-01T00:00:00Z",
      false,
    ],
  ])("%s", (_name, product, now, active) => {
    expect(specialPriceActive(product, at(now))).toBe(active);
  });

  it.each([
    ["the demo's open window", "2024-01-01 00:00:00", "2099-12-31 23:59:59", true],
    ["the demo's window that ended in 2020", "2020-01-01 00:00:00", "2020-02-29 23:59:59", false],
    ["the demo's window that starts in 2098", "2098-01-01 00:00:00", "2099-12-31 23:59:59", false],
  ])("%s, seen in 2026", (_name, from, to, active) => {
    const product = { special_price: 57.8099, special_from_date: from, special_to_date: to };
    expect(specialPriceActive(product, at("2026-05-01T10:00:00Z"))).toBe(active);
  });

  it("is off for an invalid now", () => {
    expect(specialPriceActive({ special_price: 40 }, new Date(Number.NaN))).toBe(false);
  });

  const dates = fc
    .integer({
      min: Date.parse("2020-01-01T00:00:00Z") / 1000,
      max: Date.parse("2030-01-01T00:00:00Z") / 1000,
    })
    .map((s) => new Date(s * 1000));
  const storeText = (d: Date) =>
    new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Amsterdam",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).format(d);
  const windows = fc.record({
    special_price: fc.double({ min: 0.01, max: 1000, noNaN: true }),
    special_from_date: fc.option(dates.map(storeText), { nil: undefined }),
    special_to_date: fc.option(dates.map(storeText), { nil: undefined }),
  });

  it("is active on one unbroken stretch of time: between two active moments it stays active", () => {
    fc.assert(
      fc.property(windows, dates, dates, dates, (product, a, b, c) => {
        const [t1, t2, t3] = [a, b, c].sort((x, y) => x.getTime() - y.getTime()) as [Date, Date, Date];
        if (specialPriceActive(product, t1) && specialPriceActive(product, t3)) {
          expect(specialPriceActive(product, t2)).toBe(true);
        }
      }),
    );
  });

  it("never turns off when a bound is removed", () => {
    fc.assert(
      fc.property(windows, dates, (product, now) => {
        if (!specialPriceActive(product, now)) return;
        expect(specialPriceActive({ ...product, special_from_date: null }, now)).toBe(true);
        expect(specialPriceActive({ ...product, special_to_date: null }, now)).toBe(true);
      }),
    );
  });

  it("the next boundary is the first bound ahead of now; none behind a bad bound", () => {
    const now = at("2024-01-15T12:00:00Z");
    expect(nextSpecialPriceBoundary(window, now)).toBe(Date.parse("2024-01-31T23:00:00Z"));
    expect(nextSpecialPriceBoundary(window, at("2023-06-01T00:00:00Z"))).toBe(
      Date.parse("2023-12-31T23:00:00Z"),
    );
    expect(nextSpecialPriceBoundary(window, at("2024-02-01T00:00:00Z"))).toBeUndefined();
    // The dates count even while the priced record's special price reads 0 (a window not yet open).
    expect(nextSpecialPriceBoundary({ ...window, special_price: 0 }, at("2023-06-01T00:00:00Z"))).toBe(
      Date.parse("2023-12-31T23:00:00Z"),
    );
    expect(nextSpecialPriceBoundary({ special_price: 40 }, now)).toBeUndefined();
    expect(nextSpecialPriceBoundary({ ...window, special_from_date: "soon" }, now)).toBeUndefined();
    expect(nextSpecialPriceBoundary({ special_price: 40, special_to_date: "2024-01-20" }, now)).toBe(
      Date.parse("2024-01-20T23:00:00Z"),
    );
  });

  it("nothing changes before the next boundary", () => {
    fc.assert(
      fc.property(windows, dates, fc.double({ min: 0, max: 1, noNaN: true }), (product, now, fraction) => {
        const active = specialPriceActive(product, now);
        const next = nextSpecialPriceBoundary(product, now);
        // Without a next boundary, the answer holds for good (checked far ahead of any bound).
        const until = next ?? Date.parse("2100-01-01T00:00:00Z");
        const between = now.getTime() + Math.floor(fraction * (until - now.getTime() - 1));
        expect(specialPriceActive(product, new Date(between))).toBe(active);
        expect(specialPriceActive(product, new Date(until - 1))).toBe(active);
        if (next === undefined) expect(specialPriceActive(product, new Date(until))).toBe(active);
      }),
    );
  });

  it("a window that opens ahead is active at its next boundary", () => {
    fc.assert(
      fc.property(windows, dates, (product, now) => {
        const next = nextSpecialPriceBoundary(product, now);
        if (next === undefined || specialPriceActive(product, now)) return;
        const to = product.special_to_date ? Date.parse(product.special_to_date) : Number.POSITIVE_INFINITY;
        fc.pre(Number.isNaN(to) || to > next + 2 * 86_400_000);
        expect(specialPriceActive(product, new Date(next))).toBe(true);
      }),
    );
  });
});
