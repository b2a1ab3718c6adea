/**
 * The cart as components use it. This module is small on purpose: reading the cart (`useCart`,
 * `useCartCount`) costs no engine code; the first action, or an idle moment after hydration,
 * loads the engine chunk (`cart-engine.ts`).
 */
import type { CartItem, ProductOption } from "@etalage/core";
import { useEffect } from "react";
import type { AddToCartRequest } from "./add-to-cart-request.ts";
import { type CartView, type CouponOutcome, useCartCountValue, useCartView } from "./cart-state.ts";

export type { CartItem, ProductOption } from "@etalage/core";
export type { AddToCartRequest } from "./add-to-cart-request.ts";
export type { CartTotalsView, CartView, CouponOutcome } from "./cart-state.ts";

type Engine = typeof import("./cart-engine.ts");

let engine: Promise<Engine> | undefined;

/** Loads (once) and starts the engine; a failed chunk load is tried again on the next call. */
export function loadCartEngine(): Promise<Engine> {
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

let idleScheduled = false;

/** After hydration, on the first idle moment, the engine loads (and syncs the stored cart). */
function useEngineWhenIdle() {
  useEffect(() => {
    if (idleScheduled) return;
    idleScheduled = true;
    const start = () => void loadCartEngine().catch(() => (idleScheduled = false));
    if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1500);
  }, []);
}

/** SSR and before the engine loaded: `{ ready: false, items: [], count: 0, ... }`. */
export function useCart(): CartView {
  useEngineWhenIdle();
  return useCartView();
}

/** The header badge; reads the persisted count without the engine. */
export function useCartCount(): number {
  useEngineWhenIdle();
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
  /** Shows nothing: the caller says 'Not a valid coupon code' (or offline) where the code was typed. */
  async applyCoupon(code: string): Promise<CouponOutcome> {
    return (await loadCartEngine()).applyCoupon(code);
  },
  async removeCoupon(): Promise<void> {
    return (await loadCartEngine()).removeCoupon();
  },
};
