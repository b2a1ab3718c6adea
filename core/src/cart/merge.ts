import { cartLineKey, productOptionChecksum } from "./checksum.ts";
import { type DeletedLine, deletedLineKey } from "./local-changes.ts";
import { isValidLineQty } from "./quantity.ts";
import type { CartItem, CartItemDelete, CartItemUpdate, ServerCartItem } from "./types.ts";

/** The two configuration settings the merge rules depend on (transactional §4 "Cart sync"). */
export interface MergeSettings {
  /** "configuration allows removal": a line gone from the server may be removed locally. */
  serverSyncCanRemoveLocalItems: boolean;
  /** "configuration allows local changes": the server's quantity may replace the client's. */
  serverSyncCanModifyLocalItems: boolean;
}

export interface MergeOptions extends MergeSettings {
  /** The server cart merged with; lines confirmed by another cart are new to this one. */
  cartId: string;
  /** The client is the truth (after a local change, or while in checkout). */
  forceClientState?: boolean;
  /** Only record the differences. */
  dryRun?: boolean;
  /**
   * Login: lines the client never had in this cart add their quantity to the server's line.
   * A line already confirmed by this cart is never summed, so quantities cannot double.
   */
  mergeQty?: boolean;
  /** Tombstones: lines removed locally whose server removal is not confirmed. */
  deleted?: readonly DeletedLine[];
}

export type ServerCommand =
  | { type: "update"; cartItem: CartItemUpdate }
  | { type: "delete"; cartItem: CartItemDelete };

export type DifferenceStatus = "no-item" | "wrong-qty" | "deleted-locally" | "duplicate";

/** A difference found (VSF1's diff log): `party` is the side that lacks or differs. */
export interface CartDifference {
  party: "client" | "server";
  sku: string;
  checksum: string;
  status: DifferenceStatus;
  clientQty?: number;
  serverQty?: number;
}

export interface MergeResult {
  /** The client lines after the merge. */
  items: CartItem[];
  /** Calls to make on the server cart, in order. */
  commands: ServerCommand[];
  differences: CartDifference[];
  /** Lines brought over from the server: the caller fetches their product data (no server call). */
  added: CartItem[];
  /** Tombstones still to be confirmed; those with no server copy left are dropped. */
  deleted: DeletedLine[];
}

/**
 * The cart sync merge (transactional §4), pure:
 * - client line missing on the server: removed locally when removal is allowed, the client state
 *   is not forced and the line had been confirmed by this very cart (so the server dropped it);
 *   otherwise pushed. A line never confirmed here is pending, and pending lines are never lost.
 * - quantity mismatch: with mergeQty, a line new to this cart sums both quantities once; else
 *   the client's quantity is pushed when forced or local changes are not allowed, otherwise the
 *   server's is adopted.
 * - server line missing on the client: deleted on the server when the client state is forced or
 *   the line was removed locally (tombstone); otherwise added locally without a server call.
 * Lines are identified by sku + options checksum; duplicates on either side collapse to the first.
 * A client quantity no update may carry (≤ 0 or fractional) is never pushed: the server's line
 * is adopted, or the line goes when the server has none.
 */
export function mergeCarts(
  clientItems: readonly CartItem[],
  serverItems: readonly ServerCartItem[],
  options: MergeOptions,
): MergeResult {
  const { cartId, dryRun = false, forceClientState = false, mergeQty = false } = options;
  const commands: ServerCommand[] = [];
  const differences: CartDifference[] = [];

  const clientByKey = new Map<string, CartItem>();
  for (const item of clientItems) {
    const key = cartLineKey(item);
    if (!clientByKey.has(key)) clientByKey.set(key, item);
  }

  const serverByKey = new Map<string, ServerCartItem>();
  for (const line of serverItems) {
    const key = cartLineKey(line);
    if (!serverByKey.has(key)) {
      serverByKey.set(key, line);
      continue;
    }
    differences.push(diff("server", line, "duplicate", { serverQty: line.qty }));
    if (!dryRun) commands.push(deleteCommand(line, cartId));
  }

  // A line the shopper re-added voids its tombstone.
  const tombstones = (options.deleted ?? []).filter((d) => !clientByKey.has(deletedLineKey(d)));

  const items: CartItem[] = [];
  for (const [key, item] of clientByKey) {
    const server = serverByKey.get(key);
    const confirmedHere = item.server_cart_id === cartId && item.server_item_id !== undefined;
    // A quantity no update may carry (≤ 0, fractional) is never sent: the server's copy wins,
    // and a line the server does not have cannot exist.
    const sendable = isValidLineQty(item.qty);
    if (!server) {
      differences.push(diff("server", item, "no-item", { clientQty: item.qty }));
      if (dryRun) items.push(item);
      else if (!sendable) continue;
      else if (!forceClientState && options.serverSyncCanRemoveLocalItems && confirmedHere) continue;
      else {
        commands.push(updateCommand(item, item.qty, cartId));
        items.push(item);
      }
      continue;
    }

    const sumQty = mergeQty && sendable && item.server_cart_id !== cartId;
    if (!sumQty && server.qty === item.qty) {
      items.push(dryRun ? item : withServerIds(item, server, cartId));
      continue;
    }
    differences.push(diff("server", item, "wrong-qty", { clientQty: item.qty, serverQty: server.qty }));
    if (dryRun) {
      items.push(item);
    } else if (sumQty) {
      const qty = item.qty + server.qty;
      commands.push(updateCommand(item, qty, cartId, server.item_id));
      items.push({ ...withServerIds(item, server, cartId), qty });
    } else if (sendable && (forceClientState || !options.serverSyncCanModifyLocalItems)) {
      commands.push(updateCommand(item, item.qty, cartId, server.item_id));
      items.push(withServerIds(item, server, cartId));
    } else {
      items.push({ ...withServerIds(item, server, cartId), qty: server.qty });
    }
  }

  const added: CartItem[] = [];
  const stillDeleted = new Set<DeletedLine>();
  for (const [key, server] of serverByKey) {
    if (clientByKey.has(key)) continue;
    const tombstone = tombstones.find((d) => matchesTombstone(d, server, key, cartId));
    if (tombstone) {
      stillDeleted.add(tombstone);
      differences.push(diff("client", server, "deleted-locally", { serverQty: server.qty }));
      if (!dryRun) commands.push(deleteCommand(server, cartId));
      continue;
    }
    differences.push(diff("client", server, "no-item", { serverQty: server.qty }));
    if (dryRun) continue;
    if (forceClientState) {
      commands.push(deleteCommand(server, cartId));
      continue;
    }
    const line = fromServer(server, cartId);
    items.push(line);
    added.push(line);
  }

  return {
    items: dryRun ? clientItems.slice() : items,
    commands,
    differences,
    added,
    deleted: dryRun ? (options.deleted ?? []).slice() : tombstones.filter((d) => stillDeleted.has(d)),
  };
}

function matchesTombstone(
  tombstone: DeletedLine,
  server: ServerCartItem,
  key: string,
  cartId: string,
): boolean {
  // A tombstone of a line this cart confirmed kills that server line only, not a later re-add.
  if (tombstone.server_item_id !== undefined && tombstone.server_cart_id === cartId) {
    return String(tombstone.server_item_id) === String(server.item_id);
  }
  return deletedLineKey(tombstone) === key;
}

function withServerIds(item: CartItem, server: ServerCartItem, cartId: string): CartItem {
  return {
    ...item,
    item_id: server.item_id,
    server_item_id: server.item_id,
    server_cart_id: cartId,
    quote_id: server.quote_id,
  };
}

function fromServer(server: ServerCartItem, cartId: string): CartItem {
  const line: CartItem = {
    sku: server.sku,
    qty: server.qty,
    type_id: server.product_type,
    checksum: productOptionChecksum(server.product_option),
    item_id: server.item_id,
    server_item_id: server.item_id,
    server_cart_id: cartId,
    quote_id: server.quote_id,
  };
  if (server.product_option) line.product_option = server.product_option;
  return line;
}

function updateCommand(item: CartItem, qty: number, cartId: string, itemId?: number): ServerCommand {
  const cartItem: CartItemUpdate = { sku: item.sku, qty, quoteId: cartId };
  if (itemId !== undefined) cartItem.item_id = itemId;
  if (item.product_option) cartItem.product_option = item.product_option;
  return { type: "update", cartItem };
}

function deleteCommand(server: ServerCartItem, cartId: string): ServerCommand {
  return { type: "delete", cartItem: { item_id: server.item_id, sku: server.sku, quoteId: cartId } };
}

function diff(
  party: CartDifference["party"],
  line: { sku: string; product_option?: CartItem["product_option"] },
  status: DifferenceStatus,
  qty: { clientQty?: number; serverQty?: number },
): CartDifference {
  return { party, sku: line.sku, checksum: productOptionChecksum(line.product_option), status, ...qty };
}
