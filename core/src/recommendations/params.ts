/**
 * Browsing §5: recommendation queries drop empty parameters. An empty string, null, undefined,
 * an empty list or an empty object is not sent at all.
 */
export function dropEmptyParams<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params) as [keyof T, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0)
      continue;
    out[key] = value as T[keyof T];
  }
  return out;
}

/** Browsing §9: the touchpoint is mobile at a window width of 1024 px or less. */
export const TOUCHPOINT_SPLIT_PX = 1024;

export function touchpointFor(windowWidth: number): "mobile" | "desktop" {
  return windowWidth <= TOUCHPOINT_SPLIT_PX ? "mobile" : "desktop";
}

/** Browsing §9: recommendation lists hold 8; landing pages 20 a page. */
export const RECOMMENDATION_LIST_LIMIT = 8;
export const LANDING_PAGE_LIMIT = 20;
/** Browsing §9: a facet shows 5 values at first. */
export const FACET_VALUES_SHOWN = 5;
