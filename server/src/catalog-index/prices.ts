/**
 * Prices including tax, computed once per snapshot with core's rules (every price field with
 * value, `_tax` and `_incl_tax`, configurable children included; grouped and bundle products
 * summed from their linked products). A snapshot is priced for one moment, so a special price
 * window that opens or closes needs a rebuild (CatalogIndex.rebuild).
 */
import { computePrices, type PriceBucket, type Product, priceBuckets, type TaxRule } from "@etalage/core";

export type { PriceBucket };

/** The price facet's buckets: 0-50, 50-100, 100-150, 150+ (browsing §9). */
export const PRICE_BUCKETS: readonly PriceBucket[] = priceBuckets();

export function priceCatalog(
  raw: readonly Product[],
  taxRules: readonly TaxRule[],
  now: Date,
): { products: Product[]; issues: number } {
  const bySku = new Map(raw.map((p) => [p.sku, p]));
  let issues = 0;
  const products = raw.map((product) => {
    const result = computePrices(product, { taxRules, now, linkedProducts: bySku });
    issues += result.issues.length;
    return result.product;
  });
  return { products, issues };
}
