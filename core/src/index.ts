export * from "./account/index.ts";
export * from "./analytics/index.ts";
export * from "./cart/index.ts";
export * from "./catalog/associated-prices.ts";
export * from "./catalog/custom-option-price.ts";
export * from "./catalog/filters.ts";
export * from "./catalog/links.ts";
export * from "./catalog/listing-query.ts";
export * from "./catalog/options.ts";
export * from "./catalog/price.ts";
export * from "./catalog/price-fields.ts";
export * from "./catalog/price-filter.ts";
export * from "./catalog/product-load.ts";
export * from "./catalog/rich-text.ts";
export * from "./catalog/search.ts";
export * from "./catalog/special-price.ts";
export * from "./catalog/stock.ts";
export * from "./catalog/store-time.ts";
export * from "./catalog/tax.ts";
export * from "./catalog/types.ts";
export * from "./catalog/variant-options.ts";
export * from "./catalog/variants.ts";
export * from "./catalog/visibility.ts";
export * from "./cms/blocks.ts";
export * from "./cms/content-path.ts";
export * from "./cms/links.ts";
export * from "./cms/story.ts";
export * from "./cms/story-state.ts";
export * from "./i18n/format.ts";
export { type DictionaryKey, nl } from "./i18n/nl-NL.ts";
export { type TranslateParams, t } from "./i18n/translate.ts";
export * from "./lookup.ts";
export {
  emailKey,
  NEWSLETTER_DEBOUNCE_MS,
  NEWSLETTER_DISCOUNT_PERCENT,
  NEWSLETTER_FEEDBACK_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RESET_MS,
  type NewsletterFormState,
  subscribeOutcome,
} from "./newsletter/newsletter.ts";
export * from "./recommendations/index.ts";
export * from "./routing/dispatch.ts";
export * from "./routing/navigation-history.ts";
export * from "./routing/route-errors.ts";
export * from "./store.ts";
export * from "./text-rule.ts";
export * from "./ui/modals.ts";
export * from "./ui/notifications.ts";
