/** Card checks of the test gateway's hosted card page (Adyen's published test cards pass them). */
export function luhnValid(number: string): boolean {
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

/** `MM/YY` or `MM/YYYY`, not before this month. */
export function expiryValid(expiry: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export function cvcValid(cvc: string, cardNumber: string): boolean {
  const amex = /^3[47]/.test(cardNumber.replace(/\s+/g, ""));
  return amex ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** Adyen's 3-D Secure 2 test cards (vendor-apis §1): these ask for the challenge. */
export const THREE_DS_CARDS = new Set(["4917610000000000", "5454545454545454", "4212345678910006"]);
/** Adyen's test-card refusal by holder name. */
export const REFUSING_HOLDERS: Record<string, string> = { DECLINED: "Refused", ERROR: "Error" };
