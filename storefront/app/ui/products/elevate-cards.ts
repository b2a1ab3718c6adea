import type { ProductGroup } from "@apptus/esales-api";
import type { ProductCardData } from "./product-card-data.ts";

/** A recommended product as a product card, with the ticket its click notification carries. */
export interface RecommendedCard extends ProductCardData {
  ticket: string;
}

/** Elevate's first product of each group as the shop's card (browsing §3 "Recommendation product"). */
export function cardsOf(groups: readonly ProductGroup[]): RecommendedCard[] {
  const out: RecommendedCard[] = [];
  for (const group of groups) {
    const p = group.products[0];
    if (!p) continue;
    const images = p.imageInfo.images
      .map((i) => i.sources[0]?.url)
      .filter((u): u is string => typeof u === "string");
    const price = p.listPrice.min;
    const selling = p.sellingPrice.min;
    out.push({
      id: out.length,
      sku: p.key,
      name: p.title,
      brand: p.brand || null,
      href: p.link,
      image: images[0] ?? null,
      hoverImage: images[1] ?? null,
      price,
      specialPrice: selling < price ? selling : null,
      labels: [],
      ticket: p.ticket,
    });
  }
  return out;
}
