/**
 * The session rules of transactional §4 ("Session expiry", "Token lock") as pure functions, so the
 * storefront's account store only wires them to storage and the network.
 */

/** Refresh the profile (and with it the token) when fewer seconds than this remain. */
export const SESSION_REFRESH_THRESHOLD_S = 900;
/** Tasks waiting for a token refresh retry this often. */
export const TOKEN_RETRY_MS = 1000;
/** Refresh attempts before giving up (lock -1). */
export const MAX_REFRESH_ATTEMPTS = 3;

/** Expiry in Unix seconds; the token counts as empty once it is below now. */
export function isSessionExpired(expires: number | undefined, nowMs: number): boolean {
  return expires !== undefined && expires * 1000 < nowMs;
}

export function needsRefresh(expires: number | undefined, nowMs: number): boolean {
  return (
    expires !== undefined &&
    !isSessionExpired(expires, nowMs) &&
    expires * 1000 - nowMs < SESSION_REFRESH_THRESHOLD_S * 1000
  );
}

/** 0 normal, 1 refreshing, -1 given up (logged out). */
export type TokenLock = 0 | 1 | -1;

export interface TokenState {
  lock: TokenLock;
  attempts: number;
}

export type TokenEvent =
  | { type: "unauthorised"; autoRefresh: boolean }
  | { type: "refreshed" }
  | { type: "refresh-failed" }
  /** The refresh call got no answer (offline, 5xx): the token may still be good, try again later. */
  | { type: "refresh-unreachable" }
  | { type: "logged-in" };

export type TokenEffect = "refresh" | "logout-silently" | "logout-and-sign-up" | "none";

export const INITIAL_TOKEN_STATE: TokenState = { lock: 0, attempts: 0 };

/** One step of the token lock. The attempt counter resets on success (VSF1's bug #5713 fixed). */
export function tokenTransition(
  state: TokenState,
  event: TokenEvent,
): { state: TokenState; effect: TokenEffect } {
  switch (event.type) {
    case "logged-in":
    case "refreshed":
      return { state: INITIAL_TOKEN_STATE, effect: "none" };
    case "refresh-failed":
      return { state: { lock: -1, attempts: state.attempts }, effect: "logout-and-sign-up" };
    case "refresh-unreachable":
      // Unlocked but the attempt stays counted: a refresh that never gets through ends in -1.
      return { state: { lock: state.lock === -1 ? -1 : 0, attempts: state.attempts }, effect: "none" };
    case "unauthorised": {
      if (!event.autoRefresh)
        return { state: { lock: -1, attempts: state.attempts }, effect: "logout-and-sign-up" };
      if (state.lock === -1) return { state, effect: "none" };
      // Already refreshing: the task waits and retries every TOKEN_RETRY_MS.
      if (state.lock === 1) return { state, effect: "none" };
      const attempts = state.attempts + 1;
      if (attempts > MAX_REFRESH_ATTEMPTS)
        return { state: { lock: -1, attempts }, effect: "logout-and-sign-up" };
      return { state: { lock: 1, attempts }, effect: "refresh" };
    }
  }
}

/** What an authenticated call does under the lock: go, wait TOKEN_RETRY_MS and ask again, or abort. */
export function taskGate(lock: TokenLock): "send" | "wait" | "abort" {
  return lock === 0 ? "send" : lock === 1 ? "wait" : "abort";
}

/** The answer a call aborted by lock -1 gets (transactional §8 "Refresh failed"). */
export const REFRESH_FAILED_MESSAGE =
  "Error refreshing user token. User is not authorized to access the resource";
