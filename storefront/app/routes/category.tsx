import type { Category } from "@etalage/core";
import { data } from "react-router";
import { CategoryPage, categoryMeta } from "../features/catalog/category-page.tsx";
import { loadCategoryPage } from "../features/catalog/category-page-data.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/category";

/** Critical: the category by its slug and its listing page; a missing or inactive one is a 404. */
export function loader({ context, params, request, url }: Route.LoaderArgs) {
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
  return loadCategoryPage({ services, category, request: page });
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  return categoryMeta(
    loaderData,
    new URL(location.pathname + location.search, loaderData?.meta.origin ?? "http://localhost"),
  );
}

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  return <CategoryPage data={loaderData} />;
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
