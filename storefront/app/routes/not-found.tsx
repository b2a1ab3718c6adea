import { PAGE_NOT_FOUND_ROUTE, t } from "@etalage/core";
import { data, useRouteLoaderData } from "react-router";
import { NotFoundContent } from "../features/shell/status-page.tsx";
import type { loader as layoutLoader } from "../layouts/default-layout.tsx";

/**
 * page-not-found (browsing §2): any path nothing answers. Not a route of its own in routes.ts;
 * the dispatcher and the placeholder routes render it, error boundaries render its content.
 */
export function loader() {
  return data({ kind: "not-found" as const, route: PAGE_NOT_FOUND_ROUTE }, { status: 404 });
}

export function meta() {
  return [{ title: `${t("Page not found")} – Etalage` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const layout = useRouteLoaderData<typeof layoutLoader>("layouts/default-layout");
  return <NotFoundContent menu={layout?.menu} />;
}
