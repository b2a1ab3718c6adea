import type {
  LandingPage as ElevateLandingPage,
  Facet,
  FacetParams,
  LandingPageParams,
  SortType,
} from "@apptus/esales-api";
import {
  EMPTY_LISTING_STATE,
  LANDING_PAGE_LIMIT,
  type ListingSort,
  type ListingState,
  landingPagePath,
  landingUrlPath,
  listingPaging,
  listingSearch,
  PRICE_PARAM,
  parseListingQuery,
  parseRangeValue,
  priceSliderRange,
  STORE,
  t,
  withListingPage,
  withListingPrice,
} from "@etalage/core";
import { data, redirect } from "react-router";
import type {
  CategoryPageData,
  FacetOptionView,
  FacetView,
} from "../../features/catalog/category-page-data.ts";
import type { StorefrontServices } from "../../lib/server-context.ts";
import { cardsOf } from "../../ui/products/elevate-cards.ts";

/** A landing page renders as a category listing does, plus the tickets of its products. */
export interface LandingPageData extends CategoryPageData {
  /** Product link → ticket, for click notifications. */
  tickets: Record<string, string>;
}

const SORTS: Record<ListingSort, SortType> = {
  "category.position:asc": "RELEVANCE",
  "updated_at:desc": "NEWEST_FIRST",
  "final_price:asc": "PRICE_ASCENDING",
  "final_price:desc": "PRICE_DESCENDING",
};
const PRICE_FORM_FIELDS = ["price_from", "price_to"] as const;

/** The listing state (the category page's URL model) as Elevate's query: `f.*`, sort, skip and limit 20. */
function landingParams(urlPath: string, state: ListingState): LandingPageParams {
  const facets: FacetParams = {};
  for (const [code, values] of Object.entries(state.filters))
    if (values.length > 0) facets[code] = [...values];
  if (state.price) {
    const range: { min?: number; max?: number } = {};
    if (state.price.min !== null && state.price.min !== undefined) range.min = state.price.min;
    if (state.price.max !== null && state.price.max !== undefined) range.max = state.price.max;
    if (range.min !== undefined || range.max !== undefined)
      facets[PRICE_PARAM] = range as FacetParams[string];
  }
  return {
    pageReference: landingPagePath(urlPath),
    limit: LANDING_PAGE_LIMIT,
    skip: (state.page - 1) * LANDING_PAGE_LIMIT,
    sort: SORTS[state.sort],
    facets,
  };
}

/**
 * Critical: the landing page of `/l/elevate/{url_path}/` from the recommendation service, with
 * its primary list, facets and breadcrumbs. Unknown or unpublished pages, and a failed service,
 * are a 404 (the page cannot be shown without its list).
 */
export async function loadLandingPage(services: StorefrontServices, url: URL): Promise<LandingPageData> {
  if (!url.pathname.endsWith("/")) throw redirect(`${url.pathname}/${url.search}`, 301);
  const urlPath = landingUrlPath(url.pathname);
  const notFound = () => data({ message: `Landing page not found: ${url.pathname}` }, { status: 404 });
  if (!urlPath) throw notFound();
  const priceForm = priceFormRedirect(url);
  if (priceForm) throw redirect(priceForm);
  const state = parseListingQuery(url.searchParams);
  const page = await services.elevate.landingPage(landingParams(urlPath, state), {
    primaryList: { include: true },
    navigation: { include: true },
    contentLists: [{ id: "landing-content", limit: 10 }],
  });
  if (!page?.published || !page.primaryList) throw notFound();
  return toPageData(services, urlPath, url.pathname, state, page);
}

function toPageData(
  services: StorefrontServices,
  urlPath: string,
  basePath: string,
  state: ListingState,
  page: ElevateLandingPage,
): LandingPageData {
  const list = page.primaryList!;
  const paging = listingPaging(list.totalHits, state.page, LANDING_PAGE_LIMIT);
  if (state.page > paging.pageCount)
    throw redirect(basePath + listingSearch(withListingPage(state, paging.pageCount)));
  const cards = cardsOf(list.productGroups);
  const origin = services.publicUrl.replace(/\/+$/, "");
  const canonical = origin + landingPagePath(urlPath);
  const heading = page.seo.pageHeading ?? page.seo.pageTitle ?? "";
  const description = page.seo.metaDescription ? [page.seo.metaDescription] : [];
  const seriesHref = (n: number | null) =>
    n === null ? null : origin + basePath + listingSearch(withListingPage(state, n));
  const range = list.facets.find((f) => f.type === "RANGE");
  return {
    category: {
      id: Number(page.customData.category_id ?? 0),
      name: heading,
      href: landingPagePath(urlPath),
      description,
    },
    basePath,
    breadcrumbs: [
      { name: t("Home"), href: "/" },
      ...(page.navigation?.breadcrumbs ?? []).map((c) => ({ name: c.label, href: c.path })),
    ],
    subcategories: services.elevate
      .subPages(urlPath)
      .map((p) => ({ name: p.title ?? p.url_path, href: landingPagePath(p.url_path) })),
    state,
    total: list.totalHits,
    paging,
    products: cards.map(({ ticket: _ticket, ...card }) => card),
    tickets: Object.fromEntries(cards.map((c) => [c.href, c.ticket])),
    facets: list.facets.flatMap((f) => facetView(f, state)),
    price:
      range && range.type === "RANGE"
        ? { buckets: [], slider: priceSliderRange(range.min, range.max) }
        : null,
    meta: {
      title: page.seo.pageTitle ?? heading,
      description: page.seo.metaDescription ?? heading,
      keywords: null,
      canonical,
      origin,
      pageHref: canonical + listingSearch(withListingPage(EMPTY_LISTING_STATE, paging.page)),
      previousHref: seriesHref(paging.previous),
      nextHref: seriesHref(paging.next),
      alternates: [{ href: canonical, hreflang: STORE.locale }],
    },
  };
}

function facetView(facet: Facet, state: ListingState): FacetView[] {
  let options: FacetOptionView[];
  if (facet.type === "COLOR")
    options = facet.values.map((v) => ({ id: v.id, label: v.label, count: v.count, swatch: v.color }));
  else if (facet.type === "TEXT")
    options = facet.values.map((v) => ({ id: v.id, label: v.label, count: v.count }));
  else if (facet.type === "SIZE")
    options = (facet.sizeTypes[0]?.formats[0]?.values ?? []).map((v) => ({
      id: v.id,
      label: v.label,
      count: v.count,
    }));
  else return [];
  const chosen = state.filters[facet.id] ?? [];
  // One value for every product narrows nothing.
  if (options.length < 2 && chosen.length === 0) return [];
  return [
    { code: facet.id, title: facet.label, collapsed: false, swatches: facet.type === "COLOR", options },
  ];
}

/** The no-JavaScript price form's `price_from`/`price_to` as the URL's `price=lower-upper`. */
function priceFormRedirect(url: URL): string | null {
  if (!PRICE_FORM_FIELDS.some((field) => url.searchParams.has(field))) return null;
  const [from, to] = PRICE_FORM_FIELDS.map((field) => url.searchParams.get(field)?.trim() || "*");
  const params = new URLSearchParams(url.searchParams);
  for (const field of PRICE_FORM_FIELDS) params.delete(field);
  params.delete(PRICE_PARAM);
  return (
    url.pathname +
    listingSearch(withListingPrice(parseListingQuery(params), parseRangeValue(`${from}-${to}`)))
  );
}
