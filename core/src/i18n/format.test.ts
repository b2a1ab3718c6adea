import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatPrice } from "./format.ts";

describe("formatPrice", () => {
  it.each([
    [1234.56, "€ 1.234,56"],
    [0, "€ 0,00"],
    [-0, "€ 0,00"],
    [4.95, "€ 4,95"],
    [1_000_000, "€ 1.000.000,00"],
    [-12.5, "-€ 12,50"],
    [0.005, "€ 0,01"],
  ])("formats %s as %s", (amount, text) => {
    expect(formatPrice(amount)).toBe(text);
  });

  it("always shows two decimals after a comma and a minus only for negatives", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const text = formatPrice(cents / 100);
        expect(text).toMatch(/^-?€ \d{1,3}(\.\d{3})*,\d{2}$/);
        expect(text.startsWith("-")).toBe(cents < 0);
      }),
    );
  });
});

describe("formatDate", () => {
  it("says the shop's calendar day, Amsterdam's, whatever the machine's clock", () => {
    // 23:40 UTC on 25 November is already 26 November in Amsterdam (UTC+1).
    expect(formatDate("2026-11-25T23:40:00Z")).toBe("26 november 2026");
    expect(formatDate(new Date("2026-07-01T21:59:00Z"))).toBe("1 juli 2026");
    expect(formatDate("2026-07-01T22:30:00Z")).toBe("2 juli 2026");
    expect(formatDate("2026-03-29T00:30:00Z")).toBe("29 maart 2026");
  });
});
