import { CART_COOKIE, CART_COOKIE_MAX_AGE } from "./cart-settings.ts";

/** The cart id from a Cookie header (the server action) or document.cookie (the browser). */
export function cartIdFromCookie(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CART_COOKIE) continue;
    const value = decodeURIComponent(rest.join("="));
    return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  }
  return null;
}

export function cartCookieHeader(cartId: string | null): string {
  const value = cartId ? encodeURIComponent(cartId) : "";
  const age = cartId ? CART_COOKIE_MAX_AGE : 0;
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax`;
}

export function readCartCookie(): string | null {
  return typeof document === "undefined" ? null : cartIdFromCookie(document.cookie);
}

export function writeCartCookie(cartId: string | null): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing in older Safari; cartCookieHeader builds and escapes the value.
  document.cookie = cartCookieHeader(cartId);
}
