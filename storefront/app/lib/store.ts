import { useSyncExternalStore } from "react";

/**
 * A tiny external store: one value, replaced (never mutated) on every change. Client state per
 * feature lives in one of these (ARCHITECTURE "Browser side"); no state library.
 */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
  /** What the server rendered; hydration reads this so the first client render matches. */
  readonly initial: T;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => value,
    set(next) {
      const resolved = typeof next === "function" ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Reads a store and re-renders on change. The selector must return a value that is stable while
 * the state is (a field, not a freshly built object), or React re-renders forever.
 */
export function useStore<T, S = T>(
  store: Store<T>,
  selector: (state: T) => S = identity as (state: T) => S,
): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.initial),
  );
}

function identity<T>(value: T): T {
  return value;
}
