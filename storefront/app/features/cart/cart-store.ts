import { cartCount, type LocalCart } from "@etalage/core";
import { createStorage } from "../../lib/storage.ts";
import { createTaskQueue } from "../../lib/task-queue.ts";
import { withLock } from "../../lib/with-lock.ts";
import { writeCartCookie } from "../../session/cart-cookie.ts";
import {
  CART_CHANNEL,
  CART_COUNT_KEY,
  CART_PENDING_KEY,
  type CartTotalsView,
  cartViewStore,
} from "../../session/cart-state.ts";
import { fetchAsCustomer } from "../../session/customer-fetch.ts";
import { emit } from "../../session/events.ts";
import { CART_SETTINGS } from "./cart-settings.ts";

/*
 * The client cart's stored state (transactional §3 "Cart state", §4 "Cart changes"). What is
 * stored is the truth every tab shares: a change reads it, applies a core rule and writes it back
 * under a lock all tabs share, then tells the other tabs. Items, the cart token, the synced items
 * hash and the totals are stored under their own keys.
 */

export const STATE_LOCK = "etalage-cart-state";
export const SYNC_LOCK = "etalage-cart-sync";
const KEYS = { cart: "cart", token: "token", hash: "hash", totals: "totals", tasks: "tasks" } as const;

interface StoredCart extends LocalCart {
  /** Local changes the server has not taken yet: the next sync pushes the client state. */
  dirty: boolean;
  /** Local changes since the server last took them all: what the offline badge counts. */
  changes?: number;
}

export interface State extends StoredCart {
  token: string | null;
  syncedHash: string | null;
  totals: CartTotalsView | null;
}

const storage = createStorage("cart");
export const store = {
  state: {
    items: [],
    deleted: [],
    dirty: false,
    changes: 0,
    token: null,
    syncedHash: null,
    totals: null,
  } as State,
  session: {
    started: false,
    syncEnabled: CART_SETTINGS.syncEnabled,
    bypassCount: 0,
    lastSyncDate: null as number | null,
    synced: false,
    busy: 0,
    checkoutModifiedAt: null as number | null,
    /** Set at login: the next merge sums a guest line with the customer's once (core mergeQty). */
    mergeQty: false,
  },
};
/** Lines changed by this tab whose server answer the shopper is waiting to hear about. */
export const awaitingNotice = new Set<string>();

export const queue = createTaskQueue({
  storage,
  key: KEYS.tasks,
  cartId: () => store.state.token,
  onPendingChange: () => publish(),
  fetch: (input, init) => fetchAsCustomer(input, init),
});
export const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CART_CHANNEL);

export function publish() {
  const count = cartCount(store.state.items, CART_SETTINGS.countMode);
  const pending = (store.state.dirty ? (store.state.changes ?? 0) : 0) + queue.pending().length;
  cartViewStore.set({
    ready: store.session.started,
    items: store.state.items,
    totals: store.state.totals,
    count,
    synced: store.session.synced,
    busy: store.session.busy > 0,
    pending,
  });
  try {
    globalThis.localStorage?.setItem(CART_COUNT_KEY, String(count));
    globalThis.localStorage?.setItem(CART_PENDING_KEY, String(pending));
  } catch {
    // Private mode or full: the badge then starts at 0 until the engine loads.
  }
}

/** Reads what the tabs share; a value missing from storage (or storage not working) keeps ours. */
export async function refresh() {
  if (!storage.status.reads || !storage.status.writes) return;
  const [cart, token, hash, totals] = await Promise.all([
    storage.get<StoredCart>(KEYS.cart),
    storage.get<string | null>(KEYS.token),
    storage.get<string | null>(KEYS.hash),
    storage.get<CartTotalsView | null>(KEYS.totals),
  ]);
  if (cart && Array.isArray(cart.items)) {
    store.state = {
      ...store.state,
      items: cart.items,
      deleted: cart.deleted ?? [],
      dirty: cart.dirty === true,
      changes: cart.changes ?? 0,
    };
  }
  if (token !== undefined) store.state.token = token;
  if (hash !== undefined) store.state.syncedHash = hash;
  if (totals !== undefined) store.state.totals = totals;
}

export async function save(parts: { cart?: boolean; token?: boolean; hash?: boolean; totals?: boolean }) {
  const writes: Promise<void>[] = [];
  if (parts.cart) {
    writes.push(
      storage.set(KEYS.cart, {
        items: store.state.items,
        deleted: store.state.deleted,
        dirty: store.state.dirty,
        changes: store.state.changes ?? 0,
      }),
    );
  }
  if (parts.token) writes.push(storage.set(KEYS.token, store.state.token));
  if (parts.hash) writes.push(storage.set(KEYS.hash, store.state.syncedHash));
  if (parts.totals) writes.push(storage.set(KEYS.totals, store.state.totals));
  await Promise.all(writes);
  channel?.postMessage("changed");
}

/** A local change (transactional §4 "Cart changes"): persisted at once, synced after. */
export async function change(mutate: (cart: LocalCart) => LocalCart): Promise<void> {
  await withLock(STATE_LOCK, async () => {
    await refresh();
    const next = mutate({ items: store.state.items, deleted: store.state.deleted });
    const changes = (store.state.dirty ? (store.state.changes ?? 0) : 0) + 1;
    void emit("cart-changed", { before: store.state.items, after: next.items });
    store.state = { ...store.state, items: next.items, deleted: next.deleted, dirty: true, changes };
    store.session.synced = false;
    await save({ cart: true });
    publish();
  });
}

export async function setToken(token: string | null) {
  store.state.token = token;
  writeCartCookie(token);
  await save({ token: true });
}
