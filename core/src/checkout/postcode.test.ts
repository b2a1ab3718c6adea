import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dutchPostcodeArea, normalizePostcode } from "./postcode.ts";

describe("normalizePostcode", () => {
  it("writes Dutch postcodes as `1234 AB`", () => {
    expect(normalizePostcode("NL", "1012ab")).toBe("1012 AB");
    expect(normalizePostcode("nl", " 1012  AB ")).toBe("1012 AB");
  });

  it("refuses Dutch postcodes with a leading zero, a missing pair or the letter pairs never issued", () => {
    for (const bad of ["0123 AB", "1012", "1012 A", "1012 SS", "1012 SA", "1012 SD", "10123 AB", ""])
      expect(normalizePostcode("NL", bad)).toBeNull();
  });

  it("knows Belgian and German postcodes, and no other country", () => {
    expect(normalizePostcode("BE", "1000")).toBe("1000");
    expect(normalizePostcode("BE", "0100")).toBeNull();
    expect(normalizePostcode("DE", "10115")).toBe("10115");
    expect(normalizePostcode("DE", "1011")).toBeNull();
    expect(normalizePostcode("FR", "75001")).toBeNull();
  });

  it("is idempotent: a normal form stays itself", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.constantFrom(..."ABCDEFGHJKLMNPRTUVWXYZ"),
        fc.constantFrom(..."ABCDEFGHJKLMNPRTUVWXYZ"),
        (digits, a, b) => {
          const once = normalizePostcode("NL", `${digits}${a}${b}`.toLowerCase());
          expect(once).toBe(`${digits} ${a}${b}`);
          expect(normalizePostcode("NL", once!)).toBe(once);
        },
      ),
    );
  });
});

describe("dutchPostcodeArea", () => {
  it("takes the four digits of a full postcode or the digits alone", () => {
    expect(dutchPostcodeArea("3511 AB")).toBe(3511);
    expect(dutchPostcodeArea("3511")).toBe(3511);
    expect(dutchPostcodeArea("0351")).toBeNull();
    expect(dutchPostcodeArea("Utrecht")).toBeNull();
  });
});
