import { pageTitle, t } from "@etalage/core";
import { NotFoundPage } from "../shell/status-page.tsx";

/**
 * page-not-found (browsing §2): any path nothing answers. Not a route of its own in routes.ts;
 * the dispatcher and the placeholder routes render it, error boundaries render its content.
 */
export function meta() {
  return [{ title: pageTitle(t("Page not found")) }, { name: "robots", content: "noindex" }];
}

export default NotFoundPage;
