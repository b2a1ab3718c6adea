/**
 * A customer's address as the contract stores it: `street` is two lines, the street name and
 * then the house number with its optional affix ("12 A"). The Dutch form asks postcode, house
 * number, affix, street and city separately; these functions go between the two shapes.
 */
export interface HouseNumberParts {
  number: string;
  affix: string;
}

export interface AddressFormFields {
  street: string;
  houseNumber: string;
  affix: string;
}

/** The stored `street`: [street, "number affix"]; the affix is dropped when empty. */
export function composeStreet(fields: AddressFormFields): [string, string] {
  const number = fields.houseNumber.trim();
  const affix = fields.affix.trim();
  return [fields.street.trim(), affix ? `${number} ${affix}` : number];
}

/** Splits the second street line back into number and affix: "12 A" → 12 + A, "12-bis" → 12 + bis. */
export function splitHouseNumber(line: string | undefined): HouseNumberParts {
  const match = /^\s*(\d+)\s*[-\s]?\s*(.*?)\s*$/u.exec(line ?? "");
  if (!match) return { number: (line ?? "").trim(), affix: "" };
  return { number: match[1]!, affix: match[2]! };
}

export function streetFields(street: readonly string[] | undefined): AddressFormFields {
  const { number, affix } = splitHouseNumber(street?.[1]);
  return { street: street?.[0] ?? "", houseNumber: number, affix };
}

/** Dutch postcodes: four digits (not starting with 0) and two letters, excluding SA, SD and SS. */
const NL_POSTCODE = /^([1-9]\d{3})\s?(?!SA|SD|SS)([A-Z]{2})$/u;

/** "1234ab" → "1234 AB"; undefined when it is not a Dutch postcode. */
export function normaliseDutchPostcode(postcode: string): string | undefined {
  const match = NL_POSTCODE.exec(postcode.trim().toUpperCase());
  return match ? `${match[1]} ${match[2]}` : undefined;
}

/** A house number is digits (1 to 99999), the affix at most 6 letters or digits. */
export function isValidHouseNumber(number: string): boolean {
  return /^[1-9]\d{0,4}$/u.test(number.trim());
}

export function isValidAffix(affix: string): boolean {
  return /^[\p{L}\d]{0,6}$/u.test(affix.trim());
}
