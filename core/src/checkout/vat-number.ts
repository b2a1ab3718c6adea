/**
 * VAT identification numbers of the countries the shop delivers to (issue 13: the billing
 * address's "Btw-nummer"), checked by their pattern, not by VIES:
 * NL `NL` + 9 digits + `B` + 2 digits, BE `BE` + 10 digits starting with 0 or 1, DE `DE` + 9 digits.
 */
export type VatCountry = "NL" | "BE" | "DE";

const PATTERNS: Record<VatCountry, RegExp> = {
  NL: /^NL\d{9}B\d{2}$/,
  BE: /^BE[01]\d{9}$/,
  DE: /^DE\d{9}$/,
};

/** What people write between the characters of a number: spaces, dots and dashes. */
const SEPARATORS = /[\s.-]/g;

/**
 * The number in its normal written form (`NL123456789B01`: upper case, no separators), or null
 * when it is no VAT number of NL, BE or DE.
 */
export function normalizeVatNumber(input: string): string | null {
  const compact = input.replace(SEPARATORS, "").toUpperCase();
  const country = compact.slice(0, 2) as VatCountry;
  const pattern = PATTERNS[country];
  return pattern?.test(compact) ? compact : null;
}

export function isValidVatNumber(input: string): boolean {
  return normalizeVatNumber(input) !== null;
}

/** The country a valid number belongs to, else null. */
export function vatNumberCountry(input: string): VatCountry | null {
  const normal = normalizeVatNumber(input);
  return normal ? (normal.slice(0, 2) as VatCountry) : null;
}
