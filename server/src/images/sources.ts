/**
 * Where /img finds the original of an image, keyed by the first path segment. Products are
 * drawn on the fly today; editor uploads (`cms/…`, with a focal point) will plug in beside them.
 */
import { createHash } from "node:crypto";
import { drawProduct } from "./drawings/index.ts";
import { BACKDROP, HEIGHT, WIDTH } from "./drawings/svg.ts";

export interface SourceImage {
  data: Buffer;
  contentType: string;
  /** Changes whenever `data` does; part of every cache key and ETag derived from this image. */
  version: string;
  /** Intrinsic size, used to derive a missing dimension and to pick a rasterising density. */
  width: number;
  height: number;
  vector: boolean;
  /** Letterbox colour when the picture is contained in a box of another shape. */
  background: string;
  /** What `resize` means for this source: products fill their tile, uploads may prefer to fit. */
  resize: "cover" | "contain";
  /** Point (0–1 on each axis) a cover crop keeps in view; the centre when absent. */
  focus?: { x: number; y: number };
}

export interface ImageSource {
  /** First path segment this source answers, e.g. "product". */
  readonly prefix: string;
  /** The original for the rest of the path, or undefined when it does not exist. */
  resolve(rest: string): SourceImage | undefined | Promise<SourceImage | undefined>;
}

const PRODUCT_PATH = /^([a-z-]+(?:\+[a-z-]+)*)\/([a-z]+)\/([a-z]+)\.svg$/;

/** `product/{kind}/{colour}/{view}.svg`, drawn from the palette. */
export function productSource(): ImageSource {
  // The palette is finite (kinds × colours × views), so memoising every hit stays small and
  // saves re-drawing and re-hashing on each request.
  const memo = new Map<string, SourceImage>();
  return {
    prefix: "product",
    resolve(rest) {
      const hit = memo.get(rest);
      if (hit) return hit;
      const m = PRODUCT_PATH.exec(rest);
      const svg = m ? drawProduct(m[1]!, m[2]!, m[3]!) : undefined;
      if (!svg) return undefined;
      const data = Buffer.from(svg);
      const image: SourceImage = {
        data,
        contentType: "image/svg+xml",
        version: createHash("sha256").update(data).digest("base64url").slice(0, 16),
        width: WIDTH,
        height: HEIGHT,
        vector: true,
        background: BACKDROP,
        resize: "cover",
      };
      memo.set(rest, image);
      return image;
    },
  };
}
