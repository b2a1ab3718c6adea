import type { FastifyRequest } from "fastify";
import type { EncodingClass } from "./html-cache-store.ts";

/*
 * Which requests the HTML output cache may answer, and in which encoding
 * (docs/decisions/0008-html-output-cache.md).
 */

/**
 * Cookies that can change a page's HTML: a request carrying any of them always renders. This is
 * the one list; a cookie that server rendering reads on a GET must be on it. Other cookies (the
 * cart id `etalage_cart`, which only the add-to-cart form post reads; analytics and consent
 * cookies) leave a guest's HTML as it is, so such shoppers are served from the cache.
 */
export const PERSONAL_COOKIES: readonly string[] = [
  /** The customer session, reserved for customer accounts: a logged-in shopper's pages are their own. */
  "etalage_session",
  /** An editor's preview session, reserved: previews today carry their token in the URL. */
  "etalage_preview",
];

const personal = new Set(PERSONAL_COOKIES);

/**
 * Never looked up, never stored: the editor's preview (`/storyblok`, `/storyblok-empty`), search
 * results (a key per typed query, with little reuse), the error page, the shopper's own pages and
 * the back office.
 * A page can also keep itself out with `Cache-Control: private` or `no-store`, or a `Set-Cookie`.
 * Matched against {@link routePath}, so every spelling the router takes for these routes
 * (`/CatalogSearch/result/`, `/%73toryblok`) is kept out too.
 */
const NEVER_CACHED =
  /^\/(?:storyblok|catalogsearch|error|cart|checkout|account|my-account|login|password|order|bestelling|retour|wishlist|compare|nieuwsbrief|beheer)(?:[/?.-]|$)/;

/**
 * The first path segments the storefront's route table names (storefront/app/routes.ts). The
 * router matches them in any case; the shop links them in lower case.
 */
export const ROUTE_WORDS: readonly string[] = [
  "c",
  "p",
  "pwa.html",
  "catalogsearch",
  "storyblok",
  "storyblok-empty",
  "error",
  "l",
  "favorieten",
  // Accounts (issue 12)
  "login",
  "password",
  "my-account",
  "storelocator",
  // Checkout (issue 13)
  "checkout",
  "checkout-return",
  "checkout-failed",
  "bestelling",
  // A return's label (issue 25)
  "retour",
  "nieuwsbrief",
  // Comparing products (issue 29)
  "vergelijken",
  // The back office (issue 25)
  "beheer",
];
const routeWords = new Set(ROUTE_WORDS);

/** RFC 3986 unreserved characters: their percent-encoded spelling means the same URL. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

const MAX_URL_LENGTH = 2048;

/**
 * A request's path as the page renders it: parsed as the SSR adapter hands it to React Router, so
 * dot segments are resolved and backslashes read as slashes. Undefined when it is no URL at all.
 */
export function pagePath(url: string): string | undefined {
  if (!url.startsWith("/")) return undefined;
  try {
    return new URL(`http://etalage.invalid${url}`).pathname;
  } catch {
    return undefined;
  }
}

/**
 * The path as React Router matches routes: each segment percent-decoded (an encoded slash stays
 * inside its segment) and compared without regard to case. Undefined when a segment's encoding
 * is malformed.
 */
export function routePath(path: string): string | undefined {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/")
      .toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Whether a path is spelled as the shop links it: no empty segment (`//`), route words in lower
 * case, and percent-encoding only where it is needed, with upper-case hex. The router answers the
 * other spellings with the same page, so caching them would only let made-up spellings of one
 * page crowd out other pages.
 */
function isCanonicalSpelling(path: string): boolean {
  if (path.includes("//")) return false;
  const first = path.split("/", 2)[1] ?? "";
  if (first !== first.toLowerCase() && routeWords.has(first.toLowerCase())) return false;
  for (const [, hex = ""] of path.matchAll(/%([0-9A-Fa-f]{2})?/g)) {
    if (!hex || hex !== hex.toUpperCase()) return false;
    if (UNRESERVED.test(String.fromCharCode(Number.parseInt(hex, 16)))) return false;
  }
  return true;
}

/** The first cookie of a Cookie header that is on {@link PERSONAL_COOKIES}, if any. */
function personalCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const name = pair.split("=", 1)[0]!.trim();
    if (personal.has(name)) return name;
  }
  return undefined;
}

/** Why a request is not looked up, or undefined when it may be. */
export function bypassReason(request: FastifyRequest): string | undefined {
  if (request.method !== "GET") return "method";
  if (request.headers.authorization) return "authorization";
  if (personalCookie(request.headers.cookie)) return "cookie";
  if (request.url.length > MAX_URL_LENGTH) return "url-length";
  const path = pagePath(request.url);
  if (path === undefined) return "url";
  // Client navigations fetch `{path}.data`: loader data, not HTML.
  if (path.endsWith(".data")) return "data-request";
  const route = routePath(path);
  if (route === undefined || NEVER_CACHED.test(route)) return "path";
  if (!isCanonicalSpelling(path)) return "spelling";
  return undefined;
}

/** The encoding a hit is stored in, as @fastify/compress would choose it: brotli first, then gzip. */
export function encodingClass(acceptEncoding: string | undefined): EncodingClass {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*");
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0 || (accepted.get("x-gzip") ?? 0) > 0) return "gzip";
  return "identity";
}
