import { type DictionaryKey, nl } from "./nl-NL.ts";

export type TranslateParams = Record<string, string | number>;

const dictionary: Record<string, string> = nl;

/**
 * Dutch text for a spec phrase. An unknown key returns the key itself, so a message coming from
 * the server or an outside system still reaches the shopper instead of vanishing.
 */
export function t(key: DictionaryKey | (string & {}), params?: TranslateParams): string {
  const text = dictionary[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
