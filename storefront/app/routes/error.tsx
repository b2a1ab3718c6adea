import { pageTitle, t } from "@etalage/core";
import { ErrorContent } from "../shell/status-page.tsx";

export function meta() {
  return [{ title: pageTitle(t("Something went wrong")) }, { name: "robots", content: "noindex" }];
}

export default function ErrorPage() {
  return <ErrorContent />;
}
