/**
 * The spec's password rule (transactional §5): at least 8 characters from at least 3 of the
 * classes lower case, upper case, digit and other. The strength check (password-strength.ts)
 * comes on top of it; this rule is what the form says first.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_CLASSES = 3;
/** argon2 hashes whatever it gets: a cap keeps one login from costing a megabyte of hashing. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_RULE_MESSAGE =
  "Password must have at least 8 characters and at least 3 character classes." as const;

export function characterClasses(password: string): number {
  let classes = 0;
  if (/\p{Ll}/u.test(password)) classes++;
  if (/\p{Lu}/u.test(password)) classes++;
  if (/\p{Nd}/u.test(password)) classes++;
  if (/[^\p{Ll}\p{Lu}\p{Nd}]/u.test(password)) classes++;
  return classes;
}

/** Whether the password keeps the spec's rule; counts code points, so an emoji is one character. */
export function passwordKeepsRule(password: string): boolean {
  const length = [...password].length;
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    characterClasses(password) >= PASSWORD_MIN_CLASSES
  );
}
