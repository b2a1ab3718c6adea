/** The cart id cookie: the server cart survives the loss of the browser's storage. */
export const CART_COOKIE = "etalage_cart";
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** The cart id from a Cookie header (the server action) or document.cookie (the browser). */
/** Cart ids are base64url (server/src/services/cart/owner.ts): never percent-encoded. */
const CART_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function cartIdFromCookie(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CART_COOKIE) continue;
    const value = rest.join("=");
    return CART_ID.test(value) ? value : null;
  }
  return null;
}

/** The cookie naming `cartId` (none: the cookie removed); `Secure` when the shop is served over https. */
export function cartCookieHeader(cartId: string | null, secure: boolean): string {
  const value = cartId && CART_ID.test(cartId) ? cartId : "";
  const age = value ? CART_COOKIE_MAX_AGE : 0;
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readCartCookie(): string | null {
  return typeof document === "undefined" ? null : cartIdFromCookie(document.cookie);
}

export function writeCartCookie(cartId: string | null): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in older Safari; cartCookieHeader builds and escapes the value.
  document.cookie = cartCookieHeader(cartId, location.protocol === "https:");
}
