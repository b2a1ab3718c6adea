/**
 * The visitor's Elevate keys (browsing §4 "Recommendations", transactional §4): a customer key
 * and a session key, made at the first visit and made anew after logout or an order, kept in the
 * browser so recommendations follow the shopper from page to page.
 */
const ELEVATE_SESSION_KEY = "etalage/elevate-session";

export interface ElevateKeys {
  customerKey: string;
  sessionKey: string;
}

let current: ElevateKeys | undefined;

const uuid = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function elevateKeys(): ElevateKeys {
  if (current) return current;
  try {
    const stored = JSON.parse(
      window.localStorage.getItem(ELEVATE_SESSION_KEY) ?? "null",
    ) as ElevateKeys | null;
    if (stored && typeof stored.customerKey === "string" && typeof stored.sessionKey === "string") {
      current = stored;
      return stored;
    }
  } catch {
    // Storage off or spoilt: fresh keys for this page load.
  }
  return renewKeys();
}

/** New keys, as after logout or an order; the caller sends `end` with the old ones first. */
function renewKeys(): ElevateKeys {
  current = { customerKey: uuid(), sessionKey: uuid() };
  try {
    window.localStorage.setItem(ELEVATE_SESSION_KEY, JSON.stringify(current));
  } catch {
    // As above.
  }
  return current;
}
