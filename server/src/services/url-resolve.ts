import {
  type ConfigurableChild,
  checkProductLoad,
  dispatcherPath,
  type Product,
  textProblem,
} from "@etalage/core";
import type { CatalogLookups } from "../catalog-index/lookups.ts";

/**
 * URL mapping (browsing §2 "Route resolution"): a path resolves to a category, a product or a CMS
 * page, in that order; a configurable child's URL answers its parent. Pure over the index
 * lookups, so the route stays thin and this is testable without HTTP.
 */

interface Redirect {
  status: number;
  to: string;
}

export type UrlMatch =
  | { found: true; type: "product" | "category" | "cms_page"; source: object; redirect?: Redirect }
  | { found: false; message: string; redirect?: Redirect };

/** The CMS port's slot: a page by identifier, or nothing. */
export type CmsPageLookup = (identifier: string) => Promise<Record<string, unknown> | undefined>;

export interface ResolveOptions {
  /** Children's own URLs answer the parent with a 301 (browsing §2, §4 "Product load"). */
  preventChildDirectAccess: boolean;
  /** `filters.sku`: a child sku asked for with its parent's URL (the parent answers, no redirect). */
  sku?: string;
  cmsPage: CmsPageLookup;
}

/** "kleding/overhemden", whatever slashes, query or fragment the caller left on. */
export function normaliseUrl(url: string): string {
  let path = url.trim();
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL after all: treat it as a path.
    }
  }
  return dispatcherPath(path.split(/[?#]/, 1)[0] ?? "");
}

export async function resolveUrl(
  lookups: CatalogLookups,
  url: string,
  options: ResolveOptions,
): Promise<UrlMatch> {
  const path = normaliseUrl(url);
  const notFound: UrlMatch = { found: false, message: `No product, category or CMS page at /${path}` };
  // Nothing of ours has a control character in its path (`%00` decoded); never ask the database.
  if (path === "" || textProblem(path, false)) return notFound;

  const category = lookups.categoryByUrlPath(path);
  if (category?.is_active) return { found: true, type: "category", source: category };

  const product = lookups.productByUrlPath(path);
  if (product) return productAnswer(lookups, product, options);

  const child = lookups.childByUrlPath(path);
  if (child) return loadAnswer(asProduct(child.child), child.parent, options);

  const page = await options.cmsPage(path);
  if (page) return { found: true, type: "cms_page", source: page };

  // An inactive category is not shown; say so in the words of the category load (browsing §8).
  const missing: UrlMatch = category
    ? { found: false, message: `Category query returned empty result url_path = ${path}` }
    : notFound;
  const redirect = lookups.redirectByRequestPath(path);
  if (!redirect) return missing;
  return { ...missing, redirect: { status: redirect.redirect_type, to: rootRelative(redirect.target_path) } };
}

/**
 * A product reached by its own URL. `filters.sku` naming one of its children needs no redirect:
 * the visitor is already at the parent's URL, and a 301 to the same URL would loop.
 */
function productAnswer(lookups: CatalogLookups, product: Product, options: ResolveOptions): UrlMatch {
  // Not visible on its own: the product-load rules may show it through its configurable parent.
  const parent = product.visibility === 1 ? lookups.childBySku(product.sku)?.parent : undefined;
  return loadAnswer(product, parent, options);
}

/** The product-load rules (browsing §4, core `checkProductLoad`) as a URL-mapping answer. */
function loadAnswer(product: Product, parent: Product | undefined, options: ResolveOptions): UrlMatch {
  const result = checkProductLoad(product, {
    parent,
    preventChildDirectAccess: options.preventChildDirectAccess,
  });
  if ("error" in result) return { found: false, message: result.error };
  if ("redirectTo" in result) {
    return { found: true, type: "product", source: result.redirectTo, redirect: movedTo(result.redirectTo) };
  }
  return { found: true, type: "product", source: result.ok };
}

/** A configurable child is never visible on its own (visibility 1); its row says so, its record does not. */
function asProduct(child: ConfigurableChild): Product {
  return { ...child, visibility: 1 } as unknown as Product;
}

const movedTo = (parent: Product): Redirect => ({ status: 301, to: `/${parent.url_path}` });

/** Redirect targets are stored like url_paths; a client needs them absolute to the site. */
function rootRelative(target: string): string {
  return /^([a-z][a-z\d+.-]*:)?\/\//i.test(target) || target.startsWith("/") ? target : `/${target}`;
}
