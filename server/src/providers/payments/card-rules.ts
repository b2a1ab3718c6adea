/**
 * How Adyen's test platform decides a card payment, as the built-in gateway emulates it
 * (../shared/reference/vendor-apis.md §1.7): Adyen's published test cards with expiry 03/2030 and
 * CVC 737 (7373 for Amex) authorise; the holder name picks a refusal; the 3-D Secure test cards ask
 * for the challenge (password `password`).
 */

function luhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, "");
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A month and a four-digit year, or null when the expiry cannot be read (`MM/YY` or `MM/YYYY`). */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

function expired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  return expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export type CardBrand = "visa" | "mc" | "amex" | "maestro" | "bcmc";

export function brandOf(number: string): CardBrand | null {
  const digits = number.replace(/\s+/g, "");
  if (/^6703/.test(digits)) return "bcmc";
  if (/^4/.test(digits)) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mc";
  if (/^(5[0678]|6)/.test(digits)) return "maestro";
  return null;
}

/** Bancontact and Maestro test cards have no CVC; Amex has four digits, the others three. */
function cvcValid(cvc: string, cardNumber: string): boolean {
  const brand = brandOf(cardNumber);
  if (brand === "bcmc" || brand === "maestro") return cvc === "" || /^\d{3}$/.test(cvc);
  return brand === "amex" ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** What a test card does at authorisation: pay, or ask for the 3-D Secure 2 challenge first. */
export type TestCardFlow = "authorise" | "challenge";

/** Adyen's test cards (its test-card page and adyen-web's e2e constants). */
const TEST_CARDS: ReadonlyMap<string, TestCardFlow> = new Map([
  ["4111111145551142", "authorise"],
  ["4111111111111111", "authorise"],
  ["4988438843884305", "authorise"],
  ["4166676667666746", "authorise"],
  ["5555341244441115", "authorise"],
  ["2222400070000005", "authorise"],
  ["5555555555554444", "authorise"],
  ["5500000000000004", "authorise"],
  ["370000000000002", "authorise"],
  ["6703444444444449", "authorise"],
  // 3-D Secure 2 frictionless: authenticated without asking the shopper.
  ["5201281505129736", "authorise"],
  // 3-D Secure 2 challenge (and the full flow's Maestro, whose fingerprint is not shown here).
  ["4212345678910006", "challenge"],
  ["5000550000000029", "challenge"],
  ["4917610000000000", "challenge"],
  ["5454545454545454", "challenge"],
]);

/** The expiry every Adyen test card carries; another one is declined. */
const TEST_CARD_EXPIRY = { month: 3, year: 2030 } as const;

function testCvc(cardNumber: string): string | null {
  const brand = brandOf(cardNumber);
  if (brand === "bcmc" || brand === "maestro") return null;
  return brand === "amex" ? "7373" : "737";
}

export interface Refusal {
  resultCode: "Refused" | "Error" | "Received";
  refusalReason?: string;
  refusalReasonCode?: string;
}

/** Adyen's test refusals by holder name (vendor-apis §1.7); `PENDING` answers Received. */
const HOLDER_NAME_RESULTS: Readonly<Record<string, Refusal>> = {
  DECLINED: { resultCode: "Refused", refusalReason: "Refused", refusalReasonCode: "2" },
  REFERRAL: { resultCode: "Refused", refusalReason: "Referral", refusalReasonCode: "3" },
  ERROR: { resultCode: "Error", refusalReason: "Acquirer Error", refusalReasonCode: "4" },
  BLOCK_CARD: { resultCode: "Refused", refusalReason: "Blocked Card", refusalReasonCode: "5" },
  CARD_EXPIRED: { resultCode: "Refused", refusalReason: "Expired Card", refusalReasonCode: "6" },
  INVALID_AMOUNT: { resultCode: "Refused", refusalReason: "Invalid Amount", refusalReasonCode: "7" },
  INVALID_CARD_NUMBER: {
    resultCode: "Refused",
    refusalReason: "Invalid Card Number",
    refusalReasonCode: "8",
  },
  ISSUER_UNAVAILABLE: { resultCode: "Refused", refusalReason: "Issuer Unavailable", refusalReasonCode: "9" },
  NOT_SUPPORTED: { resultCode: "Refused", refusalReason: "Not supported", refusalReasonCode: "10" },
  NOT_3D_AUTHENTICATED: {
    resultCode: "Refused",
    refusalReason: "3D Not Authenticated",
    refusalReasonCode: "11",
  },
  NOT_ENOUGH_BALANCE: { resultCode: "Refused", refusalReason: "Not enough balance", refusalReasonCode: "12" },
  PENDING: { resultCode: "Received" },
  ACQUIRER_FRAUD: { resultCode: "Refused", refusalReason: "Acquirer Fraud", refusalReasonCode: "14" },
  CANCELLED: { resultCode: "Refused", refusalReason: "Cancelled", refusalReasonCode: "15" },
  SHOPPER_CANCELLED: { resultCode: "Refused", refusalReason: "Shopper Cancelled", refusalReasonCode: "16" },
  UNKNOWN: { resultCode: "Error", refusalReason: "Unknown", refusalReasonCode: "0" },
};

/** `RequestedTestAcquirerResponseCode` in `additionalData` picks the same results by number. */
export const ACQUIRER_RESPONSE_CODES: Readonly<Record<string, Refusal>> = Object.fromEntries(
  Object.values(HOLDER_NAME_RESULTS)
    .filter((r) => r.refusalReasonCode)
    .map((r) => [r.refusalReasonCode!, r]),
);

export interface CardInput {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
  holderName: string;
}

/**
 * The card's outcome before authentication: a refusal, or the flow of an accepted test card.
 * Card checks a page or `/payments` must refuse outright (Luhn, unreadable expiry, CVC length)
 * come first, in `cardProblems`.
 */
export function decideCard(card: CardInput, now: Date = new Date()): Refusal | { flow: TestCardFlow } {
  const holder = card.holderName.trim().toUpperCase();
  const named = HOLDER_NAME_RESULTS[holder];
  if (named) return named;
  const number = card.number.replace(/\s+/g, "");
  const flow = TEST_CARDS.get(number);
  if (!flow) return { resultCode: "Refused", refusalReason: "Invalid Card Number", refusalReasonCode: "8" };
  const expiry = { month: Number(card.expiryMonth), year: fourDigitYear(card.expiryYear) };
  if (expired(expiry, now))
    return { resultCode: "Refused", refusalReason: "Expired Card", refusalReasonCode: "6" };
  if (expiry.month !== TEST_CARD_EXPIRY.month || expiry.year !== TEST_CARD_EXPIRY.year)
    return { resultCode: "Refused", refusalReason: "Refused", refusalReasonCode: "2" };
  const cvc = testCvc(number);
  if (cvc !== null && card.cvc !== "" && card.cvc !== cvc)
    return { resultCode: "Refused", refusalReason: "CVC Declined", refusalReasonCode: "24" };
  return { flow };
}

function fourDigitYear(year: string): number {
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

/** What Adyen refuses with HTTP 422 before any authorisation: its error code and message. */
export function cardProblem(card: CardInput): { errorCode: string; message: string } | null {
  if (!luhnValid(card.number) || brandOf(card.number) === null)
    return { errorCode: "101", message: "Invalid card number" };
  const month = Number(card.expiryMonth);
  if (
    !/^\d{1,2}$/.test(card.expiryMonth) ||
    month < 1 ||
    month > 12 ||
    !/^(\d{2}|\d{4})$/.test(card.expiryYear)
  )
    return { errorCode: "129", message: "Expiry Date Invalid" };
  if (card.cvc !== "" && !cvcValid(card.cvc, card.number))
    return { errorCode: "103", message: "CVC is not the right length" };
  return null;
}
