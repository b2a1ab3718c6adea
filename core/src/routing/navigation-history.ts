/**
 * Navigation history (browsing §2 "Route resolution"): the last 30 full paths (path + query),
 * saved after a 100 ms delay. Pure; the storefront's store keeps the list and the timer.
 */

export const NAVIGATION_HISTORY_LIMIT = 30;
export const NAVIGATION_HISTORY_SAVE_DELAY_MS = 100;

/**
 * The history after visiting `fullPath`, oldest first, at most `limit` long. The same path twice
 * in a row (a reload, a link to the page itself) is one visit, so "previous page" stays useful.
 */
export function recordNavigation(
  history: readonly string[],
  fullPath: string,
  limit = NAVIGATION_HISTORY_LIMIT,
): readonly string[] {
  if (history.at(-1) === fullPath) return history;
  const next = [...history, fullPath];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/**
 * The page visited before `currentPath`: the newest entry that is not the current page. Asking
 * with the current path works whether or not the current visit has been recorded yet.
 */
export function previousPath(history: readonly string[], currentPath?: string): string | undefined {
  const current = currentPath ?? history.at(-1);
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i] !== current) return history[i];
  }
  return undefined;
}

/** A stored history as read back from storage: only site paths, at most `limit` of them. */
export function parseNavigationHistory(raw: unknown, limit = NAVIGATION_HISTORY_LIMIT): readonly string[] {
  if (!Array.isArray(raw)) return [];
  const paths = raw.filter((entry): entry is string => typeof entry === "string" && /^\/(?!\/)/.test(entry));
  return paths.slice(-limit);
}
