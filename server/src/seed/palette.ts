/**
 * What the demo catalogue sells and in which colours. The catalogue generator picks from these,
 * and the image drawer draws each kind in each colour, so every product has a picture that
 * matches its name and colour.
 */

/** One drawing per kind; a product's image path names its kind. */
export const PRODUCT_KINDS = [
  "shirt", // overhemd
  "tshirt",
  "polo",
  "sweater", // trui
  "cardigan", // vest
  "jacket", // jas
  "coat", // lange jas
  "trousers", // broek, chino
  "jeans",
  "suit", // pak / colbert
  "sneaker",
  "dress-shoe", // nette schoen
  "boot",
  "loafer",
  "belt",
  "socks",
  "scarf",
  "bag",
] as const;

export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** What can be drawn: every product kind, and the gift card, which is a voucher and no garment. */
export type DrawnKind = ProductKind | "giftcard";

/** Colour option keys (the attribute option value is a number; these are the drawing keys). */
export const COLORS = [
  { key: "zwart", label: "Zwart", hex: "#1d1d1f" },
  { key: "wit", label: "Wit", hex: "#f4f3ef" },
  { key: "navy", label: "Navy", hex: "#1f2a44" },
  { key: "blauw", label: "Blauw", hex: "#3d6fb6" },
  { key: "lichtblauw", label: "Lichtblauw", hex: "#a9c6e8" },
  { key: "grijs", label: "Grijs", hex: "#8a8d91" },
  { key: "antraciet", label: "Antraciet", hex: "#3b3e42" },
  { key: "beige", label: "Beige", hex: "#d8c7a8" },
  { key: "bruin", label: "Bruin", hex: "#6b4a2f" },
  { key: "cognac", label: "Cognac", hex: "#9a5a2b" },
  { key: "groen", label: "Groen", hex: "#3f6b4a" },
  { key: "olijf", label: "Olijf", hex: "#6b6b3a" },
  { key: "bordeaux", label: "Bordeaux", hex: "#6d1f2f" },
  { key: "rood", label: "Rood", hex: "#b3262e" },
  { key: "roze", label: "Roze", hex: "#e8b4bc" },
  { key: "geel", label: "Geel", hex: "#e3c04b" },
  { key: "oranje", label: "Oranje", hex: "#d9722b" },
  { key: "paars", label: "Paars", hex: "#5b3a78" },
] as const;

export type ColorKey = (typeof COLORS)[number]["key"];

/** Two views per product: the whole garment, and a closer, turned look for the second card image. */
export const IMAGE_VIEWS = ["front", "detail"] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

/**
 * What a drawing shows beyond its kind, so it agrees with the product's name and attributes
 * (issue 14): a kind's own sleeves, neck, closure, shaft or shape are its default; these change them.
 */
export const DRAWING_FEATURES = {
  shirt: ["short-sleeve"],
  tshirt: ["long-sleeve"],
  polo: ["long-sleeve"],
  sweater: ["hood", "roll-neck"],
  cardigan: ["hood"],
  jacket: ["sleeveless"],
  suit: ["jacket-only", "waistcoat"],
  boot: ["laces"],
  sneaker: ["high"],
  "dress-shoe": ["monk"],
  bag: ["backpack", "weekender"],
} as const satisfies Partial<Record<ProductKind, readonly string[]>>;

export type DrawingFeature = (typeof DRAWING_FEATURES)[keyof typeof DRAWING_FEATURES][number];

/**
 * The image path stored in a product's `image` and `media_gallery`, served through /img:
 * `/product/{kind}[+feature…]/{colour}/{view}.svg`, e.g. `/product/shirt+short-sleeve/wit/front.svg`.
 */
export function productImagePath(
  kind: DrawnKind,
  color: ColorKey,
  view: ImageView = "front",
  features: readonly DrawingFeature[] = [],
): string {
  return `/product/${[kind, ...[...features].sort()].join("+")}/${color}/${view}.svg`;
}
