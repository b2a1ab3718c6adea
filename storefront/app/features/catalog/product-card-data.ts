import type { Product } from "@etalage/core";
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
 * Temporary: NL 21 % on the net price. The catalogue issue replaces this with the server's
 * `price_incl_tax` and `special_price_incl_tax` (browsing §1: tax is calculated server-side).
 */
const TAX_RATE = 0.21;
const inclTax = (net: number) => Math.round(net * (1 + TAX_RATE) * 100) / 100;

export function toProductCardData(product: Product, now: Date = new Date()): ProductCardData {
  const gallery = (product.media_gallery ?? [])
    .filter((m) => m.typ === "image")
    .toSorted((a, b) => a.pos - b.pos);
  const image = hasImage(product.image) ? product.image : (gallery[0]?.image ?? null);
  const hoverImage = gallery.map((m) => m.image).find((path) => hasImage(path) && path !== image) ?? null;
  const price = inclTax(product.price);
  const special = specialApplies(product, now) ? inclTax(product.special_price as number) : null;
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    brand: typeof product.brand === "string" && product.brand !== "" ? product.brand : null,
    href: productPath(product),
    image,
    hoverImage,
    price,
    specialPrice: special !== null && special < price ? special : null,
    isNew: product.new === 1,
  };
}

/** A special price counts only inside its from/to dates (browsing §4 "Filters and listing"). */
function specialApplies(product: Product, now: Date): boolean {
  const special = product.special_price;
  if (typeof special !== "number" || !(special > 0)) return false;
  const from = product.special_from_date ? Date.parse(product.special_from_date) : Number.NaN;
  const to = product.special_to_date ? Date.parse(product.special_to_date) : Number.NaN;
  if (!Number.isNaN(from) && now.getTime() < from) return false;
  if (!Number.isNaN(to) && now.getTime() > to + 86_400_000) return false;
  return true;
}
