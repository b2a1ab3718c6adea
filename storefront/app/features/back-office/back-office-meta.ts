import { pageTitle, t } from "@etalage/core";

/** Every back-office page: its title, and never in a search engine. */
export function backOfficeMeta(title: string) {
  return [{ title: pageTitle(`${title} · ${t("Back office")}`) }, { name: "robots", content: "noindex" }];
}
