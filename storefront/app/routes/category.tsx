import type { Category } from "@etalage/core";
import { data } from "react-router";
import { CategoryPage, categoryMeta } from "../features/catalog/category-page.tsx";
import { sharedCategoryPage } from "../features/catalog/category-page-data.ts";
import { cmsViews, withCategoryCms } from "../features/cms/cms-category.ts";
import { PageBoundary } from "../lib/page-boundary.tsx";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/category";

/**
 * Critical: the category by its slug and its listing page; a missing or inactive one is a 404.
 * The CMS's `categories/{url_path}` adds tiles and an alternate title, as on the dispatcher's.
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const byPath = services.categoryByUrlPath(params.slug);
  const category =
    findBySlug(services.categoryTree(), params.slug) ?? (byPath?.is_active ? byPath : undefined);
  if (!category) {
    // Browsing §8's message, in English for logs and the client's offline handling.
    throw data({ message: `Category query returned empty result slug = ${params.slug}` }, { status: 404 });
  }
  // `url` is the page's address; `request.url` of a client navigation is its `.data` fetch.
  const page = new Request(url, { headers: request.headers, signal: request.signal });
  return withCategoryCms(services, category, await sharedCategoryPage({ services, category, request: page }));
}

/** A client navigation renders at once: the CMS tiles' chunk is loaded with the data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader();
  if (loaded.cms) await cmsViews.load();
  return loaded;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return categoryMeta(
    loaderData,
    new URL(location.pathname + location.search, loaderData?.meta.origin ?? "http://localhost"),
  );
}

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  // At hydration the boundary keeps the server's HTML until the CMS tiles' chunk is there.
  return (
    <PageBoundary>
      <CategoryWithCms data={loaderData} />
    </PageBoundary>
  );
}

function CategoryWithCms({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const tiles = data.cms ? cmsViews.use().categoryGridTiles(data.cms) : undefined;
  return <CategoryPage data={data} tiles={tiles} />;
}

function findBySlug(tree: readonly Category[], slug: string): Category | undefined {
  for (const category of tree) {
    if (!category.is_active) continue;
    if (category.slug === slug) return category;
    const child = findBySlug(category.children_data ?? [], slug);
    if (child) return child;
  }
  return undefined;
}
