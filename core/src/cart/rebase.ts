import { cartLineKey } from "./checksum.ts";
import { type DeletedLine, deletedLineKey, type LocalCart } from "./local-changes.ts";
import type { CartItem } from "./types.ts";

const SERVER_FIELDS = ["item_id", "server_item_id", "server_cart_id", "quote_id"] as const;

/**
 * A sync reads the cart (`base`), talks to the server and comes back with `merged`; meanwhile the
 * shopper may have changed the cart (`current`). The result keeps every change made during the
 * sync and takes the sync's answer for everything else, so a click is never lost to a slow
 * server and a sync is never lost to a click:
 * - a line the shopper changed, added or re-added during the sync keeps its quantity (it is pushed
 *   by the next sync) but learns the server ids the sync found for it;
 * - a line removed during the sync stays removed, with its tombstone;
 * - every other line is as the sync left it (adopted, added from the server or removed).
 */
export function rebaseAfterSync(base: LocalCart, current: LocalCart, merged: LocalCart): LocalCart {
  const baseByKey = new Map(base.items.map((item) => [cartLineKey(item), item]));
  const mergedByKey = new Map(merged.items.map((item) => [cartLineKey(item), item]));
  const currentKeys = new Set(current.items.map((item) => cartLineKey(item)));
  const baseDeleted = new Set(base.deleted.map(deletedLineKey));
  const newTombstones = current.deleted.filter((d) => !baseDeleted.has(deletedLineKey(d)));
  const tombstoned = new Set(newTombstones.map(deletedLineKey));

  const items: CartItem[] = [];
  for (const item of current.items) {
    const key = cartLineKey(item);
    const before = baseByKey.get(key);
    const after = mergedByKey.get(key);
    if (before && before.qty === item.qty) {
      if (after) items.push(after);
      continue;
    }
    items.push(after ? withServerIds(item, after) : item);
  }
  for (const item of merged.items) {
    const key = cartLineKey(item);
    // Lines the sync brought in, unless the shopper removed them meanwhile.
    if (!baseByKey.has(key) && !currentKeys.has(key) && !tombstoned.has(key)) items.push(item);
  }

  const deleted: DeletedLine[] = merged.deleted.filter((d) => !currentKeys.has(deletedLineKey(d)));
  for (const tombstone of newTombstones) {
    if (!deleted.some((d) => deletedLineKey(d) === deletedLineKey(tombstone))) deleted.push(tombstone);
  }
  return { items, deleted };
}

function withServerIds(item: CartItem, server: CartItem): CartItem {
  const next: CartItem = { ...item };
  for (const field of SERVER_FIELDS) {
    if (server[field] !== undefined) next[field] = server[field] as never;
  }
  return next;
}
