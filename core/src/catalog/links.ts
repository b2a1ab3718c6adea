import { STORE } from "../store.ts";
import type { Category, Product } from "./types.ts";

/**
 * Link shapes (browsing §2 "Link shapes"). With the URL dispatcher on (this shop), a product links
 * to its url_path with the chosen child sku in the query, a category to '/' + url_path; with it
 * off, to the named routes /p/{parentSku}/{slug}/{childSku} and /c/{slug}. Trailing slashes
 * always; a store code prefix only when the store view appends it (off here).
 */
export interface LinkOptions {
  useUrlDispatcher: boolean;
  appendStoreCode: boolean;
  storeCode: string;
}

export const DEFAULT_LINK_OPTIONS: LinkOptions = {
  useUrlDispatcher: true,
  appendStoreCode: STORE.appendStoreCode,
  storeCode: STORE.storeCode,
};

type LinkableProduct = Pick<Product, "sku" | "type_id" | "url_path" | "slug"> & {
  parentSku?: string;
  url_key?: string;
};

/** `/path/` with the store code in front when the store view appends it. */
export function localizedPath(path: string, options: LinkOptions = DEFAULT_LINK_OPTIONS): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  const prefixed = options.appendStoreCode ? [options.storeCode, trimmed].filter(Boolean).join("/") : trimmed;
  return prefixed ? `/${prefixed}/` : "/";
}

/** A product's link; `childSku` is the chosen variant of a configurable (defaults to the product's own sku). */
export function productLink(
  product: LinkableProduct,
  childSku?: string,
  options: LinkOptions = DEFAULT_LINK_OPTIONS,
): string {
  const parentSku = product.parentSku ?? product.sku;
  const child = childSku ?? product.sku;
  if (options.useUrlDispatcher && product.url_path) {
    const base = localizedPath(product.url_path, options);
    return product.type_id === "configurable" && child !== parentSku
      ? `${base}?childSku=${encodeURIComponent(child)}`
      : base;
  }
  const slug = product.slug || product.url_key || "";
  const segments = ["p", parentSku, slug];
  if (product.type_id === "configurable") segments.push(child);
  return localizedPath(segments.map(encodeURIComponent).join("/"), options);
}

export function categoryLink(
  category: Pick<Category, "url_path" | "slug">,
  options: LinkOptions = DEFAULT_LINK_OPTIONS,
): string {
  if (options.useUrlDispatcher && category.url_path) return localizedPath(category.url_path, options);
  return localizedPath(`c/${encodeURIComponent(category.slug)}`, options);
}

/** The catalogue search page (strict trailing slash, browsing §2 route table). */
export function searchLink(query: string, options: LinkOptions = DEFAULT_LINK_OPTIONS): string {
  const base = localizedPath("catalogsearch/result", options);
  return query ? `${base}?q=${encodeURIComponent(query)}` : base;
}
