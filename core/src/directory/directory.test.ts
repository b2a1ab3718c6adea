import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../i18n/format.ts";
import { ALLOWED_COUNTRY_IDS, COUNTRIES, countryName, storeCurrency } from "./directory.ts";

describe("directory", () => {
  it("allows exactly the countries checkout ships to, with Dutch names", () => {
    expect([...ALLOWED_COUNTRY_IDS]).toEqual(["NL", "BE", "DE"]);
    expect(countryName("BE")).toBe("België");
    expect(countryName("FR")).toBeUndefined();
    for (const c of COUNTRIES) expect(c.three_letter_abbreviation).toHaveLength(3);
  });

  it("describes the format the shop's formatter writes", () => {
    const currency = storeCurrency();
    expect(currency).toMatchObject({ currencyDecimal: ",", currencyGroup: ".", example: "€ 1.234,50" });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const text = formatPrice(cents / 100);
        const [whole, fraction] = text.replace("€ ", "").split(currency.currencyDecimal);
        expect(fraction).toHaveLength(currency.fractionDigits);
        expect(Number(whole!.replaceAll(currency.currencyGroup, ""))).toBe(Math.floor(cents / 100));
      }),
    );
  });
});
