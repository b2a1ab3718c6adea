import { t } from "@etalage/core";
import { ErrorContent } from "../features/shell/status-page.tsx";

export function meta() {
  return [{ title: `${t("Something went wrong")} – Etalage` }, { name: "robots", content: "noindex" }];
}

export default function ErrorPage() {
  return <ErrorContent />;
}
