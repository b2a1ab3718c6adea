import { dispatcherPath } from "@etalage/core";

/**
 * What the URL dispatcher has resolved so far in this tab: url_path → page type (browsing §2
 * "Mapping checks an in-memory map and a local cache first"). Data itself is never fetched twice
 * for nothing: React Router's `.data` request answers mapping and page in one round trip, and the
 * local cache of route data is lib/route-errors.ts's (used offline). This map is for decisions
 * made before a navigation, such as what to prefetch.
 */
export type DispatchedType = "category" | "product" | "cms_page" | "not-found";

const LIMIT = 500;
const known = new Map<string, DispatchedType>();

export function rememberRoute(pathname: string, type: DispatchedType): void {
  const key = dispatcherPath(pathname);
  known.delete(key);
  known.set(key, type);
  if (known.size > LIMIT) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
}
