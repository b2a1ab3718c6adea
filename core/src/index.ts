export * from "./catalog/stock.ts";
export * from "./catalog/types.ts";
export * from "./i18n/format.ts";
export { type DictionaryKey, nl } from "./i18n/nl-NL.ts";
export { type TranslateParams, t } from "./i18n/translate.ts";
export * from "./store.ts";
export * from "./ui/modals.ts";
export * from "./ui/notifications.ts";
