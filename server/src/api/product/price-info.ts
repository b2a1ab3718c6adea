import { type ConfigurableChild, type Product, STORE } from "@etalage/core";
import type { CatalogLookups } from "../../catalog-index/lookups.ts";

/** What a price list shows of one sku: the index's computed price fields, nothing recomputed. */
interface PriceInfo {
  final_price: number;
  final_price_tax: number;
  final_price_incl_tax: number;
  regular_price: number;
  regular_price_tax: number;
  regular_price_incl_tax: number;
  price_incl_tax: number;
  /** The tax in what the shopper pays (`final_price_tax`). */
  tax: number;
  /** Only while a lower special price is active. */
  special_price?: number;
  special_price_tax?: number;
  special_price_incl_tax?: number;
  currency_code: string;
}

export interface RenderListItem {
  id: number;
  sku: string;
  price_info: PriceInfo;
}

/** Parents and configurable children by sku, in the order asked; unknown skus are left out. */
export function renderList(lookups: CatalogLookups, skus: readonly string[]): RenderListItem[] {
  return skus.flatMap((sku) => {
    const found: Product | ConfigurableChild | undefined =
      lookups.productBySku(sku) ?? lookups.childBySku(sku)?.child;
    return found ? [{ id: found.id, sku: found.sku, price_info: priceInfo(found) }] : [];
  });
}

function priceInfo(p: Product | ConfigurableChild): PriceInfo {
  const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
  const regular = n(p.regular_price ?? p.price);
  const info: PriceInfo = {
    final_price: n(p.final_price ?? regular),
    final_price_tax: n(p.final_price_tax),
    final_price_incl_tax: n(p.final_price_incl_tax),
    regular_price: regular,
    regular_price_tax: n(p.regular_price_tax),
    regular_price_incl_tax: n(p.regular_price_incl_tax ?? p.price_incl_tax),
    price_incl_tax: n(p.price_incl_tax),
    tax: n(p.final_price_tax),
    currency_code: STORE.currencyCode,
  };
  // Computed prices carry special_price 0 outside its window or when it is not lower.
  if (n(p.special_price) > 0) {
    info.special_price = n(p.special_price);
    info.special_price_tax = n(p.special_price_tax);
    info.special_price_incl_tax = n(p.special_price_incl_tax);
  }
  return info;
}
