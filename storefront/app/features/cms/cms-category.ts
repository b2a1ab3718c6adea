import type { Category } from "@etalage/core";
import { deferredModule } from "../../lib/deferred-module.ts";
import type { StorefrontServices } from "../../lib/server-context.ts";
import { type CategoryCms, loadCategoryCms } from "./cms-route.tsx";

/**
 * The CMS blocks' code, in its own chunk: a category page downloads it only when it has CMS tiles
 * (docs/decisions/0007). The route that shows the tiles awaits `load()` in its loaders.
 */
export const cmsViews = deferredModule(() => import("./cms-views.ts"));

/**
 * A category listing with its CMS content (browsing §2 "Category listing"): the alternate title,
 * and the tiles on the first page only, since their positions are cells of that page. Used by the
 * explicit `/c/:slug` route; the URL dispatcher does the same for url_path pages.
 */
export async function withCategoryCms<Page extends { paging: { page: number }; title?: string }>(
  services: Pick<StorefrontServices, "story">,
  category: Category,
  page: Page,
): Promise<Page & { cms?: CategoryCms }> {
  const cms = await loadCategoryCms(services, category);
  if (!cms) return page;
  const tiles = page.paging.page <= 1 ? cms : undefined;
  if (tiles) await cmsViews.load();
  return { ...page, ...(cms.title ? { title: cms.title } : {}), ...(tiles ? { cms: tiles } : {}) };
}
