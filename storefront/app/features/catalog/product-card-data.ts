import { applyTax, type Product, specialPriceActive } from "@etalage/core";
import { hasImage } from "../../lib/images.ts";
import { productPath } from "../../lib/links.ts";

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
  /** Special price including tax, only when it applies today and is lower than the price. */
  specialPrice: number | null;
  isNew: boolean;
}

/**
 * Fallback while the index does not yet serve computed price fields: NL 21 % on the net price.
 * Once `price_incl_tax` is there (browsing §1: tax is calculated server-side) it wins.
 */
const FALLBACK_TAX_PERCENT = 21;

export interface CardDataOptions {
  /** Resolves option values (the brand is stored as one) to their labels. */
  optionLabel?: (attributeCode: string, value: string | number) => string | undefined;
  now?: Date;
}

export function toProductCardData(product: Product, options: CardDataOptions = {}): ProductCardData {
  const now = options.now ?? new Date();
  const gallery = (product.media_gallery ?? [])
    .filter((m) => m.typ === "image")
    .toSorted((a, b) => a.pos - b.pos);
  const image = hasImage(product.image) ? product.image : (gallery[0]?.image ?? null);
  const hoverImage = gallery.map((m) => m.image).find((path) => hasImage(path) && path !== image) ?? null;
  const { price, special } = pricesInclTax(product, now);
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    brand: brandName(product.brand, options.optionLabel),
    href: productPath(product),
    image,
    hoverImage,
    price,
    specialPrice: special !== null && special < price ? special : null,
    isNew: product.new === 1,
  };
}

function pricesInclTax(product: Product, now: Date): { price: number; special: number | null } {
  if (typeof product.price_incl_tax === "number") {
    const special = product.special_price_incl_tax;
    return {
      price: product.price_incl_tax,
      special: typeof special === "number" && special > 0 ? special : null,
    };
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
