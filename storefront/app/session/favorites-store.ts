import { useEffect } from "react";
import { createStore, useStore } from "../lib/store.ts";
import { emit } from "./events.ts";

/**
 * A guest's favourites, kept in the browser (issue 16): product keys (parent skus), newest first.
 * Each change is also sent to the recommendation service as add-favorite / remove-favorite, whose
 * FAVORITES list the favourites page shows. A logged-in customer's are kept on the server too,
 * merged with the browser's at login (features/recommendations/customer-favorites.ts).
 */
const FAVORITES_KEY = "etalage/favorites";
const LIMIT = 200;

const store = createStore<readonly string[]>([]);
let restored = false;

function restore() {
  if (restored || typeof window === "undefined") return;
  restored = true;
  try {
    const parsed = JSON.parse(window.localStorage.getItem(FAVORITES_KEY) ?? "[]");
    if (Array.isArray(parsed))
      store.set(parsed.filter((k): k is string => typeof k === "string").slice(0, LIMIT));
  } catch {
    // Storage off or spoilt: favourites start empty.
  }
  window.addEventListener("storage", (event) => {
    if (event.key === FAVORITES_KEY) {
      restored = false;
      restore();
    }
  });
}

function persist(keys: readonly string[]) {
  try {
    window.localStorage.setItem(FAVORITES_KEY, JSON.stringify(keys));
  } catch {
    // As above: the favourite still counts for this page.
  }
}

export function favoriteKeys(): readonly string[] {
  restore();
  return store.get();
}

/** Adds or removes `key`; answers whether it is a favourite now. */
export function toggleFavorite(key: string): boolean {
  restore();
  const has = store.get().includes(key);
  const next = has ? store.get().filter((k) => k !== key) : [key, ...store.get()].slice(0, LIMIT);
  store.set(next);
  persist(next);
  // The recommendation service and a customer's account hear it (features/recommendations).
  void emit("favorite-changed", { key, on: !has });
  return !has;
}

/** The account's list after a merge (features/recommendations/customer-favorites.ts), or none after logout. */
export function replaceFavorites(keys: readonly string[]): void {
  restore();
  const next = keys.slice(0, LIMIT);
  store.set(next);
  persist(next);
}

/** The favourites after hydration (the server renders none, and the first client render matches). */
export function useFavoriteKeys(): readonly string[] {
  useEffect(restore, []);
  return useStore(store);
}
