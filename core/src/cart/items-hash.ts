import type { ProductOption } from "../catalog/types.ts";
import { cartLineKey } from "./checksum.ts";
import { sha1 } from "./sha1.ts";

/**
 * The cart items hash (transactional §3 `cartItemsHash`): it changes exactly when a line's
 * identity (sku, options) or quantity changes, and never because of line order or display fields,
 * so sync runs when and only when there is something to sync.
 */
export function cartItemsHash(
  items: readonly { sku: string; qty: number; product_option?: ProductOption }[],
): string {
  const lines = items.map((item) => [cartLineKey(item), Number(item.qty)] as const);
  lines.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return sha1(JSON.stringify(lines));
}
