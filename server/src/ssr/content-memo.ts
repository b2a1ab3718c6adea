import type { EventEmitter } from "node:events";
import type { CmsEventMap } from "../services/cms/cms-events.ts";

export interface ContentMemoOptions {
  /** Longest time a value is reused without a notice; bounds staleness if a notice is lost. */
  maxAgeMs?: number;
  /**
   * Memory stays bounded: a listing's key holds the URL a shopper asked for (filters, sort, page),
   * so past this many the value used longest ago goes first, and the shell's blocks, which every
   * render uses, stay.
   */
  maxEntries?: number;
  now?: () => number;
}

export interface ContentMemoEvents {
  cms: Pick<EventEmitter<CmsEventMap>, "on">;
  /** The catalogue index was rebuilt (an import, a refresh, stock an order gave back). */
  onCatalogRebuilt(listener: () => unknown): unknown;
}

/** What a render computes once per content and catalogue version (StorefrontServices.shared). */
export type ContentMemo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * Values that change only when an editor publishes (or a release goes live) or the catalogue
 * changes, computed once for every render until then (docs/decisions/0037-render-once-per-content-version.md):
 * the shell's blocks with their links checked were a fifth of every render's CPU. Any publish and
 * any catalogue rebuild drop them all; `maxAgeMs` bounds how long a notice lost with the
 * PostgreSQL listener's connection could leave a value stale, as for the published stories.
 */
export function contentMemo(events: ContentMemoEvents, options: ContentMemoOptions = {}): ContentMemo {
  const { maxAgeMs = 10_000, maxEntries = 200, now = Date.now } = options;
  const values = new Map<string, { at: number; value: Promise<unknown> }>();
  // Clearing also drops a computation in flight, which may have read the old content.
  events.cms.on("cms-published", () => values.clear());
  events.onCatalogRebuilt(() => values.clear());

  return function shared<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = values.get(key);
    const at = now();
    if (kept && at - kept.at < maxAgeMs) {
      // Used again: to the end of the Map's order, which is the order of eviction.
      values.delete(key);
      values.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = compute();
    values.delete(key);
    if (values.size >= maxEntries) values.delete(values.keys().next().value as string);
    values.set(key, { at, value });
    // A failure is not kept: the next render computes again.
    value.catch(() => {
      if (values.get(key)?.value === value) values.delete(key);
    });
    return value;
  };
}
