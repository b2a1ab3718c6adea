import type { Product } from "./types.ts";

/** Visibility values a search finds (browsing §5): 3 search, 4 catalogue and search. */
export const SEARCH_VISIBILITY = [3, 4] as const;
/** Visibility values of the general catalogue filter (browsing §5, §9). */
export const CATALOG_VISIBILITY = [2, 3, 4] as const;
/** Status values a catalogue search accepts (browsing §5, §9); 2 and up is disabled. */
export const CATALOG_STATUS = [0, 1] as const;
/** A plain product query accepts enabled products only (browsing §5). */
export const PRODUCT_QUERY_STATUS = [1] as const;
/** The colour-relation lookup (browsing §5). */
export const COLOR_RELATION_VISIBILITY = [2, 3, 4] as const;
export const COLOR_RELATION_STATUS = [1] as const;
/** Status from which a product or child counts as disabled (browsing §9). */
export const DISABLED_STATUS = 2;

/**
 * Which catalogue query is being built: a text search, a category listing (the general catalogue
 * filter), a plain product query (by sku or url), or the colour-relation lookup.
 */
export type CatalogScope = "search" | "catalog" | "product" | "colorrelation";

export interface ListingContext {
  scope: CatalogScope;
  /** The store setting to list out-of-stock products; off hides them (browsing §5, §9). */
  listOutOfStock: boolean;
}

/** A system filter in the contract's `_appliedFilters` shape (a narrow `AppliedFilter`, search.ts). */
export interface CatalogFilter {
  attribute: string;
  value: { in: readonly (number | boolean)[] } | { eq: number | boolean };
  scope: "default";
}

const VISIBILITY: Record<CatalogScope, readonly number[] | null> = {
  search: SEARCH_VISIBILITY,
  catalog: CATALOG_VISIBILITY,
  product: null,
  colorrelation: COLOR_RELATION_VISIBILITY,
};

const STATUS: Record<CatalogScope, readonly number[]> = {
  search: CATALOG_STATUS,
  catalog: CATALOG_STATUS,
  product: PRODUCT_QUERY_STATUS,
  colorrelation: COLOR_RELATION_STATUS,
};

/**
 * The filters every catalogue query of a scope carries (browsing §5), as data for the search
 * backend: visibility (a plain product query has none: it is checked on load, browsing §4), status,
 * and `stock.is_in_stock` true unless out-of-stock products are listed.
 */
export function catalogFilters(context: ListingContext): CatalogFilter[] {
  const filters: CatalogFilter[] = [];
  const visibility = VISIBILITY[context.scope];
  if (visibility) filters.push({ attribute: "visibility", value: { in: visibility }, scope: "default" });
  filters.push({ attribute: "status", value: { in: STATUS[context.scope] }, scope: "default" });
  if (!context.listOutOfStock) {
    filters.push({ attribute: "stock.is_in_stock", value: { eq: true }, scope: "default" });
  }
  return filters;
}

/**
 * The same rule as a predicate, for lists already in memory; it agrees with `catalogFilters`, so a
 * product without stock information is hidden like an out-of-stock one when those are not listed.
 */
export function isListable(
  product: Pick<Product, "visibility" | "status"> & { stock?: { is_in_stock?: boolean } | null },
  context: ListingContext,
): boolean {
  const visibility = VISIBILITY[context.scope];
  if (visibility && !visibility.includes(Number(product.visibility))) return false;
  if (!STATUS[context.scope].includes(Number(product.status))) return false;
  return context.listOutOfStock || product.stock?.is_in_stock === true;
}
