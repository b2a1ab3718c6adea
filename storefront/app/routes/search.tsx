import { pageTitle, t } from "@etalage/core";
import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { SEARCH_PAGE_SIZE } from "../features/search/search-api.ts";
import { SearchResults, type SearchResultsData } from "../features/search/search-results.tsx";
import { servicesContext } from "../lib/server-context.ts";
import { toProductCardData } from "../ui/products/product-card-data.ts";
import type { Route } from "./+types/search";

/** 'read more' pages past this are not served in one go (the search caps a page at 4000). */
const MAX_PAGE = 100;

export function meta({ loaderData }: Route.MetaArgs) {
  const query = loaderData?.query;
  const title = query ? t("Search results for {q}", { q: `"${query}"` }) : t("Search for products");
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

/**
 * Critical: the results for `q`, 18 at a time (browsing §4 "Search panel"). A page renders the
 * first `page` × 18, so a shared or reloaded URL shows what the shopper had loaded; with `from`
 * it answers just the 18 after that, which is what 'read more' fetches once hydrated.
 */
export async function loader({ context, url }: Route.LoaderArgs): Promise<SearchResultsData> {
  // Strict trailing slash (browsing §2 route table). `url` is the page's address, also for a
  // client navigation's `.data` request (React Router strips the suffix and `_routes`).
  if (!url.pathname.endsWith("/")) throw redirect(`${url.pathname}/${url.search}`, 301);
  const query = (url.searchParams.get("q") ?? "").trim();
  if (!query) return { query, items: [], total: 0, from: 0 };

  const services = context.get(servicesContext);
  const from = url.searchParams.has("from") ? whole(url.searchParams.get("from"), 0) : 0;
  const size = url.searchParams.has("from")
    ? SEARCH_PAGE_SIZE
    : Math.min(whole(url.searchParams.get("page"), 1) || 1, MAX_PAGE) * SEARCH_PAGE_SIZE;
  const result = services.searchProducts({ _searchText: query, from, size });
  const optionLabel = services.optionLabel.bind(services);
  return {
    query,
    items: result.items.map((product) => toProductCardData(product, { optionLabel })),
    total: result.total,
    from,
  };
}

/** 'read more' has the rows already when it writes the next page number into the URL. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const same = (name: string) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name);
  const pageOf = (url: URL) => whole(url.searchParams.get("page"), 1) || 1;
  if (currentUrl.pathname === nextUrl.pathname && same("q") && pageOf(nextUrl) > pageOf(currentUrl))
    return false;
  return defaultShouldRevalidate;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResults key={loaderData.query} data={loaderData} />;
}

function whole(text: string | null, fallback: number): number {
  const value = Number.parseInt(text ?? "", 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}
