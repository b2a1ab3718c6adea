import { useEffect, useState } from "react";
import type { ProductCardData } from "../../ui/products/product-card-data.ts";
import { searchProductsPage } from "./search-api.ts";

/** Browsing §4 "Search panel", §9: suggestions start at 3 characters. */
export const SUGGESTION_MIN_CHARS = 3;
/** One request per pause in typing, not per key. */
const SUGGESTION_DEBOUNCE_MS = 200;

export interface Suggestions {
  /** The query the items belong to ("" when there are none). */
  query: string;
  items: ProductCardData[];
  total: number;
  /** `short`: 1 or 2 characters typed; the last results stay until the text is emptied. */
  status: "idle" | "short" | "loading" | "done" | "error";
  offline: boolean;
}

const EMPTY: Suggestions = { query: "", items: [], total: 0, status: "idle", offline: false };

/**
 * Product suggestions for the text typed in the search panel. Returns the current state; a newer
 * text cancels the request of an older one, so late answers never overwrite fresh ones.
 */
export function useSearchSuggestions(text: string): Suggestions {
  const [state, setState] = useState<Suggestions>(EMPTY);
  const query = text.trim();

  useEffect(() => {
    if (query === "") {
      setState(EMPTY);
      return;
    }
    if (query.length < SUGGESTION_MIN_CHARS) {
      setState((previous) => ({ ...previous, status: "short" }));
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState((previous) => ({ ...previous, status: "loading" }));
      searchProductsPage(query, 0, controller.signal).then(
        (page) => setState({ query, ...page, status: "done", offline: false }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("Search suggestions failed:", error);
          // Browsing §8: offline, a failed search is an empty result flagged offline.
          setState({ ...EMPTY, query, status: "error", offline: !navigator.onLine });
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return state;
}
