/**
 * Prices including tax, computed once per snapshot with core's rules (every price field with
 * value, `_tax` and `_incl_tax`, configurable children included; grouped and bundle products
 * summed from their linked products). A snapshot is priced for one moment, so a special price
 * window that opens or closes needs a rebuild: `nextChange` says when (CatalogEvents schedules it).
 */
import {
  computePrices,
  nextSpecialPriceBoundary,
  type PriceBucket,
  type Product,
  priceBuckets,
  type SpecialPriceWindow,
  type TaxRule,
} from "@etalage/core";

export type { PriceBucket };

/** The price facet's buckets: 0-50, 50-100, 100-150, 150+ (browsing §9). */
export const PRICE_BUCKETS: readonly PriceBucket[] = priceBuckets();

export interface PricedCatalog {
  products: Product[];
  issues: number;
  /**
   * The first instant (epoch ms) after `now` at which some price of the catalogue may change: a
   * special price window of a parent or a child opens or closes. Linked products of grouped and
   * bundle products are parents themselves, so their windows are counted too.
   */
  nextChange: number | undefined;
}

export function priceCatalog(
  raw: readonly Product[],
  taxRules: readonly TaxRule[],
  now: Date,
): PricedCatalog {
  const bySku = new Map(raw.map((p) => [p.sku, p]));
  // A grouped product's part may be one size of a configurable (a complete look's shirt): priced
  // as the simple product it is, with its parent's tax class when it has none of its own.
  let sizes: Map<string, Product> | undefined;
  const linkedProducts = (sku: string): Product | undefined => {
    const own = bySku.get(sku);
    if (own) return own;
    sizes ??= new Map(
      raw.flatMap((parent) =>
        (parent.configurable_children ?? []).map((child) => [
          child.sku,
          {
            ...child,
            type_id: "simple",
            status: Math.max(Number(parent.status), Number(child.status)),
            tax_class_id: child.tax_class_id ?? parent.tax_class_id,
          } as unknown as Product,
        ]),
      ),
    );
    return sizes.get(sku);
  };
  let issues = 0;
  let nextChange: number | undefined;
  const note = (record: SpecialPriceWindow) => {
    // Read from the catalogue record: only a window with a special price can move a price.
    if (!record.special_from_date && !record.special_to_date) return;
    const special = Number(record.special_price ?? Number.NaN);
    if (!(special > 0)) return;
    const at = nextSpecialPriceBoundary(record, now);
    if (at !== undefined && (nextChange === undefined || at < nextChange)) nextChange = at;
  };
  const products = raw.map((product) => {
    note(product);
    const children = product.configurable_children;
    if (children) for (const child of children) note(child);
    const result = computePrices(product, { taxRules, now, linkedProducts });
    issues += result.issues.length;
    return result.product;
  });
  return { products, issues, nextChange };
}
