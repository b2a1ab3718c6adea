import type { Category, GridTileBlock } from "@etalage/core";
import type { StorefrontServices } from "../../lib/server-context.ts";
import type { GridTile } from "../../ui/products/listing-grid.tsx";
import { CmsBlocks } from "./cms-blocks.tsx";
import { type CmsPageData, cmsPageData } from "./cms-page-data.ts";
import { CmsTile } from "./cms-tile.tsx";

/*
 * The CMS parts of the URL dispatcher (browsing §2 "CMS pages", "Category listing"): a content
 * page by its full slug, and a category listing's alternate title and grid tiles from
 * `categories/{url_path}`.
 */

type Services = Pick<StorefrontServices, "story" | "productsInCategory" | "productBySku" | "optionLabel">;

/** A published page story for URL mapping's `cms_page` match, or undefined (→ page-not-found). */
export async function loadCmsPage(
  services: Services,
  source: Record<string, unknown>,
): Promise<CmsPageData | undefined> {
  const slug = typeof source.full_slug === "string" ? source.full_slug : String(source.identifier ?? "");
  const story = slug ? await services.story(slug) : undefined;
  return story ? cmsPageData(services, story) : undefined;
}

/** What a listing takes from the CMS. */
export interface CategoryCms {
  title?: string;
  tiles: GridTileBlock[];
}

export async function loadCategoryCms(
  services: Pick<StorefrontServices, "story">,
  category: Category,
): Promise<CategoryCms | undefined> {
  const story = await services.story(`categories/${category.url_path}`).catch(() => undefined);
  if (story?.content.component !== "category_content") return undefined;
  const { alternateTitle, grid } = story.content;
  return { ...(alternateTitle ? { title: alternateTitle } : {}), tiles: grid };
}

/** CMS grid tiles as the product grid's cells: `position` is 1-based in the CMS, 0-based in the grid. */
export function categoryGridTiles(cms: CategoryCms | undefined): GridTile[] | undefined {
  if (!cms || cms.tiles.length === 0) return undefined;
  return cms.tiles.map((tile) => ({
    position: tile.position - 1,
    span: 2,
    node: <CmsTile tile={tile} className="cms-tile--cell" />,
  }));
}

export function CmsPage({ page }: { page: CmsPageData }) {
  const startsWithTile = page.blocks[0]?.component === "tile";
  return (
    <article className="cms-page">
      <h1 className={startsWithTile ? "visually-hidden" : "container cms-page__title"}>{page.title}</h1>
      <CmsBlocks page={page} />
    </article>
  );
}
