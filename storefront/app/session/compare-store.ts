import { addToCompare, type CompareEntry, type CompareOutcome, merge } from "@etalage/core";
import { useEffect } from "react";
import { createStore, useStore } from "../lib/store.ts";

/**
 * The products a shopper compares (issue 29), kept in the browser like a guest's favourites:
 * snapshots (core's CompareEntry), so the compare page shows them offline once seen. Cleared on
 * logout (transactional §4 "Session": logout clears wishlist, compare and checkout details) by
 * features/compare/compare-reactions.ts.
 */
const COMPARE_KEY = "etalage/compare";

const store = createStore<readonly CompareEntry[]>([]);
let restored = false;

function isEntry(value: unknown): value is CompareEntry {
  const e = value as CompareEntry | null;
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.key === "string" &&
    typeof e.name === "string" &&
    typeof e.href === "string" &&
    typeof e.price === "number" &&
    typeof e.attributes === "object" &&
    e.attributes !== null
  );
}

function restore() {
  if (restored || typeof window === "undefined") return;
  restored = true;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(COMPARE_KEY) ?? "[]");
    // Spoilt entries are dropped one by one, a valid list of more than four cut by the rule.
    if (Array.isArray(parsed)) {
      let list: CompareEntry[] = [];
      for (const item of parsed.filter(isEntry)) {
        const outcome = addToCompare(list, item);
        if (outcome.ok) list = outcome.entries;
      }
      store.set(list);
    }
  } catch {
    // Storage off or spoilt: the comparison starts empty.
  }
  window.addEventListener("storage", (event) => {
    if (event.key === COMPARE_KEY) {
      restored = false;
      restore();
    }
  });
}

function save(entries: readonly CompareEntry[]) {
  store.set(entries);
  try {
    if (entries.length === 0) window.localStorage.removeItem(COMPARE_KEY);
    else window.localStorage.setItem(COMPARE_KEY, JSON.stringify(entries));
  } catch {
    // As above: the list still holds for this page.
  }
}

/** Adds the product (or refreshes it); answers core's outcome, whose reason the button tells. */
export function addToCompareList(entry: CompareEntry): CompareOutcome {
  restore();
  const outcome = addToCompare(store.get(), entry);
  if (outcome.ok) save(outcome.entries);
  return outcome;
}

export function removeFromCompare(key: string): void {
  restore();
  save(store.get().filter((e) => e.key !== key));
}

/** Fresher snapshots from the catalogue for products still compared. */
export function refreshCompared(fresh: readonly CompareEntry[]): void {
  restore();
  const byKey = new Map(fresh.map((e) => [e.key, e]));
  save(store.get().map((e) => (byKey.has(e.key) ? merge(e, byKey.get(e.key)!) : e)));
}

export function clearCompare(): void {
  restore();
  save([]);
}

/** The compared products after hydration (the server renders none, and the first client render matches). */
export function useCompared(): readonly CompareEntry[] {
  useEffect(restore, []);
  return useStore(store);
}
