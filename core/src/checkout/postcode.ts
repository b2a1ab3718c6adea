/**
 * Postcodes of the countries the shop delivers to (transactional §5; vendor-apis "Dutch
 * addresses"): NL `1234 AB` (no leading zero; the letter pairs SA, SD and SS are never issued),
 * BE and DE four and five digits.
 */
export type DeliveryCountry = "NL" | "BE" | "DE";

export const DELIVERY_COUNTRIES: readonly DeliveryCountry[] = ["NL", "BE", "DE"];

const PATTERNS: Record<DeliveryCountry, RegExp> = {
  NL: /^([1-9]\d{3}) ?(?!SA|SD|SS)([A-Z]{2})$/,
  BE: /^([1-9]\d{3})$/,
  DE: /^(\d{5})$/,
};

/** The postcode in its normal written form (`1234 AB`), or null when it is not one of that country. */
export function normalizePostcode(country: string, input: string): string | null {
  const pattern = PATTERNS[country.toUpperCase() as DeliveryCountry];
  if (!pattern) return null;
  const match = pattern.exec(input.trim().toUpperCase().replace(/\s+/g, " "));
  if (!match) return null;
  return match[2] ? `${match[1]} ${match[2]}` : match[1]!;
}

/**
 * The four digits of a Dutch postcode, from a full postcode (`1234 AB`) or its digits alone (`1234`):
 * what a pick-up-point search needs. Null for anything else.
 */
export function dutchPostcodeArea(input: string): number | null {
  const match = /^([1-9]\d{3})(?: ?(?!SA|SD|SS)[A-Z]{2})?$/.exec(input.trim().toUpperCase());
  return match ? Number(match[1]) : null;
}
