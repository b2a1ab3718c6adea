import { isExternalHref } from "@etalage/core";

/*
 * CMS images go through the image endpoint (browsing §9): tiles are 1510 (full) or 755 (half)
 * wide at a height ratio of 0.67, cropped around the asset's focus; the endpoint answers WebP
 * (or AVIF) when the browser's Accept header allows it.
 */

export const TILE_WIDTHS = { full: 1510, half: 755 } as const;
const TILE_HEIGHT_RATIO = 0.67;

const IMG_PATH = /^\/img\/\d+\/\d+\/(?:resize|fit|crop)(\/.+)$/;

/** The source picture behind an asset: `/img/755/503/crop/product/x.svg` and `/product/x.svg` both give `/product/x.svg`. */
export function imageSource(filename: string): string | null {
  if (isExternalHref(filename)) return null;
  const match = IMG_PATH.exec(filename.split("?", 1)[0] ?? "");
  if (match) return match[1] ?? null;
  return filename.startsWith("/") && !filename.startsWith("/media/") ? filename : null;
}

export function tileHeight(width: number): number {
  return Math.round(width * TILE_HEIGHT_RATIO);
}

/** Where the crop keeps the picture's subject: 0–1 from the left and from the top (the asset's `focus`). */
export interface FocalPoint {
  x: number;
  y: number;
}

/**
 * `?focus=x,y` for the image endpoint, rounded to 0.001 so that one focal point always gives one
 * URL (and one cached rendering); the centre needs no parameter.
 */
function focusQuery(focus: FocalPoint | undefined): string {
  if (!focus) return "";
  const round = (n: number) => String(Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000);
  const x = round(focus.x);
  const y = round(focus.y);
  return x === "0.5" && y === "0.5" ? "" : `?focus=${x},${y}`;
}

/** The source cropped to exactly width x height around the focus. */
export function cropImageUrl(source: string, width: number, height: number, focus?: FocalPoint): string {
  return `/img/${width}/${height}/crop${source}${focusQuery(focus)}`;
}

export function tileImageUrl(source: string, width: number, focus?: FocalPoint): string {
  return cropImageUrl(source, width, tileHeight(width), focus);
}

/** Both tile widths: a half tile on a dense screen takes the full one. */
export function tileSrcSet(source: string, focus?: FocalPoint): string {
  return [TILE_WIDTHS.half, TILE_WIDTHS.full]
    .map((w) => `${tileImageUrl(source, w, focus)} ${w}w`)
    .join(", ");
}

export function tileSizes(width: "full" | "half"): string {
  return width === "full" ? "(min-width: 1510px) 1510px, 100vw" : "(min-width: 768px) 50vw, 100vw";
}
