import { randomBytes } from "node:crypto";

/** A fresh CSP nonce per response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The policy for HTML responses. Scripts need the nonce (React Router's inline hydration and
 * scroll scripts carry it); styles allow inline because React sets style attributes.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    // Vite's dev server pushes updates over its own WebSocket port.
    import.meta.env.DEV ? "connect-src 'self' ws://localhost:*" : "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join("; ");
}

export function setSecurityHeaders(headers: Headers, nonce: string): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
}
