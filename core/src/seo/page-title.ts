import { t } from "../i18n/translate.ts";
import { STORE } from "../store.ts";

/** Between the page's own name and its page number. */
export const TITLE_PART_SEPARATOR = " – ";
/** Before the shop's name, the last part of every title. */
export const TITLE_BRAND_SEPARATOR = " | ";

/** The shop's name an editor may already have typed: "… | Etalage", "Etalage – …", "… - Etalage". */
const BRAND_SUFFIX = new RegExp(`\\s*[|–—-]\\s*${STORE.name}\\s*$`, "i");
const BRAND_PREFIX = new RegExp(`^\\s*${STORE.name}\\s*[|–—:-]\\s*`, "i");

/**
 * The one shape of every page title (issue 14): "{name} – pagina 2 | Etalage". The page number
 * comes before the shop's name, never after it, and one separator stands before the shop's name
 * on every page, the not-found page included. A name that already starts or ends with the shop's
 * name (a meta title typed by an editor) has it once, at the end; an empty name is the name alone.
 */
export function pageTitle(name: string | null | undefined, options: { page?: number } = {}): string {
  const trimmed = (name ?? "").replace(BRAND_SUFFIX, "").replace(BRAND_PREFIX, "").trim();
  const own = trimmed.toLowerCase() === STORE.name.toLowerCase() ? "" : trimmed;
  const page = options.page ?? 1;
  const parts = [own, Number.isInteger(page) && page > 1 ? t("page {n}", { n: page }) : ""].filter(Boolean);
  return parts.length === 0
    ? STORE.name
    : parts.join(TITLE_PART_SEPARATOR) + TITLE_BRAND_SEPARATOR + STORE.name;
}
