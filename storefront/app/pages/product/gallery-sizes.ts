import { resizedImageUrl } from "../../lib/images.ts";

/** Product gallery and thumbnail sizes (browsing §9). */
export const GALLERY = { width: 600, height: 744 } as const;
export const THUMB = { width: 386, height: 483 } as const;
export const LABEL_IMAGE = { width: 157, height: 68 } as const;

/** Widths of the main image's srcset: the spec's 512 and 1024, the gallery width and its double. */
const GALLERY_WIDTHS = [512, GALLERY.width, 1024, GALLERY.width * 2] as const;

export function galleryImage(path: string): { src: string; srcSet: string } {
  const height = (width: number) => Math.round((width * GALLERY.height) / GALLERY.width);
  return {
    src: resizedImageUrl(path, GALLERY.width, GALLERY.height),
    srcSet: GALLERY_WIDTHS.map((w) => `${resizedImageUrl(path, w, height(w))} ${w}w`).join(", "),
  };
}

export function thumbImage(path: string): string {
  return resizedImageUrl(path, THUMB.width, THUMB.height);
}
