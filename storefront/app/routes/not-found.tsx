import { PAGE_NOT_FOUND_ROUTE, pageTitle, t } from "@etalage/core";
import { data } from "react-router";
import { NotFoundPage } from "../features/shell/status-page.tsx";

/**
 * page-not-found (browsing §2): any path nothing answers. Not a route of its own in routes.ts;
 * the dispatcher and the placeholder routes render it, error boundaries render its content.
 */
export function loader() {
  return data({ kind: "not-found" as const, route: PAGE_NOT_FOUND_ROUTE }, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle(t("Page not found")) }, { name: "robots", content: "noindex" }];
}

export default NotFoundPage;
