import type { MinicartCountMode } from "@etalage/core";

/**
 * The cart's configuration (transactional §4, §9 "sync flags come from configuration"). Chosen
 * at build time: `VITE_CART_COUNT_MODE=items` makes the header badge count distinct lines
 * instead of the sum of quantities; `VITE_CART_SYNC=off` keeps the cart in the browser only.
 */
const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const CART_SETTINGS = {
  countMode: (env.VITE_CART_COUNT_MODE === "items" ? "items" : "quantities") as MinicartCountMode,
  syncEnabled: env.VITE_CART_SYNC !== "off",
  /** A line the server dropped (confirmed there before) is dropped here too. */
  serverSyncCanRemoveLocalItems: true,
  /** Without local changes pending, the server's quantity wins (another tab or device changed it). */
  serverSyncCanModifyLocalItems: true,
  allowOutOfStock: false,
  /** Stock check batches (transactional §9). */
  stockBatch: 15,
  /** After a sync the server did not answer (5xx, network), try again this much later. */
  retryMs: 10_000,
} as const;
