import {
  LISTING_FILTERS,
  listingSearch,
  PAGE_PARAM,
  PRICE_PARAM,
  parseListingQuery,
  SORT_PARAM,
} from "@etalage/core";
import type { CachedPage, HtmlCacheStore } from "./html-cache-store.ts";

/*
 * The key a page is cached under (docs/decisions/0015): its path and only the query parameters
 * its loaders read, in one order and spelling. Campaign tags (utm_*, gclid, fbclid, msclkid) and
 * any other unknown key do not change the page, so they do not make a key of their own; a page
 * rendered for `?utm_source=x&color=49` is the page of `?color=49`.
 *
 * Rule: a loader that reads a new query parameter on a cached route adds it here (the test
 * `html-cache-keys.test.ts` scans the storefront for parameters it reads).
 */

/** The listing's filters, price, sort and page (core's listing query, read by category pages). */
export const LISTING_KEYS: readonly string[] = [...LISTING_FILTERS, PRICE_PARAM, SORT_PARAM, PAGE_PARAM];
/**
 * The price form posted without JavaScript: the category page redirects it to `price=`. Kept as
 * sent, so such a request is never answered with the page it is redirected from.
 */
export const PRICE_FORM_KEYS: readonly string[] = ["price_from", "price_to"];
/** The chosen variant of a product at its catalogue URL (`/shirt-abc123/?childSku=…`). */
export const CHILD_SKU_KEY = "childSku";

/**
 * What the route table tells from the path alone: the home page and product routes read no
 * query; `/c/{slug}` is a listing; any other path goes to the URL dispatcher, which shows a
 * category, a product or a CMS page, known only once it has rendered.
 */
export type PageShape = "plain" | "listing" | "dispatched";

/** What a dispatched page turned out to be, as its loaders noted while it rendered. */
export type RenderedPage =
  | { kind: "category" }
  | { kind: "cms_page" }
  /** `childSku` only when it names the product or one of its children; another shows the product as without it. */
  | { kind: "product"; childSku?: string };

export interface KeyedRequest {
  path: string;
  shape: PageShape;
  params: URLSearchParams;
  /** Path and normalised query: what the cache looks up. */
  key: string;
}

export function pageShape(path: string): PageShape {
  const lower = path.toLowerCase();
  // The route table's shapes (storefront/app/routes.ts); `/p/x` alone is the dispatcher's.
  if (lower === "/" || lower === "/pwa.html" || /^\/p(?:\/[^/]+){2,3}\/?$/.test(lower)) return "plain";
  if (/^\/c\/[^/]+\/?$/.test(lower)) return "listing";
  return "dispatched";
}

/** The key of a request whose path is already normalised (see html-cache-request.ts's pagePath). */
export function keyedRequest(path: string, search: string): KeyedRequest {
  const params = new URLSearchParams(search);
  const shape = pageShape(path);
  const reads =
    shape === "plain"
      ? {}
      : shape === "listing"
        ? { listing: true }
        : { listing: true, childSku: params.get(CHILD_SKU_KEY) ?? undefined };
  return { path, shape, params, key: pageKey(path, params, reads) };
}

/**
 * The key of the page a request rendered: for a dispatched page, the parameters of the kind of
 * page it was. Undefined when the render did not say what it was (it is then not stored).
 */
export function renderedKey(request: KeyedRequest, page: RenderedPage | undefined): string | undefined {
  if (request.shape !== "dispatched") return request.key;
  if (!page) return undefined;
  if (page.kind === "category") return pageKey(request.path, request.params, { listing: true });
  if (page.kind === "product") return pageKey(request.path, request.params, { childSku: page.childSku });
  return request.path;
}

/**
 * Path plus the parameters read, sorted by name. The listing's parameters are written as the
 * listing writes its own links (core's parse, then format), so spellings the page reads alike
 * (`color=49&color=50`, `color=49%2C50`, `page=abc` as page 1, `sort` at its default) share a key.
 */
function pageKey(
  path: string,
  params: URLSearchParams,
  reads: { listing?: boolean; childSku?: string | undefined },
): string {
  const pairs: string[] = [];
  if (reads.listing) {
    const listing = listingSearch(parseListingQuery(params));
    if (listing) pairs.push(...listing.slice(1).split("&"));
    for (const name of PRICE_FORM_KEYS) {
      const value = params.get(name);
      if (value !== null) pairs.push(`${name}=${encodeURIComponent(value)}`);
    }
  }
  if (reads.childSku !== undefined) pairs.push(`${CHILD_SKU_KEY}=${encodeURIComponent(reads.childSku)}`);
  if (pairs.length === 0) return path;
  const name = (pair: string) => pair.slice(0, pair.indexOf("="));
  return `${path}?${pairs.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0)).join("&")}`;
}

/**
 * Two stores in one: pages without a query (home, categories' first pages, products, CMS pages)
 * and pages with one (filters, sort, later pages). However many query strings are made up, they
 * only ever evict each other, never a plain page.
 */
export class SplitHtmlStore implements HtmlCacheStore {
  readonly kind: HtmlCacheStore["kind"];

  constructor(
    private readonly plain: HtmlCacheStore,
    private readonly queried: HtmlCacheStore,
  ) {
    this.kind = plain.kind;
  }

  private storeOf(key: string): HtmlCacheStore {
    return key.includes("?") ? this.queried : this.plain;
  }

  get(key: string) {
    return this.storeOf(key).get(key);
  }

  set(key: string, page: CachedPage, tags: readonly string[], ttlMs: number) {
    return this.storeOf(key).set(key, page, tags, ttlMs);
  }

  async invalidate(tags: readonly string[]) {
    const [plain, queried] = await Promise.all([this.plain.invalidate(tags), this.queried.invalidate(tags)]);
    return plain + queried;
  }

  async close() {
    await Promise.all([this.plain.close(), this.queried.close()]);
  }
}
