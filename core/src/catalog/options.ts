import type { Attribute, ConfigurableOptionValue } from "./types.ts";

/** Image value meaning "no image" in the catalogue (browsing §5). */
export const NO_IMAGE = "no_selection";

/** Whether an image field points at an image: not empty and not 'no_selection' (browsing §5). */
export function hasImage(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "" && value.trim() !== NO_IMAGE;
}

/** Text of an HTML fragment as a reader sees it: tags removed, non-breaking spaces as spaces, trimmed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;|&#160;|&#xa0;|\u00a0/gi, " ")
    .trim();
}

/**
 * Option values a shopper can pick: one whose label is empty after stripping HTML is dropped from
 * the variant lists (browsing §5). A new list; labels are kept as written.
 */
export function cleanOptionValues<T extends Pick<ConfigurableOptionValue, "label">>(
  values: readonly T[],
): T[] {
  return values.filter((v) => typeof v.label === "string" && stripHtml(v.label) !== "");
}

/**
 * Attribute codes worth asking the catalogue for (browsing §5 "Attribute load"): not blacklisted and
 * without a dot, since dotted codes are nested fields such as `stock.qty`, never attributes.
 */
export function isLoadableAttributeCode(code: string, blacklist: readonly string[] = []): boolean {
  return code !== "" && !code.includes(".") && !blacklist.includes(code);
}

/** Only visible, user-defined attributes are loaded (browsing §5), under the code rule above. */
export function isLoadableAttribute(
  attribute: Pick<Attribute, "attribute_code" | "is_visible" | "is_user_defined">,
  blacklist: readonly string[] = [],
): boolean {
  return (
    attribute.is_visible === true &&
    attribute.is_user_defined === true &&
    isLoadableAttributeCode(attribute.attribute_code, blacklist)
  );
}
