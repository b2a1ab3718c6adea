/**
 * Emails are stored and compared in one form: trimmed and lower case. Mailbox providers treat the
 * local part case-insensitively in practice, and a shopper who once typed "Jan@Example.nl" must
 * find the account again as "jan@example.nl".
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plain check of the shape the forms and the API accept (not RFC 5322, which nobody types). */
const EMAIL = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\].]{2,}$/u;

export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}
