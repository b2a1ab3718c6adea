/** The key-value store offline orders are kept in (lib/storage.ts: database `etalage-<name>`). */
export const ORDERS_STORAGE = "orders";

/**
 * Whether this browser may hold orders placed offline: only once the checkout stored one does
 * IndexedDB have their database. Without it there is nothing to watch, and the watch's code (and
 * IndexedDB's wrapper) stays unloaded on every page (issue 27). A browser that cannot list its
 * databases is assumed to hold some.
 */
export async function mayHoldOfflineOrders(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === `etalage-${ORDERS_STORAGE}`);
  } catch {
    return true;
  }
}
