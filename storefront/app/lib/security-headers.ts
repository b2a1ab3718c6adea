import { randomBytes } from "node:crypto";

const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A fresh CSP nonce per response: 128 random bits, base64. The bits come from a pool filled 256
 * nonces at a time (as `crypto.randomUUID` does): one call to the system's random source per
 * response was ≈ 3 % of a category page's CPU. Each nonce is used once and never shown twice.
 */
export function createNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The policy for HTML responses. Scripts need the nonce (React Router's inline hydration and
 * scroll scripts carry it). Style sheets come from our own files only: no inline `<style>`, the
 * way CSS injection reads a page. Style attributes stay allowed, for colours that come with the
 * data (swatches, label colours; docs/decisions/0012-input-rules.md). Vite's dev server injects
 * its CSS as `<style>` elements, so development keeps inline styles.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    import.meta.env.DEV ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
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
