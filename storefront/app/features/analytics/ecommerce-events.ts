import { selectItem, viewCart, viewItem, viewItemList } from "@etalage/core";
import type { ShopperEvents } from "../../session/events.ts";
import { track, trackPage } from "./data-layer.ts";
import { trackCartChange, trackedLine } from "./tracked.ts";

/*
 * GA4's ecommerce events for what the shop announces (analytics-reactions.ts). A chunk of its own,
 * fetched with the first such event: most pages' first load needs none of it.
 */

export function listViewed({ list, products }: ShopperEvents["list-viewed"]): void {
  trackPage("ProductOverview");
  track(viewItemList(list, products));
}

export function listItemSelected({ list, product, index }: ShopperEvents["list-item-selected"]): void {
  track(selectItem(list, product, index));
}

export function productViewed(product: ShopperEvents["product-viewed"]): void {
  trackPage("ProductDetail");
  track(viewItem(product));
}

export function cartChanged({ before, after }: ShopperEvents["cart-changed"]): void {
  trackCartChange(before, after);
}

export function cartViewed({ items }: ShopperEvents["cart-viewed"]): void {
  track(viewCart(items.map(trackedLine)));
}
