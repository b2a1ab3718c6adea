import { CART_MESSAGES } from "./messages.ts";

/** Guest-cart retries after a 401 before cart sync is switched off (transactional §9). */
export const MAX_CART_BYPASS_ATTEMPTS = 1;

/** "User in checkout": checkout modified within the last 30 minutes (transactional §4). */
export const CHECKOUT_ACTIVE_WINDOW_MS = 1_800_000;

export type ConnectStep =
  | { action: "connected"; bypassCount: number }
  | { action: "retry-as-guest"; bypassCount: number }
  | { action: "disable-sync"; bypassCount: number };

/**
 * After asking for a cart token (transactional §4 "Server cart connection"): 200 connects; a 401
 * retries as a guest cart while bypasses remain (each retry counts); anything else, or no bypass
 * left, switches cart sync off.
 */
export function afterConnectResponse(
  code: number,
  bypassCount: number,
  maxBypass: number = MAX_CART_BYPASS_ATTEMPTS,
): ConnectStep {
  if (code === 200) return { action: "connected", bypassCount };
  if (code === 401 && bypassCount < maxBypass)
    return { action: "retry-as-guest", bypassCount: bypassCount + 1 };
  return { action: "disable-sync", bypassCount };
}

export type PullStep =
  | { action: "merge" }
  | { action: "reconnect-as-guest"; bypassCount: number }
  | { action: "disable-sync"; bypassCount: number };

/**
 * After pulling the server items (transactional §4 "Cart sync"): 200 merges; otherwise a guest
 * cart is created and connected, up to the bypass maximum; then sync is switched off.
 */
export function afterPullResponse(
  code: number,
  bypassCount: number,
  maxBypass: number = MAX_CART_BYPASS_ATTEMPTS,
): PullStep {
  if (code === 200) return { action: "merge" };
  if (bypassCount < maxBypass) return { action: "reconnect-as-guest", bypassCount: bypassCount + 1 };
  return { action: "disable-sync", bypassCount };
}

export interface SyncState {
  /** Cart sync is on (configuration) and has not been switched off by the bypass rule. */
  syncEnabled: boolean;
  /** A cart token is held. */
  connected: boolean;
  /** The hash of the current items. */
  itemsHash: string;
  /** The hash stored after the last sync, if any. */
  syncedHash?: string | null;
  /** When the last sync happened, if ever. */
  lastSyncDate?: number | null;
}

/**
 * Whether a sync runs (transactional §4): only when connected and enabled, and then when forced,
 * when there was no sync yet, or when the items changed since the last one.
 */
export function shouldSync(state: SyncState, forced = false): boolean {
  if (!state.connected || !state.syncEnabled) return false;
  if (forced) return true;
  if (!state.lastSyncDate || !state.syncedHash) return true;
  return state.itemsHash !== state.syncedHash;
}

/** Whether the shopper is in checkout: it was modified within the last 30 minutes. */
export function isUserInCheckout(modifiedAt: number | null | undefined, now: number): boolean {
  return typeof modifiedAt === "number" && now - modifiedAt <= CHECKOUT_ACTIVE_WINDOW_MS;
}

/** Sync keeps the client state when asked to, and always while the shopper is in checkout. */
export function forceClientStateFor(forceClientState: boolean, userInCheckout: boolean): boolean {
  return forceClientState || userInCheckout;
}

/** A task whose URL needs the cart id, when there is none, is refused (transactional §4). */
export function checkCartTask(
  url: string,
  cartId: string | null | undefined,
): { ok: true } | { ok: false; error: string } {
  if (url.includes("{{cartId}}") && !cartId) return { ok: false, error: CART_MESSAGES.cartIdRequired };
  return { ok: true };
}
