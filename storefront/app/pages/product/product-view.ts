import { emit } from "../../session/events.ts";
import type { ProductPageData } from "./product-data.ts";

/**
 * A product page shown (a new product, not a re-render): the data layer's page type and view_item
 * (features/analytics), and the customer-data platform's product view (features/customer-data).
 */
export function trackProductView(data: ProductPageData): void {
  void emit("product-viewed", {
    sku: data.sku,
    name: data.name,
    ...(data.brand ? { brand: data.brand } : {}),
    categories: data.categories.map((crumb) => crumb.name),
    price: data.prices.special ?? data.prices.regular,
  });
}
