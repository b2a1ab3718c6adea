import { type CartItem, cartChange, cartLineKey, type TrackedProduct } from "@etalage/core";
import { track } from "./data-layer.ts";

/** A cart line as the data layer describes it: the price the shopper pays for one, tax included. */
export function trackedLine(item: CartItem): TrackedProduct {
  const price = item.totals?.price_incl_tax ?? item.final_price_incl_tax ?? item.price_incl_tax ?? 0;
  const brand = typeof item.brand_label === "string" ? item.brand_label : undefined;
  return {
    sku: item.sku,
    ...(item.parentSku ? { parentSku: item.parentSku } : {}),
    name: typeof item.name === "string" ? item.name : item.sku,
    ...(brand ? { brand } : {}),
    price: typeof price === "number" ? price : 0,
    quantity: item.qty,
  };
}

/** add_to_cart / remove_from_cart for what one local change did to each line's quantity. */
export function trackCartChange(before: readonly CartItem[], after: readonly CartItem[]): void {
  const old = new Map(before.map((item) => [cartLineKey(item), item]));
  for (const item of after) {
    const previous = old.get(cartLineKey(item));
    old.delete(cartLineKey(item));
    track(cartChange(trackedLine(item), previous?.qty ?? 0, item.qty));
  }
  for (const gone of old.values()) track(cartChange(trackedLine(gone), gone.qty, 0));
}
