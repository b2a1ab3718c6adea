import type { CarouselBlock, CmsSeo, CmsStory, PageBlock, Product } from "@etalage/core";
import type { StorefrontServices } from "../../lib/server-context.ts";
import { type ProductCardData, toProductCardData } from "../../ui/products/product-card-data.ts";

/** Browsing §9: recommendation lists show 8. */
const CAROUSEL_LIMIT = 8;

/** What a CMS page renders: its blocks and the cards of its carousels (not whole products). */
export interface CmsPageData {
  id: number;
  fullSlug: string;
  title: string;
  seo: CmsSeo | null;
  blocks: PageBlock[];
  /** Cards per carousel `_uid`. */
  carousels: Record<string, ProductCardData[]>;
}

type PageServices = Pick<StorefrontServices, "productsInCategory" | "productBySku" | "optionLabel">;

/** A page story's data, or undefined when the story is not a page. */
export function cmsPageData(services: PageServices, story: CmsStory): CmsPageData | undefined {
  const content = story.content;
  if (content.component !== "page") return undefined;
  const carousels: Record<string, ProductCardData[]> = {};
  for (const block of content.body) {
    if (block.component === "carousel") carousels[block._uid] = carouselCards(services, block);
  }
  return {
    id: story.id,
    fullSlug: story.full_slug,
    title: content.title ?? story.name,
    seo: content.seo ?? null,
    blocks: content.body,
    carousels,
  };
}

function carouselCards(services: PageServices, block: CarouselBlock): ProductCardData[] {
  const limit = block.limit ?? CAROUSEL_LIMIT;
  let products: Product[] = [];
  if (block.source === "category" && block.categoryId !== undefined) {
    products = services.productsInCategory(block.categoryId, limit);
  } else if (block.skus) {
    const seen = new Set<number>();
    for (const sku of block.skus) {
      const product = services.productBySku(sku);
      if (!product || seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
      if (products.length >= limit) break;
    }
  }
  const optionLabel = services.optionLabel.bind(services);
  return products.map((p) => toProductCardData(p, { optionLabel }));
}
