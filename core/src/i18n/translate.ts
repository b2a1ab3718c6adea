import { type DictionaryKey, nl } from "./nl-NL.ts";
import { fillPlaceholders, type TranslateParams } from "./placeholders.ts";

export { fillPlaceholders, type TranslateParams };

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
