import { isExternalHref } from "@etalage/core";

/*
 * CMS images go through the image endpoint (browsing §9): tiles are 1510 (full) or 755 (half)
 * wide at a height ratio of 0.67, cropped around the asset's focus; the endpoint answers WebP
 * (or AVIF) when the browser's Accept header allows it.
 */

export const TILE_WIDTHS = { full: 1510, half: 755 } as const;
export const TILE_HEIGHT_RATIO = 0.67;

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

export function tileImageUrl(source: string, width: number): string {
  return `/img/${width}/${tileHeight(width)}/crop${source}`;
}

/** Both tile widths: a half tile on a dense screen takes the full one. */
export function tileSrcSet(source: string): string {
  return [TILE_WIDTHS.half, TILE_WIDTHS.full].map((w) => `${tileImageUrl(source, w)} ${w}w`).join(", ");
}

export function tileSizes(width: "full" | "half"): string {
  return width === "full" ? "(min-width: 1510px) 1510px, 100vw" : "(min-width: 768px) 50vw, 100vw";
}
