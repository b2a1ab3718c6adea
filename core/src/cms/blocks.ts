/**
 * CMS blocks (browsing §2 "CMS pages", §3 "CMS blocks"): the typed tree a story's `content` is,
 * shaped as the headless CMS (Storyblok) stores it: every block has `_uid` and `component`,
 * nested blocks sit in lists. The server refuses content that does not parse; the storefront
 * renders from the same types. Schemas are strict, so a misspelt field is an error with its
 * path, not a silently missing title.
 */
import { z } from "zod";
import { lookupTable } from "../lookup.ts";
import { isImageAsset, isSafeHref, isVideoAsset } from "./links.ts";

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const label = (max = 200) => text(max).trim().min(1, "must not be empty");

/** Every block: a unique id within the story, the block type and the visual editor's marker. */
function block<C extends string, S extends z.ZodRawShape>(component: C, shape: S) {
  return z.strictObject({
    _uid: z.string().min(1, "must not be empty").max(64, "must be at most 64 characters"),
    component: z.literal(component),
    _editable: text(2000).optional(),
    ...shape,
  });
}

const href = z.string().refine(isSafeHref, "Invalid url");

/**
 * A CMS multilink: `url` for any address, `cached_url` for a path inside the shop (without the
 * leading slash). Either may be empty; the renderer takes `url` first.
 */
export const cmsLinkSchema = z.strictObject({
  url: href,
  cached_url: href,
  linktype: z.enum(["url", "story", "email", "asset"]).optional(),
  target: z.enum(["_blank", "_self"]).optional(),
  id: text(64).optional(),
  anchor: text(200).optional(),
});

/** Where a cover crop keeps the picture's subject: 0–1 from the left and from the top. */
const focusSchema = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

/**
 * An image or a .webm/.mp4 video; `poster` is the still a video shows before it plays or when it
 * cannot, and `sources` the same video in other encodings (an H.264 .mp4 beside a .webm), offered
 * after `filename` in their order, so every browser finds one it plays.
 */
export const cmsAssetSchema = z
  .strictObject({
    filename: href
      .refine((f) => f !== "", "must not be empty")
      .refine(
        (f) => isImageAsset(f) || isVideoAsset(f),
        "must be an image (.jpg, .png, .webp, .avif, .gif, .svg) or a video (.webm, .mp4)",
      ),
    alt: text(300).optional(),
    title: text(300).optional(),
    focus: focusSchema.optional(),
    poster: href.refine(isImageAsset, "must be an image").optional(),
    sources: z
      .array(href.refine(isVideoAsset, "must be a video (.webm, .mp4)"))
      .max(4, "must have at most 4 items")
      .optional(),
  })
  .refine((a) => a.sources === undefined || isVideoAsset(a.filename), {
    message: "only a video has other sources",
    path: ["sources"],
  });

const imageAssetSchema = cmsAssetSchema.refine((a) => isImageAsset(a.filename), {
  message: "must be an image (.jpg, .png, .webp, .avif, .gif, .svg)",
  path: ["filename"],
});

/** The page's metadata (Storyblok's SEO plugin field). */
export const cmsSeoSchema = z.strictObject({
  _uid: text(64).optional(),
  plugin: z.literal("seo_metatags").optional(),
  title: text(200).optional(),
  description: text(500).optional(),
  keywords: text(500).optional(),
  og_title: text(200).optional(),
  og_description: text(500).optional(),
  og_image: href.optional(),
  noindex: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// Content blocks: pages and category listings.

const tileFields = {
  asset: cmsAssetSchema,
  title: text(200).optional(),
  buttonText: text(100).optional(),
  /** A tile with a link and no button text is clickable as a whole (browsing §2). */
  link: cmsLinkSchema.optional(),
  /** Tiles are drawn 1510 (full) or 755 (half) wide at a height ratio of 0.67 (browsing §9). */
  width: z.enum(["full", "half"]).optional(),
};

export const tileSchema = block("tile", tileFields);

/** A tile inside a category listing: `position` is the 1-based grid cell it takes; products flow around it. */
export const gridTileSchema = block("grid_tile", {
  ...tileFields,
  position: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(500, "must be at most 500"),
});

export const gridSchema = block("grid", {
  tiles: z.array(gridTileSchema).max(48, "must hold at most 48 tiles"),
});

/** Rich text as HTML; the server sanitises it on save and on read (see RICH_TEXT_FIELDS). */
export const textSchema = block("text", { text: text(50_000) });

/** Products by category id or by a sku list. */
export const carouselSchema = block("carousel", {
  title: text(200).optional(),
  source: z.enum(["category", "skus"]),
  categoryId: z.number().int("must be a whole number").positive("must be positive").optional(),
  skus: z
    .array(label(64))
    .min(1, "must name at least one sku")
    .max(48, "must name at most 48 skus")
    .optional(),
  /** How many products at most; 8 when absent (browsing §9 "recommendation lists 8"). */
  limit: z.number().int("must be a whole number").min(1).max(48).optional(),
}).superRefine((carousel, ctx) => {
  if (carousel.source === "category" && carousel.categoryId === undefined)
    ctx.addIssue({ code: "custom", path: ["categoryId"], message: "is required when source is category" });
  if (carousel.source === "skus" && carousel.skus === undefined)
    ctx.addIssue({ code: "custom", path: ["skus"], message: "is required when source is skus" });
});

export const bannerSchema = block("banner", {
  title: label(),
  text: text(500).optional(),
  buttonText: text(100).optional(),
  link: cmsLinkSchema.optional(),
  theme: z.enum(["dark", "light", "accent"]).optional(),
});

const PAGE_BLOCKS = [tileSchema, textSchema, carouselSchema, bannerSchema, gridSchema] as const;

function oneOf<const T extends readonly [z.ZodType, ...z.ZodType[]]>(schemas: T, names: readonly string[]) {
  return z.discriminatedUnion("component", schemas as never, {
    error: (issue) => (issue.code === "invalid_union" ? `must be one of ${names.join(", ")}` : undefined),
  }) as unknown as z.ZodType<z.output<T[number]>, z.input<T[number]>>;
}

export const pageBlockSchema = oneOf(PAGE_BLOCKS, ["tile", "text", "carousel", "banner", "grid"]);

export const pageSchema = block("page", {
  title: text(200).optional(),
  body: z.array(pageBlockSchema).max(100, "must hold at most 100 blocks"),
  seo: cmsSeoSchema.optional(),
});

/** `categories/{url_path}`: the listing's alternate title and the tiles mixed into its grid (browsing §2). */
export const categoryContentSchema = block("category_content", {
  alternateTitle: text(200).optional(),
  grid: z.array(gridTileSchema).max(48, "must hold at most 48 tiles"),
  seo: cmsSeoSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Layout blocks: menus, selling points, footer (browsing §2 "Default layout", "Menus and footer").

export const menuLinkSchema = block("menu_link", {
  name: label(),
  link: cmsLinkSchema,
  /** Opens that modal instead of following the link (the footer's size guide). */
  modal: z.enum(["size-guide"]).optional(),
});

/** The image tile of a mega-menu panel; `displayOverlay` puts the title and button on the image. */
export const menuCtaSchema = block("cta", {
  asset: imageAssetSchema,
  title: text(200),
  buttonText: text(100),
  buttonLink: cmsLinkSchema,
  displayOverlay: z.boolean(),
});

export const menuItemSchema = block("menu_item", {
  name: label(),
  /** Whether the entry itself is a link; a non-clickable one only opens its panel. */
  clickable: z.boolean(),
  link: cmsLinkSchema,
  columnOneTitle: text(200).optional(),
  columnOne: z.array(menuLinkSchema).max(40, "must hold at most 40 links"),
  columnTwoTitle: text(200).optional(),
  columnTwo: z.array(menuLinkSchema).max(40, "must hold at most 40 links"),
  cta: menuCtaSchema.optional(),
});

/** The desktop mega menu (`body`) and the mobile menu's extra top-level links and footer links. */
export const menuSchema = block("menu", {
  body: z.array(menuItemSchema).max(30, "must hold at most 30 items"),
  topLevelSubItems: z.array(menuLinkSchema).max(30, "must hold at most 30 links"),
  footerItems: z.array(menuLinkSchema).max(30, "must hold at most 30 links"),
});

export const SELLING_POINT_ICONS = ["check", "truck", "clock", "return"] as const;

export const sellingPointSchema = block("selling_point", {
  labelBold: text(100),
  labelNormal: text(200),
  link: cmsLinkSchema.optional(),
  icon: z.enum(SELLING_POINT_ICONS).optional(),
});

export const sellingPointsSchema = block("selling_points", {
  body: z.array(sellingPointSchema).min(1, "must hold at least one selling point").max(10),
  /** The bar's rotation on phones; 5000 ms when absent (browsing §2). */
  rotationMs: z.number().int().min(1000).max(60_000).optional(),
});

export const SOCIAL_NETWORKS = [
  "instagram",
  "facebook",
  "pinterest",
  "youtube",
  "linkedin",
  "tiktok",
  "x",
] as const;

export const socialLinkSchema = block("social_link", {
  name: label(),
  link: cmsLinkSchema,
  icon: z.enum(SOCIAL_NETWORKS).optional(),
});

export const footerColumnSchema = block("footer_column", {
  title: label(),
  links: z.array(menuLinkSchema).max(30, "must hold at most 30 links"),
});

export const footerSchema = block("footer", {
  socialSectionTitle: text(200),
  socialLinks: z.array(socialLinkSchema).max(12, "must hold at most 12 links"),
  links: z.array(footerColumnSchema).max(6, "must hold at most 6 columns"),
  newsletterTitle: text(200),
  newsletterSubtitle: text(500),
});

// ---------------------------------------------------------------------------------------------
// A story's content: one of the root blocks.

export const STORY_COMPONENTS = ["page", "category_content", "menu", "selling_points", "footer"] as const;
export type StoryComponent = (typeof STORY_COMPONENTS)[number];

export const storyContentSchema = oneOf(
  [pageSchema, categoryContentSchema, menuSchema, sellingPointsSchema, footerSchema],
  STORY_COMPONENTS,
);

/** Stories whose root is a page are CMS pages (routable, `cms_page`); the others are blocks (`cms_block`). */
export function storyKind(component: string): "cms_page" | "cms_block" {
  return component === "page" ? "cms_page" : "cms_block";
}

/** Fields holding HTML, by component: the server sanitises exactly these. */
export const RICH_TEXT_FIELDS = lookupTable<readonly string[]>({ text: ["text"] });

export type CmsLink = z.output<typeof cmsLinkSchema>;
export type CmsAsset = z.output<typeof cmsAssetSchema>;
export type CmsSeo = z.output<typeof cmsSeoSchema>;
export type TileBlock = z.output<typeof tileSchema>;
export type GridTileBlock = z.output<typeof gridTileSchema>;
export type GridBlock = z.output<typeof gridSchema>;
export type TextBlock = z.output<typeof textSchema>;
export type CarouselBlock = z.output<typeof carouselSchema>;
export type BannerBlock = z.output<typeof bannerSchema>;
export type PageBlock = z.output<typeof pageBlockSchema>;
export type PageContent = z.output<typeof pageSchema>;
export type CategoryContent = z.output<typeof categoryContentSchema>;
export type MenuLinkBlock = z.output<typeof menuLinkSchema>;
export type MenuCtaBlock = z.output<typeof menuCtaSchema>;
export type MenuItemBlock = z.output<typeof menuItemSchema>;
export type MenuContent = z.output<typeof menuSchema>;
export type SellingPointBlock = z.output<typeof sellingPointSchema>;
export type SellingPointsContent = z.output<typeof sellingPointsSchema>;
export type SocialLinkBlock = z.output<typeof socialLinkSchema>;
export type FooterColumnBlock = z.output<typeof footerColumnSchema>;
export type FooterContent = z.output<typeof footerSchema>;
export type StoryContent = z.output<typeof storyContentSchema>;
