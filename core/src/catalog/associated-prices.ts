import { type PricedPart, type PriceFields, sumPriceFields } from "./price-fields.ts";
import type { Product, ProductLink } from "./types.ts";

/** Linked products by sku: a map or a lookup function, whichever the caller has at hand. */
export type ProductResolver = ReadonlyMap<string, Product> | ((sku: string) => Product | undefined);

/** Something worth logging about a product's data; never thrown, never printed by core. */
export interface CatalogIssue {
  severity: "error" | "warning";
  /** The product the issue is about. */
  sku: string;
  message: string;
  /** The linked sku, option id or value concerned. */
  detail?: string;
}

/** Log texts of browsing §8 ("logged for missing linked products") and §4/§5. */
export const PRODUCT_NOT_FOUND = "Product not found";
export const PRODUCT_LINK_NOT_FOUND = "Product link not found";
export const GROUPED_WITHOUT_LINKS = "Grouped product without product_links";
export const INVALID_BUNDLE_QTY = "Bundle option quantity must be zero or more";

export interface AssociatedPrices {
  fields: PriceFields;
  issues: CatalogIssue[];
}

type PriceOf = (product: Product) => PriceFields;

export function resolveProduct(resolver: ProductResolver, sku: string): Product | undefined {
  return typeof resolver === "function" ? resolver(sku) : resolver.get(sku);
}

/** A linked product a shopper could buy: known and not disabled (status 2 or more). */
function linkedProduct(resolver: ProductResolver, sku: string): Product | undefined {
  const product = sku ? resolveProduct(resolver, sku) : undefined;
  return product && Number(product.status) < 2 ? product : undefined;
}

/** The sku a link points at: grouped links name it in linked_product_sku, Magento bundles in sku. */
function targetSku(link: ProductLink): string {
  return link.linked_product_sku || link.sku;
}

/**
 * A grouped product costs the sum of its associated simple products, each once (browsing §4
 * "Grouped and bundle"); the link's qty is a default for the cart, not part of the price.
 * Without associated links the total stays 0 and an error is reported (browsing §4).
 */
export function groupedPrices(
  product: Product,
  resolver: ProductResolver,
  priceOf: PriceOf,
): AssociatedPrices {
  const issues: CatalogIssue[] = [];
  const links = (product.product_links ?? []).filter(
    (link) => link.link_type === "associated" && (link.linked_product_type ?? "simple") === "simple",
  );
  if (links.length === 0) {
    issues.push({ severity: "error", sku: product.sku, message: GROUPED_WITHOUT_LINKS });
  }
  const parts: PricedPart[] = [];
  for (const link of links) {
    const linked = linkedProduct(resolver, targetSku(link));
    if (!linked) {
      issues.push({
        severity: "warning",
        sku: product.sku,
        message: PRODUCT_NOT_FOUND,
        detail: targetSku(link),
      });
      continue;
    }
    parts.push({ fields: priceOf(linked), qty: 1 });
  }
  return { fields: sumPriceFields(parts), issues };
}

/**
 * A bundle costs, per option, its default product (or the first when none is default) times the
 * link's qty (browsing §4). A missing qty is 1; a negative or unreadable one is invalid (browsing
 * §5) and that option adds nothing. VSF1 counted a link whose product was missing at 1.00 a piece
 * (its price defaulted to 1) and dropped negative quantities silently; both are reported here.
 */
export function bundlePrices(
  product: Product,
  resolver: ProductResolver,
  priceOf: PriceOf,
): AssociatedPrices {
  const issues: CatalogIssue[] = [];
  const parts: PricedPart[] = [];
  for (const option of product.bundle_options ?? []) {
    const links = option.product_links ?? [];
    const link = links.find((l) => l.is_default === true) ?? links[0];
    if (!link) {
      issues.push({
        severity: "warning",
        sku: product.sku,
        message: PRODUCT_LINK_NOT_FOUND,
        detail: String(option.option_id),
      });
      continue;
    }
    const qty = link.qty === undefined || link.qty === null ? 1 : Number(link.qty);
    if (!Number.isFinite(qty) || qty < 0) {
      issues.push({
        severity: "error",
        sku: product.sku,
        message: INVALID_BUNDLE_QTY,
        detail: String(link.qty),
      });
      continue;
    }
    const linked = linkedProduct(resolver, targetSku(link));
    if (!linked) {
      issues.push({
        severity: "warning",
        sku: product.sku,
        message: PRODUCT_NOT_FOUND,
        detail: targetSku(link),
      });
      continue;
    }
    parts.push({ fields: priceOf(linked), qty });
  }
  return { fields: sumPriceFields(parts), issues };
}
