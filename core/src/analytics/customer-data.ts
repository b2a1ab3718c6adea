import { cartItemsHash } from "../cart/items-hash.ts";
import type { ProductOption } from "../catalog/types.ts";

/*
 * What the storefront reports to the customer-data platform (transactional §4 "Analytics and
 * customer platform"): the cart when its hash changed, except on /checkout-return/ (the payment
 * provider's way back, where the cart is about to become an order); a cart-emptied report once
 * the cart becomes empty.
 */

export type CartReport =
  | { kind: "cart"; hash: string; items: { sku: string; qty: number }[] }
  | { kind: "empty" }
  | null;

export function cartReport(
  lastReportedHash: string | null,
  items: readonly { sku: string; qty: number; product_option?: ProductOption }[],
  pathname: string,
): CartReport {
  if (pathname.startsWith("/checkout-return")) return null;
  if (items.length === 0) return lastReportedHash === null ? null : { kind: "empty" };
  const hash = cartItemsHash(items);
  if (hash === lastReportedHash) return null;
  return { kind: "cart", hash, items: items.map(({ sku, qty }) => ({ sku, qty })) };
}

/** The contact id is set once and never overwritten (transactional §4). */
export function keepContactId(current: string | null, offered: string | null): string | null {
  return current ?? offered;
}
