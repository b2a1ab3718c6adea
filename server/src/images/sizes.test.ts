import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TILE_WIDTHS, tileImageUrl, tileSrcSet } from "../../../storefront/app/features/cms/cms-image.ts";
import {
  CART_THUMBNAIL,
  resizedImageUrl,
  THUMBNAIL,
  thumbnailSrcSet,
} from "../../../storefront/app/lib/images.ts";
import {
  GALLERY,
  galleryImage,
  LABEL_IMAGE,
  THUMB,
  thumbImage,
} from "../../../storefront/app/pages/product/gallery-sizes.ts";
import { MENU_TILE } from "../../../storefront/app/shell/default-blocks.ts";
import { menuFromCms } from "../../../storefront/app/shell/shell-from-cms.ts";
import {
  CARD_IMAGE_SIZES,
  cardImageSrc,
  cardImageSrcSet,
} from "../../../storefront/app/ui/products/card-image.ts";
import layoutStories from "../../content/layout.json" with { type: "json" };
import { projectRoot } from "../paths.ts";
import { IMAGE_SIZES, isAllowedSize, sizeProblem } from "./sizes.ts";

/*
 * The storefront and /img must agree on sizes: a size the storefront builds that /img refuses is a
 * broken picture in the shop. This collects every /img URL the storefront's builders make, and
 * finds every place in the storefront that builds one, so a new size cannot slip past the list.
 */

const IMG_URL = /\/img\/(\d+)\/(\d+)\/(?:resize|fit|crop)\//;

/** The sizes in a `src` or `srcset`. */
function sizesIn(...urls: string[]): [number, number][] {
  return urls
    .flatMap((value) => value.split(","))
    .map((candidate) => IMG_URL.exec(candidate.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), Number(m[2])]);
}

const PATH = "/product/shirt/navy/front.svg";

/** Every URL the storefront's image builders make, with every size constant it has. */
function storefrontUrls(): string[] {
  const focus = { x: 0.25, y: 0.75 };
  const gallery = galleryImage(PATH);
  const menu = menuFromCms(menuStory());
  const ctaImages = menu.items.flatMap((item) => (item.cta ? [item.cta.asset.filename] : []));
  expect(ctaImages.length).toBeGreaterThan(0);
  return [
    thumbnailSrcSet(PATH),
    resizedImageUrl(PATH, THUMBNAIL.width, THUMBNAIL.height),
    resizedImageUrl(PATH, CART_THUMBNAIL.width, CART_THUMBNAIL.height),
    cardImageSrc(PATH),
    cardImageSrcSet(PATH),
    cardImageSrcSet(PATH, true),
    ...CARD_IMAGE_SIZES.map((s) => resizedImageUrl(PATH, s.width, s.height)),
    gallery.src,
    gallery.srcSet,
    thumbImage(PATH),
    resizedImageUrl(PATH, GALLERY.width, GALLERY.height),
    resizedImageUrl(PATH, THUMB.width, THUMB.height),
    resizedImageUrl(PATH, LABEL_IMAGE.width, LABEL_IMAGE.height),
    resizedImageUrl(PATH, MENU_TILE.width, MENU_TILE.height),
    ...Object.values(TILE_WIDTHS).flatMap((w) => [tileImageUrl(PATH, w), tileImageUrl(PATH, w, focus)]),
    tileSrcSet(PATH, focus),
    ...ctaImages,
  ];
}

function menuStory() {
  const { stories } = layoutStories as { stories: { full_slug: string; content: unknown }[] };
  const story = stories.find((s) => s.full_slug === "layout/menu");
  if (!story) throw new Error("server/content/layout.json has no layout/menu");
  return story.content as Parameters<typeof menuFromCms>[0];
}

describe("the sizes /img renders", () => {
  it("include every size the storefront's image builders make", () => {
    const sizes = sizesIn(...storefrontUrls());
    expect(sizes.length).toBeGreaterThan(20);
    const refused = sizes.filter(([w, h]) => !isAllowedSize(w, h)).map(([w, h]) => `${w}x${h}`);
    expect(refused, "sizes the storefront builds but /img refuses (server/src/images/sizes.ts)").toEqual([]);
  });

  it("are each used by the storefront or named by browsing §9", () => {
    const used = new Set(sizesIn(...storefrontUrls()).map(([w, h]) => `${w}x${h}`));
    // Sizes of the spec that the shop links by hand rather than builds: the logo (a sprite today)
    // and the 755x503 of tiles as the demo content links them.
    const spec = new Set(["186x26", "755x503"]);
    const unused = IMAGE_SIZES.map((s) => `${s.width}x${s.height}`).filter(
      (s) => !used.has(s) && !spec.has(s),
    );
    expect(unused).toEqual([]);
  });

  it("name the parameter at fault", () => {
    expect(sizeProblem(386, 483)).toBeUndefined();
    expect(sizeProblem(386, 0)).toBeUndefined();
    expect(sizeProblem(0, 744)).toBeUndefined();
    expect(sizeProblem(387, 483)?.field).toBe("width");
    expect(sizeProblem(386, 484)?.field).toBe("height");
    expect(sizeProblem(0, 0)?.field).toBe("height");
  });
});

/**
 * Storefront modules that build /img URLs from sizes of their own; the test above calls each of
 * their builders with each of their sizes.
 */
const BUILDERS = new Set([
  "lib/images.ts",
  "ui/products/card-image.ts",
  "pages/product/gallery-sizes.ts",
  "features/cms/cms-image.ts",
]);
/** Size constants a call site may pass; the test above checks each. */
const CONSTANTS = new Set(["THUMBNAIL", "CART_THUMBNAIL", "GALLERY", "THUMB", "LABEL_IMAGE", "MENU_TILE"]);
const CALL = /\b(?:resizedImageUrl|cropImageUrl)\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the storefront's image URLs", () => {
  it("are built only from sizes this test checks", () => {
    const app = path.join(projectRoot, "storefront", "app");
    const problems: string[] = [];
    let calls = 0;
    for (const file of sourceFiles(app)) {
      const name = path.relative(app, file).split(path.sep).join("/");
      if (BUILDERS.has(name)) continue;
      const text = readFileSync(file, "utf8");
      if (/["'`]\/img\//.test(text)) problems.push(`${name} writes an /img/ URL itself: use a builder`);
      for (const [, args = ""] of text.matchAll(CALL)) {
        calls++;
        const [, width, height] = args.split(",").map((a) => a.trim());
        for (const arg of [width, height]) {
          const constant = /^([A-Z_]+)\.(?:width|height)$/.exec(arg ?? "")?.[1];
          // The constant the test imported: from its module, or declared by the module itself.
          const same =
            constant &&
            new RegExp(`import[^;]*\\b${constant}\\b[^;]*from|export const ${constant}\\b`).test(text);
          if (arg && /^\d+$/.test(arg)) continue;
          if (constant && CONSTANTS.has(constant) && same) continue;
          problems.push(`${name}: ${args} (a size this test does not know: add it to the test and sizes.ts)`);
        }
        const numbers = [width, height].map(Number);
        if (numbers.every(Number.isInteger) && !isAllowedSize(numbers[0]!, numbers[1]!))
          problems.push(`${name}: ${width}x${height} is refused by /img`);
      }
    }
    expect(calls).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
