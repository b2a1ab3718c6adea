/*
 * The one rule for text that comes from outside (docs/decisions/0012-input-rules.md): no control
 * character and no broken Unicode. PostgreSQL refuses a NUL in text, and nothing a shopper types
 * holds the rest. The server applies it to every request (server/src/http/input.ts) and every
 * schema (server/src/http/schemas.ts); the storefront to the paths it decodes.
 */

/** Below space and DEL, apart from tab, line feed and carriage return, which a message may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a path, a query value or a name, nothing below space belongs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]/;

export const CONTROL_MESSAGE = "must not contain control characters";
export const UNICODE_MESSAGE = "must be valid Unicode text (a lone surrogate was sent)";

/** Why `value` is not acceptable text, or undefined. `multiline` allows tab and line breaks. */
export function textProblem(value: string, multiline: boolean): string | undefined {
  if ((multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value)) return CONTROL_MESSAGE;
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) return UNICODE_MESSAGE;
  return undefined;
}

/**
 * A URL path as the shop reads it: percent-decoded, or undefined when it cannot name anything of
 * ours (undecodable, or a control character once decoded, such as `%00`).
 */
export function decodedPath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return textProblem(decoded, false) ? undefined : decoded;
}
