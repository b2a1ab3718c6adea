import type { Category, ConfigurableChild, LandingPage, Product, Redirect } from "@etalage/core";

/** A configurable child found by its own sku or url, with the parent it belongs to. */
export interface ChildHit {
  child: ConfigurableChild;
  parent: Product;
}

/**
 * Point lookups every consumer of the catalogue index may rely on (URL mapping, render-list,
 * cart, SSR). Products come with their prices computed (value, `_tax`, `_incl_tax`).
 */
export interface CatalogLookups {
  productById(id: number): Product | undefined;
  /** A parent by its own sku. */
  productBySku(sku: string): Product | undefined;
  /** A configurable child by its sku. */
  childBySku(sku: string): ChildHit | undefined;
  productByUrlPath(urlPath: string): Product | undefined;
  childByUrlPath(urlPath: string): ChildHit | undefined;
  categoryById(id: number): Category | undefined;
  categoryByUrlPath(urlPath: string): Category | undefined;
  redirectByRequestPath(requestPath: string): Redirect | undefined;
  landingPageByUrlPath(urlPath: string): LandingPage | undefined;
}
