/*
 * Catalogue images go through the server's resizer: /img/{w}/{h}/resize{path}, webp or avif
 * chosen from the Accept header. Paths look like /product/shirt/navy/front.svg. The server renders
 * only the sizes it lists (server/src/images/sizes.ts); its test checks every size built here.
 */

/** Card thumbnails (browsing §9: 386x483, ratio 4:5), plus the double for dense screens. */
export const THUMBNAIL = { width: 386, height: 483 } as const;
/** Browsing §9: cart thumbnails are 210x300; shown at 84 px wide, so sharp up to 2.5x. */
export const CART_THUMBNAIL = { width: 210, height: 300 } as const;

/** `no_selection` (browsing §5) or nothing means: no image. */
export function hasImage(path: string | null | undefined): path is string {
  return typeof path === "string" && path !== "" && path !== "no_selection";
}

export function resizedImageUrl(path: string, width: number, height: number): string {
  return `/img/${width}/${height}/resize${path.startsWith("/") ? path : `/${path}`}`;
}

export function thumbnailSrcSet(path: string): string {
  const { width, height } = THUMBNAIL;
  return `${resizedImageUrl(path, width, height)} ${width}w, ${resizedImageUrl(path, width * 2, height * 2)} ${width * 2}w`;
}
