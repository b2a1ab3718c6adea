import { type DictionaryKey, nl } from "./nl-NL.ts";

export type TranslateParams = Record<string, string | number>;

const dictionary: Record<string, string> = nl;

/**
 * Dutch text for a spec phrase. An unknown key returns the key itself, so a message coming from
 * the server or an outside system still reaches the shopper instead of vanishing.
 *
 * The storefront build replaces every `t("literal")` with its Dutch text and `t("literal", params)`
 * with `fillPlaceholders("Dutch text", params)` (storefront/vite/compile-translations.ts), so the
 * browser does not download the dictionary; keep the two in step.
 */
export function t(key: DictionaryKey | (string & {}), params?: TranslateParams): string {
  return fillPlaceholders(dictionary[key] ?? key, params);
}

/** `{name}` placeholders filled from `params`; one without a value stays as written. */
export function fillPlaceholders(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
