export type TranslateParams = Record<string, string | number>;

/**
 * `{name}` placeholders filled from `params`; one without a value stays as written. A module of
 * its own: the storefront's compiled `t("literal", params)` calls need it, not the dictionary
 * (storefront/vite/compile-translations.ts).
 */
export function fillPlaceholders(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
