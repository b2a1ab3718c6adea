import { resizedImageUrl } from "../../lib/images.ts";

/**
 * Card image candidates, all 4:5 (browsing §9): the 386x483 thumbnail and its double, plus the
 * 512 and 1024 widths of the srcset rules, so every screen finds a close fit.
 */
export const CARD_IMAGE_SIZES: readonly { width: number; height: number }[] = [
  { width: 386, height: 483 },
  { width: 512, height: 640 },
  { width: 772, height: 966 },
  { width: 1024, height: 1280 },
];

export const CARD_IMAGE = CARD_IMAGE_SIZES[0] as { width: number; height: number };
const HOVER_IMAGE_SIZES = [CARD_IMAGE, { width: 772, height: 966 }];

/**
 * The rendered width of a listing card: half the screen below 1024 px (2 columns), a quarter of
 * the space beside the 15 % filter sidebar above, capped by the 1400 px page.
 */
export const LISTING_CARD_SIZES = "(min-width: 1400px) 280px, (min-width: 1024px) 20vw, 48vw";

export function cardImageSrc(path: string): string {
  return resizedImageUrl(path, CARD_IMAGE.width, CARD_IMAGE.height);
}

/** Every candidate; the hover image (seen on desktops only) takes the thumbnail and its double. */
export function cardImageSrcSet(path: string, hover = false): string {
  const sizes = hover ? HOVER_IMAGE_SIZES : CARD_IMAGE_SIZES;
  return sizes.map(({ width, height }) => `${resizedImageUrl(path, width, height)} ${width}w`).join(", ");
}
