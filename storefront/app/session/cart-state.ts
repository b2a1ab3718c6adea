import type { CartItem } from "@etalage/core";
import { useSyncExternalStore } from "react";
import { createStore, useStore } from "../lib/store.ts";

/** Totals as the microcart shows them, taken from the server cart's `/totals`. */
export interface CartTotalsView {
  segments: { code: string; title: string; value: number }[];
  grandTotal: number;
  subtotal: number;
  shipping: number | null;
  discount: number;
  couponCode: string | null;
  /**
   * The server's free-delivery threshold and what is left to it; null for a cart with nothing to
   * ship. Optional: totals a browser stored before the field existed have none.
   */
  freeShipping?: { threshold: number; remaining: number } | null;
}

export interface CartView {
  /** The engine has loaded the persisted cart (false on the server and during hydration). */
  ready: boolean;
  items: CartItem[];
  totals: CartTotalsView | null;
  count: number;
  /** The client cart matches the server cart (the last sync succeeded). */
  synced: boolean;
  /** A cart call is under way. */
  busy: boolean;
  /** Changes the server has not taken yet: local changes since the last sync, and queued calls. */
  pending: number;
}

/**
 * What became of a coupon code: taken, refused by the server (why, when the code exists but has
 * expired, is used up or not valid yet: issue 23, item 17; 'invalid' otherwise), or not sent
 * because the server could not be reached. The caller tells the shopper (core `couponRefusal`).
 */
export type CouponOutcome = "applied" | "invalid" | "expired" | "used-up" | "not-yet-valid" | "offline";

export const EMPTY_CART_VIEW: CartView = {
  ready: false,
  items: [],
  totals: null,
  count: 0,
  synced: false,
  busy: false,
  pending: 0,
};

/**
 * The view every component reads. It lives outside the engine so that reading it costs no
 * engine chunk: the engine writes here when it loads and on every change.
 */
export const cartViewStore = createStore<CartView>(EMPTY_CART_VIEW);

/** localStorage key of the badge count; the engine keeps it current (cart-store.ts `publish`). */
export const CART_COUNT_KEY = "etalage-cart-count";

/** localStorage key of the pending-changes count (the offline badge shows it; issue 17). */
export const CART_PENDING_KEY = "etalage-cart-pending";

/** The BroadcastChannel on which a tab says it changed the stored cart (cart-store.ts). */
export const CART_CHANNEL = "etalage-cart";

export function useCartView(): CartView {
  return useStore(cartViewStore);
}

/**
 * The header badge. Before the engine is ready it shows the count the engine persisted last time,
 * read synchronously from localStorage after hydration (the server renders 0).
 */
export function useCartCountValue(): number {
  return useSyncExternalStore(
    cartViewStore.subscribe,
    () => {
      const view = cartViewStore.get();
      return view.ready ? view.count : persistedCount();
    },
    () => 0,
  );
}

let cachedCount: number | undefined;
function persistedCount(): number {
  if (cachedCount !== undefined) return cachedCount;
  try {
    const n = Number(globalThis.localStorage?.getItem(CART_COUNT_KEY) ?? 0);
    cachedCount = Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    cachedCount = 0;
  }
  return cachedCount;
}

/**
 * How many cart changes wait for the server, for the offline badge. Before the engine is ready
 * it is the number the engine persisted last (a reload while offline keeps it).
 */
export function usePendingChanges(): number {
  return useSyncExternalStore(
    cartViewStore.subscribe,
    () => {
      const view = cartViewStore.get();
      if (view.ready) return view.pending;
      try {
        const n = Number(globalThis.localStorage?.getItem(CART_PENDING_KEY) ?? 0);
        return Number.isSafeInteger(n) && n > 0 ? n : 0;
      } catch {
        return 0;
      }
    },
    () => 0,
  );
}
