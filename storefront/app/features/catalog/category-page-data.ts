import {
  type Category,
  categoryLink,
  EMPTY_LISTING_STATE,
  type FacetFilter,
  formatRangeValue,
  LISTING_FILTERS,
  type ListingPaging,
  type ListingState,
  listingPaging,
  listingPriceRangeQueries,
  listingProductQuery,
  listingSearch,
  PRICE_PARAM,
  type PriceSliderRange,
  parseListingQuery,
  parseRangeValue,
  priceSliderRange,
  STORE,
  t,
  withListingPage,
  withListingPrice,
} from "@etalage/core";
import { redirect } from "react-router";
import type { StorefrontServices } from "../../lib/server-context.ts";
import { type ProductCardData, toProductCardData } from "../../ui/products/product-card-data.ts";

export interface PageLink {
  name: string;
  href: string;
}

export interface FacetOptionView {
  id: string;
  label: string;
  count: number;
  /** A colour filter's CSS colour; null for an unmapped colour (drawn light grey). */
  swatch?: string | null;
}

export interface FacetView {
  code: string;
  title: string;
  /** Filter settings' isCollapsed (browsing §3): a section not collapsed starts open. */
  collapsed: boolean;
  swatches: boolean;
  options: FacetOptionView[];
}

export interface PriceFilterView {
  /** The quick links of the price facet (browsing §9 ranges), with their counts. */
  buckets: { id: string; label: string; count: number; from: number; to: number | null }[];
  /** The slider's range over the prices found without the price filter. */
  slider: PriceSliderRange;
}

/** Everything the category page renders, and nothing more (brief: loaders return what renders). */
export interface CategoryPageData {
  category: { id: number; name: string; href: string; description: string[] };
  /** An alternate title (the CMS content of `categories/{path}` supplies one). */
  title?: string;
  /** The path this page answers on (`/c/{slug}` or the url_path): filter links stay on it. */
  basePath: string;
  /** Home first, the category itself last. */
  breadcrumbs: PageLink[];
  subcategories: PageLink[];
  state: ListingState;
  total: number;
  paging: ListingPaging;
  products: ProductCardData[];
  facets: FacetView[];
  price: PriceFilterView | null;
  meta: {
    title: string;
    description: string;
    keywords: string | null;
    /** Absolute URL of the category's first page (publicUrl + category link). */
    canonical: string;
    origin: string;
    /**
     * The canonical of this page (the unfiltered category, page kept beyond 1) and the next and
     * previous pages of the series the shopper is in. Built here, so the browser's meta needs no
     * listing-query code on pages that are not listings (the URL dispatcher shares its meta).
     */
    pageHref: string;
    previousHref: string | null;
    nextHref: string | null;
    alternates: { href: string; hreflang: string }[];
  };
}

export interface LoadCategoryPageArgs {
  services: StorefrontServices;
  category: Category;
  request: Request;
}

/** Facets whose options read in their own order (sizes S, M, L), not by count. */
const OPTION_ORDER_FACETS = new Set(["size"]);
/** The lower and upper bound of a no-JavaScript price form, turned into `price=lower-upper`. */
const PRICE_FORM_FIELDS = ["price_from", "price_to"] as const;

/**
 * Critical: the category's listing page (one catalogue search for the page and its facets, and
 * two one-product searches for the price slider's bounds). A page past the last one (also of an
 * empty listing), and the price form submitted without JavaScript, redirect to their shareable
 * URL. A page number that is no number reads as the first page (core's parseListingQuery).
 */
function loadCategoryPage({ services, category, request }: LoadCategoryPageArgs): CategoryPageData {
  const url = pageUrl(request);
  const basePath = url.pathname;
  const normalized = priceFormRedirect(url);
  if (normalized) throw redirect(normalized);

  const state = parseListingQuery(url.searchParams);
  const context = { categoryId: category.id, filters: LISTING_FILTERS };
  const result = services.searchProducts(listingProductQuery(state, context));
  const paging = listingPaging(result.total, state.page);
  // Past the last page (an empty listing has one): that page, rather than page 9999 of nothing.
  if (state.page > paging.pageCount) {
    throw redirect(basePath + listingSearch(withListingPage(state, paging.pageCount)));
  }

  const optionLabel = services.optionLabel.bind(services);
  // Swatches and sizes on the cards (issue 14): from the children the search answer already has.
  const swatches = new Map(
    (services.attribute("color")?.options ?? []).map((o) => [String(o.value), o.swatch ?? null]),
  );
  const swatch = (value: string) => swatches.get(value) ?? null;
  const products = result.items.map((product) => toProductCardData(product, { optionLabel, swatch }));
  const href = categoryLink(category);
  const origin = services.publicUrl.replace(/\/+$/, "");
  const canonical = origin + href;
  const description = htmlToParagraphs(category.description);
  const seriesHref = (page: number | null) =>
    page === null ? null : origin + basePath + listingSearch(withListingPage(state, page));

  return {
    category: { id: category.id, name: category.name, href, description },
    basePath,
    breadcrumbs: breadcrumbs(services, category),
    subcategories: subcategories(services, category),
    state,
    total: result.total,
    paging,
    products,
    facets: facets(services, result.aggregations.filters, result.aggregations.filterSettings, state),
    price: priceFilter(services, result.aggregations.filters, state, category.id),
    meta: {
      /** The page's own name; the page number and the shop's name join it in the head (category-meta.ts). */
      title: category.meta_title || category.name,
      description: category.meta_description || description.join(" "),
      keywords: category.meta_keywords || null,
      canonical,
      origin,
      pageHref: canonical + listingSearch(withListingPage(EMPTY_LISTING_STATE, paging.page)),
      previousHref: seriesHref(paging.previous),
      nextHref: seriesHref(paging.next),
      alternates: [
        { href: canonical, hreflang: STORE.locale },
        ...(category.alternate_href_tags ?? []).map((tag) => ({
          href: tag.url,
          hreflang: tag.language_code,
        })),
      ],
    },
  };
}

/**
 * The listing page as `loadCategoryPage` answers it, computed once per catalogue version for every
 * render of the same address (its filters, sort and page are in the key): its three catalogue
 * searches, cards and facets were a tenth of a category page's CPU per render (issue 27). A
 * redirect it throws is not kept.
 */
export function sharedCategoryPage(args: LoadCategoryPageArgs): Promise<CategoryPageData> {
  const url = pageUrl(args.request);
  const key = `category-page ${args.category.id} ${url.pathname}${url.search}`;
  return args.services.shared(key, async () => loadCategoryPage(args));
}

/**
 * The page's own URL. Client navigations fetch `{path}.data?_routes=…`; links built from that
 * would lead to the data, so its React Router suffix and parameters are taken off.
 */
function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

/** The price form's `price_from`/`price_to` as the URL's `price=lower-upper` (page dropped). */
function priceFormRedirect(url: URL): string | null {
  if (!PRICE_FORM_FIELDS.some((field) => url.searchParams.has(field))) return null;
  const [from, to] = PRICE_FORM_FIELDS.map((field) => url.searchParams.get(field)?.trim() || "*");
  const params = new URLSearchParams(url.searchParams);
  for (const field of PRICE_FORM_FIELDS) params.delete(field);
  params.delete(PRICE_PARAM);
  const state = parseListingQuery(params);
  return url.pathname + listingSearch(withListingPrice(state, parseRangeValue(`${from}-${to}`)));
}

function breadcrumbs(services: StorefrontServices, category: Category): PageLink[] {
  const ancestors: PageLink[] = [];
  const seen = new Set([category.id]);
  for (let id = category.parent_id; !seen.has(id) && id !== STORE.rootCategoryId; ) {
    const parent = services.categoryById(id);
    if (!parent || parent.level <= 1) break;
    seen.add(id);
    ancestors.unshift({ name: parent.name, href: categoryLink(parent) });
    id = parent.parent_id;
  }
  return [
    { name: t("Home"), href: "/" },
    ...ancestors,
    { name: category.name, href: categoryLink(category) },
  ];
}

function subcategories(services: StorefrontServices, category: Category): PageLink[] {
  const node = findInTree(services.categoryTree(), category.id) ?? category;
  return (node.children_data ?? [])
    .filter((child) => child.is_active && child.include_in_menu !== false && child.product_count > 0)
    .toSorted((a, b) => a.position - b.position)
    .map((child) => ({ name: child.name, href: categoryLink(child) }));
}

function findInTree(tree: readonly Category[], id: number): Category | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findInTree(node.children_data ?? [], id);
    if (found) return found;
  }
  return undefined;
}

function facets(
  services: StorefrontServices,
  filters: readonly FacetFilter[],
  settings: Record<string, { isCollapsed: boolean }>,
  state: ListingState,
): FacetView[] {
  const views: FacetView[] = [];
  for (const facet of filters) {
    if (facet.attribute_code === PRICE_PARAM) continue;
    const code = facet.attribute_code;
    const chosen = state.filters[code] ?? [];
    const options: FacetOptionView[] = facet.options.map((o) => ({
      id: o.id,
      label: o.label,
      count: o.count,
      ...(code === "color" ? { swatch: o.swatch ?? null } : {}),
    }));
    // A chosen value outside the top options must stay visible, or it could not be unchecked.
    for (const id of chosen) {
      if (options.some((o) => o.id === id)) continue;
      const label = services.optionLabel(code, id) ?? id;
      const swatch = services.attribute(code)?.options.find((o) => String(o.value) === id)?.swatch;
      options.push({ id, label, count: 0, ...(code === "color" ? { swatch: swatch ?? null } : {}) });
    }
    // One value for every product narrows nothing.
    if (options.length < 2 && chosen.length === 0) continue;
    if (OPTION_ORDER_FACETS.has(code)) sortByOptionOrder(services, code, options);
    views.push({
      code,
      title: facet.title,
      collapsed: settings[code]?.isCollapsed ?? false,
      swatches: code === "color",
      options,
    });
  }
  return views;
}

function sortByOptionOrder(services: StorefrontServices, code: string, options: FacetOptionView[]) {
  const order = new Map(
    services.attribute(code)?.options.map((o, i) => [String(o.value), o.sort_order ?? i]),
  );
  options.sort((a, b) => (order.get(a.id) ?? 1e9) - (order.get(b.id) ?? 1e9));
}

function priceFilter(
  services: StorefrontServices,
  filters: readonly FacetFilter[],
  state: ListingState,
  categoryId: number,
): PriceFilterView | null {
  const facet = filters.find((f) => f.attribute_code === PRICE_PARAM);
  const [lowestQuery, highestQuery] = listingPriceRangeQueries(state, {
    categoryId,
    filters: LISTING_FILTERS,
  });
  const lowest = services.searchProducts(lowestQuery).items[0]?.final_price_incl_tax;
  const highest = services.searchProducts(highestQuery).items[0]?.final_price_incl_tax;
  if (lowest === undefined && !state.price) return null;
  return {
    buckets: (facet?.options ?? [])
      .filter((o) => typeof o.from === "number")
      .map((o) => ({
        id: formatRangeValue({ min: o.from ?? 0, max: o.to ?? null }),
        label: o.label,
        count: o.count,
        from: o.from ?? 0,
        to: o.to ?? null,
      })),
    slider: priceSliderRange(lowest, highest),
  };
}

/** Category descriptions are catalogue HTML; the page shows their text, paragraph by paragraph. */
function htmlToParagraphs(html: string | undefined): string[] {
  if (!html) return [];
  return html
    .replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}
