/**
 * The spec's two landing-page lookups beside Elevate (browsing §7, contract "Recommendations and
 * listings"): a search term that names a landing page or category redirects there (`tn_q` →
 * `redirect.url`), and a landing path lists the landing pages below it.
 */
import { categoryLink, foldText, type LandingPage, landingPagePath } from "@etalage/core";
import type { CatalogIndex } from "../../catalog-index/catalog-index.ts";

const words = (text: string) =>
  foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Where a search for `q` should go instead of the results page, if anywhere. */
export function redirectFor(catalog: CatalogIndex, q: string): string | undefined {
  const wanted = words(q);
  if (!wanted) return undefined;
  const snapshot = catalog.snapshot();
  for (const page of snapshot.landingPages) {
    if (words(page.title ?? "") === wanted || words(page.url_path) === wanted)
      return landingPagePath(page.url_path);
  }
  for (const category of snapshot.categories) {
    if (category.is_active && category.level > 1 && words(category.name) === wanted)
      return categoryLink(category);
  }
  return undefined;
}

/** The landing pages directly or further below `urlPath`, by path. */
export function subPages(catalog: CatalogIndex, urlPath: string): LandingPage[] {
  const prefix = `${urlPath.replace(/^\/+|\/+$/g, "")}/`;
  return catalog
    .snapshot()
    .landingPages.filter((p) => p.url_path.startsWith(prefix))
    .sort((a, b) => (a.url_path < b.url_path ? -1 : 1));
}
