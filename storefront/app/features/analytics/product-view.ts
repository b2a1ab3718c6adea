import { viewItem } from "@etalage/core";
import type { ProductPageData } from "../product/product-data.ts";
import { reportProductView } from "./consent-store.ts";
import { track, trackPage } from "./data-layer.ts";

/** A product page shown: its page-type tag and view_item (a new product, not a re-render). */
export function trackProductView(data: ProductPageData): void {
  trackPage("ProductDetail");
  reportProductView(data.sku);
  track(
    viewItem({
      sku: data.sku,
      name: data.name,
      ...(data.brand ? { brand: data.brand } : {}),
      categories: data.categories.map((crumb) => crumb.name),
      price: data.prices.special ?? data.prices.regular,
    }),
  );
}
