/**
 * Addresses an editor may put in CMS content (links, assets). Browsers treat a leading
 * `javascript:`, `vbscript:` or `data:` as code or a document of its own; anything with a scheme
 * other than the few below is refused, and so are spaces and control characters, which browsers
 * strip inside schemes ("java\tscript:").
 */

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029<>"`\\]/;

/** A link target: an http(s), mailto or tel address, a path (`/kleding`, `kleding/jassen`), `//host`, `#anchor` or `?query`. */
export function isSafeHref(value: string): boolean {
  if (value === "") return true;
  if (value.length > 2048 || UNSAFE_CHARACTERS.test(value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (!ALLOWED_SCHEMES.has(scheme)) return false;
  if (scheme === "http" || scheme === "https") return URL.canParse(value) && /^https?:\/\/[^/]/i.test(value);
  return value.length > scheme.length + 1;
}

/** Browsing §2 "CMS pages": links starting with http, www or // count as external. */
export function isExternalHref(href: string): boolean {
  return /^(https?:|www\.|\/\/)/i.test(href);
}

export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif", "gif", "svg"] as const;
export const VIDEO_EXTENSIONS = ["webm", "mp4"] as const;

function extensionOf(filename: string): string {
  const path = filename.split(/[?#]/, 1)[0] ?? "";
  const dot = path.lastIndexOf(".");
  return dot < 0 || dot < path.lastIndexOf("/") ? "" : path.slice(dot + 1).toLowerCase();
}

/** Browsing §2: a tile shows a video when its asset is a .webm or .mp4 file. */
export function isVideoAsset(filename: string): boolean {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
}

/** The MIME type a `<source>` names for a video file, so a browser skips what it cannot play. */
export function videoType(filename: string): "video/mp4" | "video/webm" {
  return extensionOf(filename) === "mp4" ? "video/mp4" : "video/webm";
}

export function isImageAsset(filename: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
}
