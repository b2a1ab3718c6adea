import { cartLineKey, productOptionChecksum } from "./checksum.ts";
import { CART_MESSAGES, type CartNotice } from "./messages.ts";
import type { CartItem, ServerCartItem } from "./types.ts";

/**
 * A line the shopper removed locally whose removal the server has not confirmed (a tombstone).
 * The merge deletes its server copy instead of bringing it back: VSF1 re-added such lines from
 * the server on the next sync.
 */
export interface DeletedLine {
  sku: string;
  checksum: string;
  /** Set when the removed line was confirmed by a server cart: then only that server line matches. */
  server_item_id?: number | string;
  server_cart_id?: string;
}

/** The client cart's lines and its tombstones, as the store keeps them. */
export interface LocalCart {
  items: CartItem[];
  deleted: DeletedLine[];
}

function keyOf(line: { sku: string; checksum: string }): string {
  return `${line.sku}\u0000${line.checksum}`;
}

export function deletedLineKey(line: DeletedLine): string {
  return keyOf(line);
}

/**
 * Adds a line; the same sku with the same options increases the existing line instead (its old
 * quantity kept in prev_qty for a failed server update). Re-adding a removed line voids its
 * tombstone.
 */
export function addLine(cart: LocalCart, item: CartItem): LocalCart {
  const key = cartLineKey(item);
  const checksum = productOptionChecksum(item.product_option);
  const deleted = cart.deleted.filter((d) => deletedLineKey(d) !== key);
  const index = cart.items.findIndex((line) => cartLineKey(line) === key);
  if (index < 0) return { items: [...cart.items, { ...item, checksum }], deleted };
  const items = cart.items.slice();
  const line = items[index]!;
  items[index] = { ...line, prev_qty: line.qty, qty: line.qty + item.qty };
  return { items, deleted };
}

/** Sets a line's quantity, remembering the old one in prev_qty. */
export function setLineQty(
  cart: LocalCart,
  line: { sku: string; product_option?: CartItem["product_option"] },
  qty: number,
): LocalCart {
  const key = cartLineKey(line);
  return {
    ...cart,
    items: cart.items.map((item) =>
      cartLineKey(item) === key ? withoutQtyError({ ...item, prev_qty: item.qty, qty }) : item,
    ),
  };
}

/** A new quantity answers the last refusal: its message goes. */
function withoutQtyError(item: CartItem): CartItem {
  if (!item.errors?.qty) return item;
  const { qty: _answered, ...errors } = item.errors;
  const { errors: _old, ...rest } = item;
  return Object.keys(errors).length > 0 ? { ...rest, errors } : rest;
}

/** Removes a line and records its tombstone, so no server copy of it can come back. */
export function removeLine(
  cart: LocalCart,
  line: { sku: string; product_option?: CartItem["product_option"] },
): LocalCart {
  const key = cartLineKey(line);
  const removed = cart.items.find((item) => cartLineKey(item) === key);
  if (!removed) return cart;
  const tombstone: DeletedLine = {
    sku: removed.sku,
    checksum: productOptionChecksum(removed.product_option),
  };
  if (removed.server_item_id !== undefined && removed.server_cart_id) {
    tombstone.server_item_id = removed.server_item_id;
    tombstone.server_cart_id = removed.server_cart_id;
  }
  return {
    items: cart.items.filter((item) => cartLineKey(item) !== key),
    deleted: [...cart.deleted.filter((d) => deletedLineKey(d) !== key), tombstone],
  };
}

/** Edit mode changed a line's size or colour: the old line goes (with its tombstone), the new one comes. */
export function replaceLine(cart: LocalCart, old: CartItem, next: CartItem): LocalCart {
  const index = cart.items.findIndex((line) => cartLineKey(line) === cartLineKey(old));
  const removed = removeLine(cart, old);
  // The new variant already has a line of its own: the quantities add up there, as VSF1 did.
  if (index < 0 || removed.items.some((line) => cartLineKey(line) === cartLineKey(next))) {
    return addLine(removed, next);
  }
  // Otherwise it takes the old line's place, so the shopper's list does not reorder under them.
  const added = addLine(removed, next);
  const line = added.items.at(-1)!;
  const items = added.items.slice(0, -1);
  items.splice(index, 0, line);
  return { ...added, items };
}

/** The server confirmed a delete: its tombstone has done its work. */
export function forgetDeletion(
  cart: LocalCart,
  line: { sku: string; product_option?: CartItem["product_option"] },
): LocalCart {
  const key = cartLineKey(line);
  return { ...cart, deleted: cart.deleted.filter((d) => deletedLineKey(d) !== key) };
}

/**
 * The server answered an update with its line: the client line takes the server's ids and
 * quantity (the server's is the truth when two tabs raced) and forgets prev_qty.
 */
export function applyServerItem(
  items: readonly CartItem[],
  serverItem: ServerCartItem,
  cartId: string,
): CartItem[] {
  const key = cartLineKey(serverItem);
  return items.map((item) => {
    if (cartLineKey(item) !== key) return item;
    const { prev_qty: _done, ...rest } = item;
    return {
      ...rest,
      qty: serverItem.qty,
      item_id: serverItem.item_id,
      server_item_id: serverItem.item_id,
      server_cart_id: cartId,
      quote_id: serverItem.quote_id,
    };
  });
}

/**
 * A server update failed (transactional §4, §8): the old quantity comes back, or the line goes
 * when there was none. No tombstone: the server never took the line. `error`, the shopper's
 * reading of the refusal ("Nog 13 op voorraad"), stays on the line where they typed (issue 14).
 */
export function afterFailedUpdate(
  items: readonly CartItem[],
  line: { sku: string; product_option?: CartItem["product_option"] },
  error?: string,
): CartItem[] {
  const key = cartLineKey(line);
  const out: CartItem[] = [];
  for (const item of items) {
    if (cartLineKey(item) !== key) out.push(item);
    else if (typeof item.prev_qty === "number" && item.prev_qty > 0) {
      const { prev_qty, ...rest } = item;
      out.push(
        error
          ? { ...rest, qty: prev_qty, errors: { ...rest.errors, qty: error } }
          : { ...rest, qty: prev_qty },
      );
    }
  }
  return out;
}

/**
 * The notice after a successful server update (transactional §4): added for a new line, quantity
 * updated for an existing one; none while the shopper is in checkout.
 */
export function serverUpdateNotice(wasNewLine: boolean, userInCheckout: boolean): CartNotice | undefined {
  if (userInCheckout) return undefined;
  return { type: "success", message: wasNewLine ? CART_MESSAGES.added : CART_MESSAGES.qtyUpdated };
}
