/**
 * A category listing's state and its route query (browsing §2 "Category listing page", §4 "Filters
 * and listing"): filters, price, sort and page live in the URL, so every state has a shareable
 * link, e.g. `?color=49,50&size=101&price=50-100&sort=final_price:asc&page=2`. One mapping both
 * ways, and from the state to the catalogue query.
 */
import {
  type FilterQuery,
  formatRangeValue,
  PAGE_PARAM,
  parseRangeValue,
  type RangeBounds,
  toggleFilterValue,
} from "./filters.ts";
import { type PageItem, pageItems } from "./page-items.ts";
import type { AppliedFilter, AppliedSort, AvailableFilter, ProductQuery } from "./search.ts";

/** Products per listing page (browsing §9). */
export const LISTING_PAGE_SIZE = 24;
/** Page numbers shown by the pagination (browsing §9 "Pagination shows 3 pages"). */
export const VISIBLE_PAGES = 3;
export const PRICE_PARAM = "price";
/** The highest page a query names; a larger number reads as this, which a listing sends to its last page. */
export const MAX_LISTING_PAGE = 999_999;
export const SORT_PARAM = "sort";

/** Sort choices of a listing (browsing §9), default first. */
export const LISTING_SORTS = [
  "category.position:asc",
  "updated_at:desc",
  "final_price:asc",
  "final_price:desc",
] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const DEFAULT_LISTING_SORT: ListingSort = "category.position:asc";

/** The attribute filters a category listing offers, in the order the sidebar shows them. */
export const LISTING_FILTERS: readonly string[] = [
  "color",
  "size",
  "brand",
  "material",
  "fit",
  "pattern",
  "collar",
  "sleeve_length",
];

/**
 * Facets whose every value the listing asks for. The API keeps the spec's aggregation size of 10
 * by default, but a size filter that shows 10 of 15 waist/length sizes hides exactly the size a
 * shopper came for (issue 14); the sidebar folds long lists behind "Toon meer" instead.
 */
export const ALL_VALUE_FILTERS: readonly string[] = ["size"];
/** The catalogue API's largest facet (server/src/catalog-index/facets.ts). */
export const MAX_FACET_SIZE = 100;

export interface ListingState {
  /** Chosen option ids per attribute code, in the order chosen; attributes without a choice are absent. */
  filters: Readonly<Record<string, readonly string[]>>;
  price: RangeBounds | null;
  sort: ListingSort;
  /** 1-based. */
  page: number;
}

export interface ListingQueryOptions {
  /** Attribute codes read from the query; anything else (utm_source, q, …) is not a filter. */
  filters?: readonly string[];
}

export const EMPTY_LISTING_STATE: ListingState = {
  filters: {},
  price: null,
  sort: DEFAULT_LISTING_SORT,
  page: 1,
};

/** The state in a route query; unknown keys, malformed values and page 1 fall back to defaults. */
export function parseListingQuery(
  search: URLSearchParams | string,
  options: ListingQueryOptions = {},
): ListingState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const filters: Record<string, string[]> = {};
  for (const code of options.filters ?? LISTING_FILTERS) {
    const values = unique(params.getAll(code).flatMap(splitValues));
    if (values.length > 0) filters[code] = values;
  }
  const priceText = params.get(PRICE_PARAM);
  const price = priceText === null ? null : parseRangeValue(priceText);
  const sortText = params.get(SORT_PARAM);
  const sort = LISTING_SORTS.find((s) => s === sortText) ?? DEFAULT_LISTING_SORT;
  const pageText = params.get(PAGE_PARAM) ?? "";
  const page = /^\d+$/.test(pageText) ? Math.min(MAX_LISTING_PAGE, Math.max(1, Number(pageText))) : 1;
  return { filters, price, sort, page };
}

/**
 * The route query of a state, "" for the plain category: filters in the listing's order, values
 * comma-separated, then price, sort (left out when default) and page (left out on page 1).
 * Commas and colons stay readable; everything else is percent-encoded.
 */
export function listingSearch(state: ListingState, options: ListingQueryOptions = {}): string {
  const parts: string[] = [];
  const codes = options.filters ?? LISTING_FILTERS;
  const ordered = [...codes, ...Object.keys(state.filters).filter((c) => !codes.includes(c))];
  for (const code of ordered) {
    const values = state.filters[code];
    if (values && values.length > 0) parts.push(`${encode(code)}=${values.map(encode).join(",")}`);
  }
  if (state.price) parts.push(`${PRICE_PARAM}=${encode(formatRangeValue(state.price))}`);
  if (state.sort !== DEFAULT_LISTING_SORT) parts.push(`${SORT_PARAM}=${encode(state.sort)}`);
  if (state.page > 1) parts.push(`${PAGE_PARAM}=${state.page}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** Adds or removes one option (core `toggleFilterValue`); the page goes back to 1. */
export function toggleListingFilter(state: ListingState, code: string, id: string | number): ListingState {
  const next = toggleFilterValue(state.filters as FilterQuery, { type: code, id });
  const filters: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(next)) filters[key] = typeof value === "string" ? [value] : value;
  return { ...state, filters, page: 1 };
}

/** Sets a price range, or clears it when that very range is chosen again (a single-choice filter). */
export function toggleListingPrice(state: ListingState, bounds: RangeBounds): ListingState {
  const current: FilterQuery = state.price ? { [PRICE_PARAM]: [formatRangeValue(state.price)] } : {};
  const next = toggleFilterValue(current, { type: PRICE_PARAM, id: formatRangeValue(bounds), single: true });
  const chosen = next[PRICE_PARAM];
  return { ...state, price: chosen ? parseRangeValue(chosen[0]) : null, page: 1 };
}

/** A price range from the slider: always set, never toggled; null clears it. */
export function withListingPrice(state: ListingState, bounds: RangeBounds | null): ListingState {
  return { ...state, price: bounds, page: 1 };
}

/** A new order starts at the first page, as the shopper now sees other products first. */
export function withListingSort(state: ListingState, sort: ListingSort): ListingState {
  return { ...state, sort, page: 1 };
}

export function withListingPage(state: ListingState, page: number): ListingState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** Clear filters keeps the chosen order. */
export function clearListingFilters(state: ListingState): ListingState {
  return { ...state, filters: {}, price: null, page: 1 };
}

/** What the Filter button counts: each chosen value, and the price range as one. */
export function activeFilterCount(state: ListingState): number {
  const values = Object.values(state.filters).reduce((sum, list) => sum + list.length, 0);
  return values + (state.price ? 1 : 0);
}

export function isOptionSelected(state: ListingState, code: string, id: string | number): boolean {
  return state.filters[code]?.includes(String(id)) ?? false;
}

export interface ListingQueryContext {
  categoryId: number;
  /** Attribute codes offered as facets; chosen values of other codes are not sent. */
  filters?: readonly string[];
  pageSize?: number;
}

/**
 * The catalogue query of a listing page (contract "Catalogue"): the category (`category_ids`
 * eq), the chosen options in catalog scope (a configurable matches through its children), the
 * price range (gte/lte, on the price including tax), facets for every offered attribute and
 * price, the sort, and the page's offset.
 */
export function listingProductQuery(state: ListingState, context: ListingQueryContext): ProductQuery {
  const codes = context.filters ?? LISTING_FILTERS;
  const size = context.pageSize ?? LISTING_PAGE_SIZE;
  const available: AvailableFilter[] = [
    ...codes.map((field) =>
      ALL_VALUE_FILTERS.includes(field)
        ? { field, scope: "catalog" as const, options: { size: MAX_FACET_SIZE } }
        : { field, scope: "catalog" as const },
    ),
    { field: PRICE_PARAM, scope: "catalog" },
  ];
  return {
    _appliedFilters: appliedFilters(state, context.categoryId, codes, true),
    _availableFilters: available,
    _appliedSort: [appliedSort(state.sort)],
    from: (state.page - 1) * size,
    size,
  };
}

/**
 * The two one-product queries that find the lowest and highest price of the listing without its
 * own price range, for the price slider's bounds (browsing §9: the slider spans the prices found).
 */
export function listingPriceRangeQueries(
  state: ListingState,
  context: ListingQueryContext,
): [lowest: ProductQuery, highest: ProductQuery] {
  const filters = appliedFilters(state, context.categoryId, context.filters ?? LISTING_FILTERS, false);
  const query = (options: "asc" | "desc"): ProductQuery => ({
    _appliedFilters: filters,
    _appliedSort: [{ field: "final_price", options }],
    from: 0,
    size: 1,
  });
  return [query("asc"), query("desc")];
}

function appliedFilters(
  state: ListingState,
  categoryId: number,
  codes: readonly string[],
  withPrice: boolean,
): AppliedFilter[] {
  const applied: AppliedFilter[] = [
    { attribute: "category_ids", value: { eq: categoryId }, scope: "default" },
  ];
  for (const code of codes) {
    const values = state.filters[code];
    if (values && values.length > 0)
      applied.push({ attribute: code, value: { in: values }, scope: "catalog" });
  }
  if (withPrice && state.price) {
    const range: { gte?: number; lte?: number } = {};
    if (state.price.min !== null) range.gte = state.price.min;
    if (state.price.max !== null) range.lte = state.price.max;
    applied.push({ attribute: PRICE_PARAM, value: range, scope: "catalog" });
  }
  return applied;
}

export function appliedSort(sort: ListingSort): AppliedSort {
  const at = sort.lastIndexOf(":");
  return { field: sort.slice(0, at), options: sort.slice(at + 1) === "desc" ? "desc" : "asc" };
}

export interface ListingPaging {
  page: number;
  pageCount: number;
  /** Index of the page's first product in the whole result. */
  from: number;
  /** The pages to show: the first, 3 around the current one, the last, and gaps between. */
  items: PageItem[];
  previous: number | null;
  next: number | null;
}

/** Page math for `total` products, `pageSize` a page, the current page clamped to what exists. */
export function listingPaging(
  total: number,
  page: number,
  pageSize: number = LISTING_PAGE_SIZE,
  visiblePages: number = VISIBLE_PAGES,
): ListingPaging {
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  return {
    page: current,
    pageCount,
    from: (current - 1) * pageSize,
    items: pageItems(current, pageCount, visiblePages),
    previous: current > 1 ? current - 1 : null,
    next: current < pageCount ? current + 1 : null,
  };
}

function splitValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ",").replace(/%3A/gi, ":");
}
