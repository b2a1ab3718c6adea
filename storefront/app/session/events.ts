import type { CartItem, ConsentChoice, ItemList, TrackedOrder, TrackedProduct } from "@etalage/core";

/*
 * What happened to the shopper, announced by the feature it happened in and heard by the features
 * that react to it, so neither imports the other (docs/decisions/0035-storefront-layers.md). Each
 * event has one payload type here; `on(name, …)` finds every listener with a search for its name.
 * The listeners register in one place each: the `*-reactions.ts` file of the feature that reacts,
 * which shell/reactions.ts loads with the page.
 */
export interface ShopperEvents {
  /** Logged in (a password's or a passkey's answer). `attachCart: false`: an account made while checking out keeps its cart. */
  login: { attachCart: boolean };
  /** Logged out, on purpose or not. */
  logout: undefined;
  /** The token lock gave up: the calls not yet sent are dropped (transactional §4 "Token lock"). */
  "session-given-up": undefined;
  /** A local change of the cart's lines (add, quantity, remove), before and after. */
  "cart-changed": { before: readonly CartItem[]; after: readonly CartItem[] };
  /** The microcart opened with these lines. */
  "cart-viewed": { items: readonly CartItem[] };
  /** A product listing showed these cards. */
  "list-viewed": { list: ItemList; products: readonly TrackedProduct[] };
  /** A card of a listing was followed. */
  "list-item-selected": { list: ItemList; product: TrackedProduct; index: number };
  /** A product page showed a product (a new one, not a re-render). */
  "product-viewed": TrackedProduct;
  /** The visitor's cookie choice: the stored one as a page starts, or a new one just made. */
  "consent-changed": { choice: ConsentChoice };
  /** A heart set or taken off (`on`: a favourite now). */
  "favorite-changed": { key: string; on: boolean };
  /** The store the visitor made theirs. */
  "store-chosen": { storeId: string };
  /** A placed order's thank-you state, once per order in this browser. */
  "order-placed": { order: TrackedOrder; lines: TrackedProduct[]; orderToken: string };
  /** An order kept offline was placed or refused by the server once it could answer. */
  "offline-order-settled": { placed: boolean };
}

export type ShopperEvent = keyof ShopperEvents;
/** A listener may answer with a promise: `emit` settles once every such answer has. */
type Listener<E extends ShopperEvent> = (payload: ShopperEvents[E]) => unknown;

const listeners = new Map<ShopperEvent, Set<Listener<never>>>();

/** A reaction that failed is its feature's bug, told in the console; the announcer goes on. */
function failed(error: unknown): void {
  console.error(error);
}

/** Listens to one event; returns the unsubscribe. */
export function on<E extends ShopperEvent>(event: E, listener: Listener<E>): () => void {
  const set = listeners.get(event) ?? new Set();
  listeners.set(event, set);
  set.add(listener as Listener<never>);
  return () => set.delete(listener as Listener<never>);
}

/**
 * Tells every listener, in the order they subscribed. A listener that throws or rejects does not
 * stop the others (reactions are each their feature's business); the promise settles when all
 * have, for the few callers that must wait (a logout that clears the cart before a modal opens).
 */
export function emit<E extends ShopperEvent>(
  event: E,
  ...payload: undefined extends ShopperEvents[E] ? [payload?: ShopperEvents[E]] : [payload: ShopperEvents[E]]
): Promise<void> {
  const running: Promise<unknown>[] = [];
  for (const listener of listeners.get(event) ?? []) {
    try {
      const result = (listener as Listener<E>)(payload[0] as ShopperEvents[E]);
      if (result instanceof Promise) running.push(result.catch(failed));
    } catch (error) {
      failed(error);
    }
  }
  return Promise.all(running).then(() => undefined);
}
