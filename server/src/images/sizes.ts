/**
 * The boxes /img renders: the sizes of browsing §9 and the srcset candidates the storefront builds
 * from them, and nothing else. Every other width or height is refused with a 400, so a client
 * cannot make the server render (and store on disk) an image per number it can think of.
 * `images/sizes.test.ts` checks every URL the storefront builds against this list: a new size in
 * the storefront must be added here in the same change.
 */

export interface ImageSize {
  width: number;
  height: number;
}

const box = (width: number, height: number): ImageSize => ({ width, height });

/** Heights of the product gallery's srcset candidates: the 600x744 gallery's ratio, rounded. */
const galleryHeight = (width: number) => Math.round((width * 744) / 600);
/** CMS tiles are 1510 or 755 wide at a height ratio of 0.67. */
const tileHeight = (width: number) => Math.round(width * 0.67);

export const IMAGE_SIZES: readonly ImageSize[] = [
  // Microcart line thumbnail.
  box(210, 300),
  // Product thumbnail (cards, gallery thumbnails, category tiles, set parts) and its double.
  box(386, 483),
  box(772, 966),
  // The card srcset's 512 and 1024 widths, at the cards' 4:5.
  box(512, 640),
  box(1024, 1280),
  // Product gallery, and its srcset's 512 and 1024 widths and double.
  box(600, 744),
  ...[512, 1024, 1200].map((w) => box(w, galleryHeight(w))),
  // Mega-menu tile: drawn at 240x300, asked for at twice that.
  box(480, 600),
  // CMS tiles, half and full width, and the 755x503 the spec displays (content links it as such).
  box(755, tileHeight(755)),
  box(1510, tileHeight(1510)),
  box(755, 503),
  // Product label images.
  box(157, 68),
  // The logo.
  box(186, 26),
];

const allowed = new Map<number, Set<number>>();
for (const { width, height } of IMAGE_SIZES) {
  const heights = allowed.get(width) ?? new Set<number>();
  heights.add(height);
  allowed.set(width, heights);
}

const IMAGE_WIDTHS: readonly number[] = [...allowed.keys()].sort((a, b) => a - b);
const IMAGE_HEIGHTS: readonly number[] = [...new Set(IMAGE_SIZES.map((s) => s.height))].sort((a, b) => a - b);

/** Why a requested box is refused, naming the parameter at fault, or undefined when it is allowed. */
export function sizeProblem(
  width: number,
  height: number,
): { field: "width" | "height"; message: string } | undefined {
  // 0 on one side means "derived from the source's aspect ratio"; the other side names the size.
  if (width === 0 && height === 0)
    return {
      field: "height",
      message: "must not be 0 when the width is 0 (ask /img/original for the original)",
    };
  if (width !== 0 && !allowed.has(width))
    return { field: "width", message: `must be one of 0, ${IMAGE_WIDTHS.join(", ")}` };
  if (width === 0) {
    return IMAGE_HEIGHTS.includes(height)
      ? undefined
      : { field: "height", message: `must be one of ${IMAGE_HEIGHTS.join(", ")} when the width is 0` };
  }
  const heights = allowed.get(width) as Set<number>;
  if (height === 0 || heights.has(height)) return undefined;
  return {
    field: "height",
    message: `must be one of 0, ${[...heights].sort((a, b) => a - b).join(", ")} for width ${width}`,
  };
}

export function isAllowedSize(width: number, height: number): boolean {
  return sizeProblem(width, height) === undefined;
}
