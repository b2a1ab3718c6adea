import type { DictionaryKey } from "../i18n/nl-NL.ts";
import type { Product } from "./types.ts";

/**
 * A failure with the spec's English text (browsing §8), which callers match on ("query returned
 * empty result" means: go home offline), plus the dictionary key and values to show it in Dutch
 * with `t(key, params)`.
 */
export interface LoadError {
  error: string;
  key: DictionaryKey;
  params: Record<string, string | number>;
}

function loadError(key: DictionaryKey, params: Record<string, string | number>): LoadError {
  const error = key.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
  return { error, key, params };
}

export type ProductLoadResult<P extends Product = Product> = { ok: P } | { redirectTo: P } | LoadError;

export interface ProductLoadOptions<P extends Product> {
  /** The configurable parent of a child, when the caller found one. */
  parent?: P | null;
  /** Children are not shown on their own but send the visitor to their parent (browsing §2, §4). */
  preventChildDirectAccess: boolean;
}

/**
 * Whether a loaded product may be shown (browsing §4 "Product load"): status 2 or more fails;
 * visibility 1 (not visible individually) fails too, unless direct access to children is
 * prevented and a showable configurable parent is given, which then replaces it (a 301 on the
 * server, a route replace in the browser).
 */
export function checkProductLoad<P extends Product>(
  product: P,
  options: ProductLoadOptions<P>,
): ProductLoadResult<P> {
  if (Number(product.status) >= 2) {
    return loadError("Product query returned empty result product status = {status}", {
      status: product.status,
    });
  }
  if (Number(product.visibility) === 1) {
    const parent = options.parent;
    const parentShowable =
      parent &&
      parent.type_id === "configurable" &&
      Number(parent.status) < 2 &&
      Number(parent.visibility) !== 1;
    if (options.preventChildDirectAccess && parentShowable) return { redirectTo: parent };
    return loadError("Product query returned empty result product visibility = {visibility}", {
      visibility: product.visibility,
    });
  }
  return { ok: product };
}

/** The product/single lookup needs its search key, e.g. `sku` (browsing §5, §8). */
export function requireSearchKey(
  options: Readonly<Record<string, unknown>>,
  key: string,
): { ok: string } | LoadError {
  const value = options[key];
  if (
    (typeof value === "string" && value.trim() !== "") ||
    (typeof value === "number" && Number.isFinite(value))
  ) {
    return { ok: String(value) };
  }
  return loadError("Please provide the search key {key} for product/single action!", { key });
}

/** A variant lookup needs the product's parentSku (browsing §5, §8). */
export function requireParentSku(product: Pick<Product, "parentSku">): { ok: string } | LoadError {
  if (typeof product.parentSku === "string" && product.parentSku.trim() !== "")
    return { ok: product.parentSku };
  return loadError("Product doesn't have parentSku, please check if this is configurable product", {});
}
