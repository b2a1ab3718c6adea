import type { DataStrategyResult } from "react-router";

/** A navigation's loader results, by route id (route-errors.ts, route-failures.ts). */
export type Results = Record<string, DataStrategyResult>;

/** Route data kept from a page seen before, as the results of a navigation to it again. */
export function asResults(cached: Record<string, unknown>): Results {
  const results: Results = {};
  for (const [routeId, data] of Object.entries(cached)) results[routeId] = { type: "data", result: data };
  return results;
}

/** sessionStorage key of a notice a document navigation carries to the next page load (issue 23, item 9). */
export const CARRIED_NOTICE_KEY = "etalage-carried-notice";
