import {
  addedNotice,
  afterConnectResponse,
  afterFailedUpdate,
  afterPullResponse,
  applyServerItem,
  applyStockSync,
  type CartDifference,
  type CartItem,
  cartItemsHash,
  cartLineKey,
  type DeletedLine,
  forceClientStateFor,
  forgetDeletion,
  isUserInCheckout,
  type LocalCart,
  mergeCarts,
  rebaseAfterSync,
  refusalText,
  type ServerCartItem,
  type ServerCommand,
  serverUpdateNotice,
  shouldSync,
  t,
} from "@etalage/core";
import { notify } from "../../lib/notification-store.ts";
import type { TaskOutcome } from "../../lib/task-queue.ts";
import { withLock } from "../../lib/with-lock.ts";
import { customerToken } from "../../session/account-store.ts";
import type { CartTotalsView } from "../../session/cart-state.ts";
import { CART_API, cartHttp, type ServerTotals } from "./cart-http.ts";
import { describeLines } from "./cart-lines.ts";
import { CART_SETTINGS } from "./cart-settings.ts";
import {
  awaitingNotice,
  publish,
  queue,
  refresh,
  STATE_LOCK,
  SYNC_LOCK,
  save,
  setToken,
  store,
} from "./cart-store.ts";

/*
 * Cart sync (transactional §4): one tab at a time, under a lock all tabs share, it drains the
 * task queue, pulls the server cart, merges with core's `mergeCarts`, sends the differences
 * through the queue and rebases its answer on whatever the shopper did meanwhile
 * (`rebaseAfterSync`). Then totals, and at start the stock of every line.
 */

/** Obtains a cart token (transactional §4 "Server cart connection"). */
async function connect(): Promise<boolean> {
  if (!store.session.syncEnabled) return false;
  if (store.state.token) return true;
  for (;;) {
    let answer: { code: number; result: string };
    try {
      answer = await cartHttp.create();
    } catch {
      return false;
    }
    const step = afterConnectResponse(answer.code, store.session.bypassCount);
    store.session.bypassCount = step.bypassCount;
    if (step.action === "connected") {
      await setToken(answer.result);
      return true;
    }
    if (step.action === "disable-sync") {
      store.session.syncEnabled = false;
      return false;
    }
    // retry-as-guest: there is no customer token yet, so the retry is the same guest call.
  }
}

let syncing: Promise<void> | null = null;
let again = false;
let againForced = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks for a sync; while one runs, one more runs after it (clicks during a sync coalesce into
 * that one). Resolves when the cart is synced or the sync gave up for now.
 */
export function requestSync(forced = false): Promise<void> {
  if (syncing) {
    again = true;
    againForced ||= forced;
    return syncing;
  }
  again = false;
  syncing = (async () => {
    let force = forced;
    for (;;) {
      try {
        await syncOnce(force);
      } catch (error) {
        console.warn("[cart] sync failed", error);
      }
      if (!again) break;
      force = againForced;
      again = false;
      againForced = false;
    }
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void requestSync(true), CART_SETTINGS.retryMs);
}

function taskFor(command: ServerCommand) {
  return {
    url: `${CART_API}/${command.type}?cartId={{cartId}}`,
    method: "POST" as const,
    payload: { cartItem: { ...command.cartItem, quoteId: "{{cartId}}" } },
  };
}

/** The refusal in the shopper's words (core refusalText): "Nog 13 op voorraad", not the field path. */
function refusedText(outcome: TaskOutcome): string {
  if (outcome.status === "refused") return t(refusalText(outcome.error).message);
  if (outcome.status !== "answered") return "";
  const { message, params } = refusalText({ result: outcome.result, meta: outcome.meta });
  return message ? t(message, params) : "";
}

async function syncOnce(forced: boolean): Promise<void> {
  const empty = store.state.items.length === 0 && store.state.deleted.length === 0;
  if (!store.state.token && empty && !customerToken()) {
    // Nothing to keep on a server: no guest cart is made for a shopper who never added anything.
    // A logged-in customer goes on: their cart may hold lines from another device.
    store.session.synced = true;
    publish();
    return;
  }
  store.session.busy++;
  publish();
  try {
    await withLock(SYNC_LOCK, () => syncLocked(forced));
  } finally {
    store.session.busy--;
    publish();
  }
}

/** No server answer is coming (sync off or no connection): the shopper hears "added" now. */
function noticeWithoutServer() {
  if (awaitingNotice.size === 0) return;
  awaitingNotice.clear();
  const notice = addedNotice(false);
  if (notice) notify({ type: notice.type, message: t(notice.message) });
}

async function syncLocked(forced: boolean): Promise<void> {
  if (!(await connect())) {
    store.session.synced = false;
    noticeWithoutServer();
    if (store.session.syncEnabled) scheduleRetry();
    return;
  }
  // Calls left by a reload or an offline spell go first, with their idempotency keys.
  if ((await queue.drain()) === "waiting") {
    store.session.synced = false;
    noticeWithoutServer();
    scheduleRetry();
    return;
  }
  await withLock(STATE_LOCK, refresh);
  const cartId = store.state.token;
  if (!cartId) return;
  const base: LocalCart = { items: store.state.items, deleted: store.state.deleted };
  const wasDirty = store.state.dirty;
  const baseHash = cartItemsHash(base.items);
  const syncState = {
    syncEnabled: store.session.syncEnabled,
    connected: true,
    itemsHash: baseHash,
    syncedHash: store.state.syncedHash,
    lastSyncDate: store.session.lastSyncDate,
  };
  if (!shouldSync(syncState, forced || wasDirty)) {
    store.session.synced = true;
    return;
  }

  let pulled: { code: number; result: ServerCartItem[] };
  try {
    pulled = await cartHttp.pull(cartId);
  } catch {
    store.session.synced = false;
    noticeWithoutServer();
    scheduleRetry();
    return;
  }
  const step = afterPullResponse(pulled.code, store.session.bypassCount);
  if (step.action === "disable-sync") {
    store.session.syncEnabled = false;
    store.session.synced = false;
    noticeWithoutServer();
    return;
  }
  if (step.action === "reconnect-as-guest") {
    // The cart is gone or not ours: a new guest cart takes every line (none is confirmed there).
    store.session.bypassCount = step.bypassCount;
    await setToken(null);
    again = true;
    againForced = true;
    return;
  }
  store.session.bypassCount = 0;

  const inCheckout = isUserInCheckout(store.session.checkoutModifiedAt, Date.now());
  const merge = mergeCarts(base.items, pulled.result, {
    cartId,
    serverSyncCanRemoveLocalItems: CART_SETTINGS.serverSyncCanRemoveLocalItems,
    serverSyncCanModifyLocalItems: CART_SETTINGS.serverSyncCanModifyLocalItems,
    forceClientState: forceClientStateFor(wasDirty, inCheckout),
    deleted: base.deleted,
    mergeQty: store.session.mergeQty,
  });
  store.session.mergeQty = false;

  let merged: LocalCart = { items: merge.items, deleted: merge.deleted };
  let complete = true;
  for (const command of merge.commands) {
    const outcome = await queue.enqueue(taskFor(command));
    if (outcome.status === "waiting") {
      complete = false;
      break;
    }
    const ok = outcome.status === "answered" && outcome.code === 200;
    const key = cartLineKey(command.cartItem);
    if (command.type === "update") {
      if (ok) {
        merged = {
          ...merged,
          items: applyServerItem(merged.items, outcome.result as ServerCartItem, cartId),
        };
        if (awaitingNotice.delete(key)) {
          const notice = serverUpdateNotice(command.cartItem.item_id === undefined, inCheckout);
          if (notice) notify({ type: notice.type, message: t(notice.message) });
        }
      } else {
        // The server refused (stock, a bad quantity): the old quantity returns, or the line goes.
        // A line that stays says why in the drawer, where the shopper typed (issue 14).
        const refusal = refusedText(outcome);
        const stays = command.cartItem.item_id !== undefined;
        merged = {
          ...merged,
          items: afterFailedUpdate(merged.items, command.cartItem, stays ? refusal : undefined),
        };
        awaitingNotice.delete(key);
        if (refusal && !stays) notify({ type: "danger", message: refusal, action1: { label: t("OK") } });
      }
    } else if (ok || (outcome.status === "answered" && outcome.code === 404)) {
      const line = pulled.result.find((l) => l.item_id === command.cartItem.item_id);
      if (line) merged = forgetDeletion(merged, line);
    }
  }

  if (merge.added.length > 0) {
    const described = await describeLines(merge.added).catch(() => new Map<string, CartItem>());
    merged = { ...merged, items: merged.items.map((item) => described.get(cartLineKey(item)) ?? item) };
  }

  let changedMeanwhile = false;
  await withLock(STATE_LOCK, async () => {
    await refresh();
    const current: LocalCart = { items: store.state.items, deleted: store.state.deleted };
    changedMeanwhile =
      cartItemsHash(current.items) !== baseHash ||
      tombstoneKeys(current.deleted) !== tombstoneKeys(base.deleted);
    const next = rebaseAfterSync(base, current, merged);
    const dirty = changedMeanwhile || (!complete && wasDirty);
    store.state = {
      ...store.state,
      items: next.items,
      deleted: next.deleted,
      dirty,
      changes: dirty ? store.state.changes : 0,
      syncedHash: complete ? cartItemsHash(merged.items) : store.state.syncedHash,
    };
    await save({ cart: true, hash: true });
  });
  store.session.lastSyncDate = Date.now();
  store.session.synced = complete && !changedMeanwhile;
  publish();
  if (changedMeanwhile) {
    again = true;
    againForced = true;
  }
  if (!complete) {
    noticeWithoutServer();
    scheduleRetry();
  } else await syncTotals();
}

function tombstoneKeys(deleted: readonly DeletedLine[]): string {
  return deleted
    .map((d) => `${d.sku}\u0000${d.checksum}`)
    .sort()
    .join("\u0001");
}

function totalsView(totals: ServerTotals): CartTotalsView {
  const segments = (totals.total_segments ?? []).map(({ code, title, value }) => ({ code, title, value }));
  const shipping = segments.find((s) => s.code === "shipping");
  return {
    segments,
    grandTotal: totals.grand_total,
    subtotal: totals.subtotal_incl_tax,
    shipping: shipping ? shipping.value : null,
    discount: totals.discount_amount,
    couponCode: totals.coupon_code ?? null,
    freeShipping: totals.extension_attributes?.free_shipping ?? null,
  };
}

/** Server totals (transactional §4 "Totals"): the cart's figures and each line's row. */
export async function syncTotals(): Promise<void> {
  const cartId = store.state.token;
  if (!cartId) return;
  let answer: { code: number; result: ServerTotals };
  try {
    answer = await cartHttp.totals(cartId);
  } catch {
    return;
  }
  if (answer.code !== 200) return;
  const totals = answer.result;
  await withLock(STATE_LOCK, async () => {
    await refresh();
    const byId = new Map(totals.items.map((row) => [String(row.item_id), row]));
    const items = store.state.items.map((item) => {
      const row = item.server_item_id === undefined ? undefined : byId.get(String(item.server_item_id));
      if (!row) return item;
      return {
        ...item,
        name: item.name ?? row.name,
        totals: {
          item_id: row.item_id,
          qty: row.qty,
          price_incl_tax: row.price_incl_tax,
          row_total_incl_tax: row.row_total_incl_tax,
          discount_amount: row.discount_amount,
          options: row.options,
        },
      };
    });
    store.state = { ...store.state, items, totals: totalsView(totals) };
    await save({ cart: true, totals: true });
    publish();
  });
}

/** Stock sync (transactional §4) of every line, in batches of 15 skus. */
export async function syncStock(): Promise<void> {
  const skus = [...new Set(store.state.items.map((item) => item.sku))];
  const answers: { sku: string; is_in_stock: boolean }[] = [];
  for (let at = 0; at < skus.length; at += CART_SETTINGS.stockBatch) {
    try {
      const answer = await cartHttp.stockList(skus.slice(at, at + CART_SETTINGS.stockBatch));
      if (answer.code === 200) answers.push(...answer.result);
    } catch {
      return;
    }
  }
  if (answers.length === 0) return;
  await withLock(STATE_LOCK, async () => {
    await refresh();
    let items = store.state.items;
    const settings = {
      allowOutOfStock: CART_SETTINGS.allowOutOfStock,
      syncEnabled: store.session.syncEnabled,
    };
    for (const stock of answers) items = applyStockSync(items, stock.sku, stock, settings);
    store.state = { ...store.state, items };
    await save({ cart: true });
    publish();
  });
}

/**
 * A dry run of the sync (transactional §4): the differences between this cart and the server
 * cart, recorded only; nothing is sent and nothing changes. For support and debugging.
 */
export async function dryRunSync(): Promise<CartDifference[]> {
  const cartId = store.state.token;
  if (!cartId) return [];
  const pulled = await cartHttp.pull(cartId);
  if (pulled.code !== 200) return [];
  return mergeCarts(store.state.items, pulled.result, {
    cartId,
    serverSyncCanRemoveLocalItems: CART_SETTINGS.serverSyncCanRemoveLocalItems,
    serverSyncCanModifyLocalItems: CART_SETTINGS.serverSyncCanModifyLocalItems,
    deleted: store.state.deleted,
    dryRun: true,
  }).differences;
}
