import { CURRENCY, formatPrice, LOCALE } from "../i18n/format.ts";

/**
 * The countries checkout ships to and accepts addresses from, in Magento's directory shape
 * (`GET /api/ext/directory/countries`), with the Dutch name the shopper reads.
 */
export interface DirectoryCountry {
  id: string;
  two_letter_abbreviation: string;
  three_letter_abbreviation: string;
  full_name_locale: string;
  full_name_english: string;
}

export const COUNTRIES: readonly DirectoryCountry[] = [
  {
    id: "NL",
    two_letter_abbreviation: "NL",
    three_letter_abbreviation: "NLD",
    full_name_locale: "Nederland",
    full_name_english: "Netherlands",
  },
  {
    id: "BE",
    two_letter_abbreviation: "BE",
    three_letter_abbreviation: "BEL",
    full_name_locale: "België",
    full_name_english: "Belgium",
  },
  {
    id: "DE",
    two_letter_abbreviation: "DE",
    three_letter_abbreviation: "DEU",
    full_name_locale: "Duitsland",
    full_name_english: "Germany",
  },
];

export const ALLOWED_COUNTRY_IDS: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.id));

/** The Dutch name of an allowed country, or undefined. */
export function countryName(id: string): string | undefined {
  return COUNTRIES.find((c) => c.id === id)?.full_name_locale;
}

/**
 * The store's currency, in Magento's `directory/currency` shape plus the store view's locale
 * config (browsing §9: currencySign, currencyDecimal, currencyGroup, fractionDigits, priceFormat),
 * derived from the one formatter so the two cannot disagree.
 */
export function storeCurrency() {
  const sample = formatPrice(1234.5); // "€ 1.234,50"
  const group = sample.match(/1(\D)234/)?.[1] ?? ".";
  const decimal = sample.match(/234(\D)5/)?.[1] ?? ",";
  return {
    base_currency_code: CURRENCY,
    base_currency_symbol: "€",
    default_display_currency_code: CURRENCY,
    default_display_currency_symbol: "€",
    available_currency_codes: [CURRENCY],
    exchange_rates: [{ currency_to: CURRENCY, rate: 1 }],
    locale: LOCALE,
    currencySign: "€",
    currencyDecimal: decimal,
    currencyGroup: group,
    fractionDigits: 2,
    priceFormat: "{sign} {amount}",
    example: sample,
  };
}
