import { type LinkOptions, localizedPath, productLink } from "../catalog/links.ts";
import type { Product } from "../catalog/types.ts";
import { STORE } from "../store.ts";

/**
 * The URL dispatcher's path rules (browsing §2 "Route resolution", "Link shapes"). Pure: the
 * storefront's splat route asks these, the server's URL mapping answers.
 */

/** The route name analytics sees for an unresolved path (browsing §2: page-not-found). */
export const PAGE_NOT_FOUND_ROUTE = { name: "page-not-found", params: { slug: "page-not-found" } } as const;

export interface RouteName {
  name: string;
  params: Record<string, string>;
}

export type StoreCodeOptions = Pick<LinkOptions, "appendStoreCode" | "storeCode">;

const STORE_CODE_OPTIONS: StoreCodeOptions = {
  appendStoreCode: STORE.appendStoreCode,
  storeCode: STORE.storeCode,
};

/** "kleding/overhemden" for "/kleding//overhemden/": decoded, single slashes, none at either end. */
export function dispatcherPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % is part of the path as typed.
  }
  return path.replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "");
}

/**
 * The url_path behind a store-code prefix ("nl/kleding" → "kleding") when the store view appends
 * its code (off for this shop, so the path comes back as is). `storeCode` says which prefix was
 * there; a path without it keeps `storeCode` undefined.
 */
export function stripStoreCode(
  path: string,
  options: StoreCodeOptions = STORE_CODE_OPTIONS,
): { path: string; storeCode?: string } {
  if (!options.appendStoreCode) return { path };
  const [first, ...rest] = path.split("/");
  if (first !== options.storeCode) return { path };
  return { path: rest.join("/"), storeCode: first };
}

/**
 * The canonical form of a page's URL: trailing slash (browsing §2 "Link shapes"). Null when the
 * path already has it, or for the home page.
 */
export function trailingSlashRedirect(pathname: string, search = ""): string | null {
  if (pathname === "" || pathname.endsWith("/")) return null;
  return `${pathname}/${search}`;
}

/**
 * Where a redirect entity or URL-mapping redirect sends the visitor. Site paths are stored like
 * url_paths, so they get the link shape (store code, trailing slash) in one hop instead of a
 * second redirect; their own query wins over the one the visitor came with. Other sites pass.
 */
export function redirectLocation(to: string, search = "", options?: LinkOptions): string {
  if (/^([a-z][a-z\d+.-]*:)?\/\//i.test(to)) return to;
  const [pathAndQuery = "", hash = ""] = to.split("#", 2);
  const [path = "", query = ""] = pathAndQuery.split("?", 2);
  const target = localizedPath(path, options);
  const ownQuery = query ? `?${query}` : search;
  return `${target}${ownQuery}${hash ? `#${hash}` : ""}`;
}

type ChildLinkable = Pick<Product, "sku" | "type_id" | "url_path" | "slug" | "configurable_children">;

/** The child a configurable's child URL stands for: its url_path or url_key equals the path. */
export function childSkuForPath(parent: ChildLinkable, path: string): string | undefined {
  const wanted = dispatcherPath(path);
  // Children carry url_path and url_key in the index, not in the type (an open attribute bag).
  return parent.configurable_children?.find(
    (child) =>
      (typeof child.url_path === "string" && dispatcherPath(child.url_path) === wanted) ||
      child.url_key === wanted,
  )?.sku;
}

/**
 * A configurable child's URL reached directly answers its parent with the child chosen
 * (browsing §2: a 301 on the server, a route replace on the client). Null when the parent is the
 * page asked for already (mapping may name the parent again when `?childSku=` is set).
 */
export function childRedirectLocation(
  parent: ChildLinkable,
  requestedPath: string,
  childSku: string | undefined,
  options?: LinkOptions,
): string | null {
  if (dispatcherPath(parent.url_path) === dispatcherPath(requestedPath)) return null;
  return productLink(parent, childSku ?? childSkuForPath(parent, requestedPath), options);
}

/** The route name of a resolved page, as the spec names routes (type_id + '-product', category). */
export function dispatchedRouteName(
  match:
    | { type: "product"; product: Pick<Product, "type_id" | "sku" | "slug"> }
    | { type: "category"; slug: string },
): RouteName {
  if (match.type === "category") return { name: "category", params: { slug: match.slug } };
  const { product } = match;
  return { name: `${product.type_id}-product`, params: { parentSku: product.sku, slug: product.slug } };
}
