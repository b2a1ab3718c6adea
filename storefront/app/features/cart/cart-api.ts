/**
 * The cart as components use it. This module is small on purpose: reading the cart (`useCart`,
 * `useCartCount`) costs no engine code; the first action loads the engine chunk (`cart-engine.ts`),
 * or an idle moment after hydration when the shopper already has a cart.
 */
import type { CartItem, ProductOption } from "@etalage/core";
import { useEffect } from "react";
import { CART_COOKIE } from "../../session/cart-cookie.ts";
import {
  CART_CHANNEL,
  CART_COUNT_KEY,
  type CartView,
  type CouponOutcome,
  useCartCountValue,
  useCartView,
} from "../../session/cart-state.ts";
import type { AddToCartRequest } from "./add-to-cart-request.ts";

export type { CartItem, ProductOption } from "@etalage/core";
export type { CartTotalsView, CartView, CouponOutcome } from "../../session/cart-state.ts";
export type { AddToCartRequest } from "./add-to-cart-request.ts";

type Engine = typeof import("./cart-engine.ts");

let engine: Promise<Engine> | undefined;

/** Loads (once) and starts the engine; a failed chunk load is tried again on the next call. */
export function loadCartEngine(): Promise<Engine> {
  otherTabs?.close();
  otherTabs = undefined;
  if (!engine) {
    engine = import("./cart-engine.ts").then(
      async (module) => {
        await module.startCart();
        return module;
      },
      (error: unknown) => {
        engine = undefined;
        throw error;
      },
    );
  }
  return engine;
}

/**
 * Whether this browser holds a cart: a count the engine saved, or the cookie naming a server cart
 * (storage cleared while the cookie stayed, or lines added by the form without JavaScript).
 */
function shopperHasCart(): boolean {
  let saved = 0;
  try {
    saved = Number(globalThis.localStorage?.getItem(CART_COUNT_KEY) ?? 0);
  } catch {
    // Storage blocked: the cookie still tells.
  }
  // Only whether it is there: the engine reads and checks the id (cart-cookie.ts, not in the shell).
  return saved > 0 || new RegExp(`(?:^|;\\s*)${CART_COOKIE}=[^;]`).test(document.cookie);
}

let watching = false;
/** Listens for another tab's cart while this one has none; closed once the engine is asked for. */
let otherTabs: BroadcastChannel | undefined;

/**
 * After hydration: a shopper with a cart gets the engine at the first idle moment (it restores
 * and syncs the stored cart). Without one, nothing loads until the first cart action (add to
 * cart, the microcart) or until another tab fills a cart: every stored change there is announced
 * on the cart's BroadcastChannel, and this tab then loads the engine, which reads the shared cart
 * and shows its count.
 */
function useEngineWhenNeeded() {
  useEffect(() => {
    if (watching || engine) return;
    watching = true;
    if (shopperHasCart()) {
      const start = () => void loadCartEngine().catch(() => (watching = false));
      if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 3000 });
      else setTimeout(start, 1500);
      return;
    }
    if (typeof BroadcastChannel === "undefined") return;
    otherTabs = new BroadcastChannel(CART_CHANNEL);
    otherTabs.onmessage = () => void loadCartEngine().catch(() => (watching = false));
  }, []);
}

/** SSR and before the engine loaded: `{ ready: false, items: [], count: 0, ... }`. */
export function useCart(): CartView {
  useEngineWhenNeeded();
  return useCartView();
}

/** The header badge; reads the persisted count without the engine. */
export function useCartCount(): number {
  useEngineWhenNeeded();
  return useCartCountValue();
}

export const cart = {
  /** Adds a product (every type); shows the spec's notifications itself. */
  async add(request: AddToCartRequest): Promise<void> {
    return (await loadCartEngine()).addToCart(request);
  },
  async setQuantity(item: CartItem, qty: number): Promise<void> {
    return (await loadCartEngine()).setQuantity(item, qty);
  },
  /** Removes at once: the confirmation is the microcart's job. */
  async remove(item: CartItem): Promise<void> {
    return (await loadCartEngine()).removeItem(item);
  },
  /** Edit mode: another size or colour of the same line, in place. */
  async reconfigure(item: CartItem, options: { sku: string; product_option?: ProductOption }): Promise<void> {
    return (await loadCartEngine()).reconfigure(item, options);
  },
  /** Shows nothing: the caller says why a code was refused (or offline) where it was typed. */
  async applyCoupon(code: string): Promise<CouponOutcome> {
    return (await loadCartEngine()).applyCoupon(code);
  },
  async removeCoupon(): Promise<void> {
    return (await loadCartEngine()).removeCoupon();
  },
};
