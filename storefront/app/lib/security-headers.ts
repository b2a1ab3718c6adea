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
export interface PolicyOptions {
  tagManager?: boolean;
  /** Origins the browser's own API calls go to besides ours: a configured Elevate cluster (issue 30). */
  connect?: readonly string[];
  /** The editor's preview on Storyblok: its bridge script, and Storyblok's visual editor may frame the page. */
  cmsBridge?: boolean;
}

export function contentSecurityPolicy(nonce: string, options: PolicyOptions = {}): string {
  // Google's own list for GTM with GA4 (developers.google.com/tag-platform/security/guides/csp),
  // only where a container is configured; the script itself still loads only after consent.
  const gtm = options.tagManager ? TAG_MANAGER_SOURCES : "";
  const connect = `${gtm}${options.connect?.length ? ` ${options.connect.join(" ")}` : ""}`;
  const bridge = options.cmsBridge ? ` ${STORYBLOK_APP}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${options.tagManager ? " https://www.googletagmanager.com" : ""}${bridge}`,
    import.meta.env.DEV ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${gtm}`,
    "media-src 'self'",
    // Vite's dev server pushes updates over its own WebSocket port.
    import.meta.env.DEV ? `connect-src 'self' ws://localhost:*${connect}` : `connect-src 'self'${connect}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors 'self'${bridge}`,
    "form-action 'self'",
  ].join("; ");
}

/** Storyblok's app: the visual editor that frames the preview, and where its bridge script is served. */
const STORYBLOK_APP = "https://app.storyblok.com";

const TAG_MANAGER_SOURCES =
  " https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com";

export function setSecurityHeaders(headers: Headers, nonce: string, options: PolicyOptions = {}): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
}
