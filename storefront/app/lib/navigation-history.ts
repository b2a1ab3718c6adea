import { NAVIGATION_HISTORY_SAVE_DELAY_MS, parseNavigationHistory, recordNavigation } from "@etalage/core";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { createStore } from "./store.ts";

/**
 * Navigation history (browsing §2): the last 30 full paths, kept in localStorage so "back to the
 * previous page" survives a reload. The rules are core's (routing/navigation-history.ts).
 */

const STORAGE_KEY = "etalage:navigation-history";
const store = createStore<readonly string[]>([]);
let loaded = false;
let saveTimer: number | undefined;

function load(): void {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw) store.set(parseNavigationHistory(JSON.parse(raw)));
  } catch {
    // Storage blocked or a broken entry: start a fresh history.
  }
}

/** Saves once the burst of navigations (redirects, replaces) has settled: 100 ms after the last. */
function scheduleSave(): void {
  window.clearTimeout(saveTimer);
  saveTimer = window.setTimeout(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(store.get()));
    } catch {
      // Quota or privacy mode: the in-memory history still works for this tab.
    }
  }, NAVIGATION_HISTORY_SAVE_DELAY_MS);
}

function recordPath(fullPath: string): void {
  load();
  const before = store.get();
  store.set((history) => recordNavigation(history, fullPath));
  if (store.get() !== before) scheduleSave();
}

/** Records every committed location (path + query). Mounted once, in the root route. */
export function useNavigationHistory(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordPath(pathname + search);
  }, [pathname, search]);
}
