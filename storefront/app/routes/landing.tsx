import { categoryMeta } from "../features/catalog/category-meta.ts";
import { servicesContext } from "../lib/server-context.ts";
import { LandingPage } from "../pages/landing/landing-page.tsx";
import { loadLandingPage } from "../pages/landing/landing-page-data.ts";
import type { Route } from "./+types/landing";

/**
 * Critical: a landing page of the search provider, `/l/elevate/{url_path}/` (browsing §2, strict
 * trailing slash): its list, facets, sort and page come from Elevate (in-process by default).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return loadLandingPage(context.get(servicesContext), url);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return categoryMeta(loaderData);
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} />;
}
