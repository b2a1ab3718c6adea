import { applyTax, type Product, type ProductLabel, productLink, specialPriceActive } from "@etalage/core";
import { hasImage } from "../../lib/images.ts";
import { type CardVariants, cardVariants } from "./card-variants.ts";

/** The four corners of a card image (browsing §3 "Product label": positions 0, 2, 6 and 8). */
type LabelCorner = "top-left" | "top-right" | "bottom-left" | "bottom-right";

export interface CardLabel {
  corner: LabelCorner;
  text: string;
  background: string;
  color: string;
  image: string | null;
}

/** What a product card needs, built in the loader so the browser is not sent whole products. */
export interface ProductCardData {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  href: string;
  image: string | null;
  /** The second image, shown on hover (browsing §2 "Product card": up to 2 images). */
  hoverImage: string | null;
  /** Regular price including tax. */
  price: number;
  /** The lower price the shopper pays today, or null; the regular price is then struck through. */
  specialPrice: number | null;
  /** Listing labels (type 1), at most one per corner. */
  labels: CardLabel[];
  /** A configurable's colours and sizes in stock, where the page asked for them (issue 14). */
  variants?: CardVariants | null;
}

/**
 * Fallback while a product arrives without computed price fields: NL 21 % on the net price.
 * The services price every product (browsing §1: tax is calculated server-side), so this is rare.
 */
const FALLBACK_TAX_PERCENT = 21;

/** The product fields `toProductCardData` reads: a `_source_include` for client-side searches. */
export const CARD_PRODUCT_FIELDS = [
  "id",
  "sku",
  "parentSku",
  "name",
  "brand",
  "image",
  "media_gallery",
  "price",
  "price_incl_tax",
  "regular_price_incl_tax",
  "final_price_incl_tax",
  "special_price",
  "special_from_date",
  "special_to_date",
  "product_labels",
  "type_id",
  "slug",
  "url_key",
  "url_path",
] as const;

export interface CardDataOptions {
  /** Resolves option values (the brand is stored as one) to their labels. */
  optionLabel?: (attributeCode: string, value: string | number) => string | undefined;
  now?: Date;
  /** Colour swatches and sizes on the card (listings): the colour attribute's swatch of a value. */
  swatch?: (value: string) => string | null;
}

export function toProductCardData(product: Product, options: CardDataOptions = {}): ProductCardData {
  const gallery = (product.media_gallery ?? [])
    .filter((m) => m.typ === "image")
    .toSorted((a, b) => a.pos - b.pos);
  const image = hasImage(product.image) ? product.image : (gallery[0]?.image ?? null);
  const hoverImage = gallery.map((m) => m.image).find((path) => hasImage(path) && path !== image) ?? null;
  const { price, special } = pricesInclTax(product, options.now ?? new Date());
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    brand: brandName(product.brand, options.optionLabel),
    href: productLink(product),
    image,
    hoverImage,
    price,
    specialPrice: special !== null && special < price ? special : null,
    labels: cardLabels(product.product_labels),
    ...(options.swatch
      ? {
          variants: cardVariants(product, {
            swatch: options.swatch,
            ...(options.optionLabel ? { optionLabel: options.optionLabel } : {}),
          }),
        }
      : {}),
  };
}

/** Position → corner (browsing §3): 0 top-left, 2 top-right, 6 bottom-left, 8 bottom-right, else top-left. */
function labelCorner(position: number): LabelCorner {
  switch (position) {
    case 2:
      return "top-right";
    case 6:
      return "bottom-left";
    case 8:
      return "bottom-right";
    default:
      return "top-left";
  }
}

/** Listing labels (type 1), the first per corner (browsing §9: 1 label per corner). */
function cardLabels(labels: readonly ProductLabel[] | undefined): CardLabel[] {
  const byCorner = new Map<LabelCorner, CardLabel>();
  for (const label of labels ?? []) {
    if (label.type !== 1) continue;
    const corner = labelCorner(label.position);
    if (byCorner.has(corner)) continue;
    byCorner.set(corner, {
      corner,
      text: label.label_text || label.alt_tag || "",
      background: label.label_background_color,
      color: label.label_text_color,
      image: hasImage(label.image) ? label.image : null,
    });
  }
  return [...byCorner.values()];
}

function pricesInclTax(product: Product, now: Date): { price: number; special: number | null } {
  const regular = product.regular_price_incl_tax ?? product.price_incl_tax;
  if (typeof regular === "number") {
    const final = product.final_price_incl_tax;
    return { price: regular, special: typeof final === "number" && final > 0 ? final : null };
  }
  const price = applyTax(product.price, FALLBACK_TAX_PERCENT).incl_tax;
  const special = specialPriceActive(product, now)
    ? applyTax(product.special_price as number, FALLBACK_TAX_PERCENT).incl_tax
    : null;
  return { price, special };
}

/** A brand stored as an option value needs its label; a bare number is never shown to a shopper. */
function brandName(brand: unknown, optionLabel: CardDataOptions["optionLabel"]): string | null {
  if (typeof brand !== "string" && typeof brand !== "number") return null;
  const label = optionLabel?.("brand", brand);
  if (label) return label;
  return typeof brand === "string" && brand.trim() !== "" && !/^\d+$/.test(brand) ? brand : null;
}
