import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidVatNumber, normalizeVatNumber, vatNumberCountry } from "./vat-number.ts";

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));

describe("normalizeVatNumber", () => {
  it("knows the Dutch, Belgian and German patterns", () => {
    expect(normalizeVatNumber("NL123456789B01")).toBe("NL123456789B01");
    expect(normalizeVatNumber("BE0123456789")).toBe("BE0123456789");
    expect(normalizeVatNumber("BE1234567890")).toBe("BE1234567890");
    expect(normalizeVatNumber("DE123456789")).toBe("DE123456789");
  });

  it("writes a number as people type it in its normal form", () => {
    expect(normalizeVatNumber("nl 1234.56789.b01")).toBe("NL123456789B01");
    expect(normalizeVatNumber(" BE 0123.456.789 ")).toBe("BE0123456789");
    expect(normalizeVatNumber("de-123-456-789")).toBe("DE123456789");
  });

  it("refuses numbers of another length, letter or country", () => {
    for (const bad of [
      "",
      "NL",
      "NL12345678B01",
      "NL1234567890B01",
      "NL123456789A01",
      "NL123456789B1",
      "NL123456789B012",
      "NL123456789",
      "123456789B01",
      "BE2123456789",
      "BE012345678",
      "DE12345678",
      "DE1234567890",
      "FR12345678901",
      "NL123456789B0１",
    ])
      expect(normalizeVatNumber(bad), bad).toBeNull();
  });

  it("tells the country of a valid number", () => {
    expect(vatNumberCountry("be 0123456789")).toBe("BE");
    expect(vatNumberCountry("NL000")).toBeNull();
  });
});

describe("VAT numbers as properties", () => {
  const valid = fc.oneof(
    fc.tuple(digits(9), digits(2)).map(([a, b]) => `NL${a}B${b}`),
    fc.tuple(fc.constantFrom("0", "1"), digits(9)).map(([a, b]) => `BE${a}${b}`),
    digits(9).map((a) => `DE${a}`),
  );

  it("accepts every number of the patterns, as its own normal form", () => {
    fc.assert(fc.property(valid, (vat) => normalizeVatNumber(vat) === vat));
  });

  it("reads the same number through any spaces, dots, dashes and case", () => {
    fc.assert(
      fc.property(
        valid,
        fc.array(fc.constantFrom(" ", ".", "-", ""), { minLength: 16, maxLength: 16 }),
        fc.boolean(),
        (vat, separators, lower) => {
          const typed = [...vat].map((c, i) => c + separators[i]).join("");
          return normalizeVatNumber(lower ? typed.toLowerCase() : typed) === vat;
        },
      ),
    );
  });

  it("is idempotent, and its answer is always valid", () => {
    fc.assert(
      fc.property(fc.oneof(valid, fc.string({ maxLength: 20 })), (input) => {
        const once = normalizeVatNumber(input);
        return once === null || (normalizeVatNumber(once) === once && isValidVatNumber(once));
      }),
    );
  });

  it("refuses a valid number with one digit more or less", () => {
    fc.assert(
      fc.property(valid, fc.boolean(), (vat, longer) => {
        const changed = longer ? vat.replace(/(\d)/, "$1$1") : vat.replace(/\d/, "");
        return normalizeVatNumber(changed) === null;
      }),
    );
  });
});
