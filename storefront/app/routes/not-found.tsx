import { t } from "@etalage/core";
import { data, useRouteLoaderData } from "react-router";
import { NotFoundContent } from "../features/shell/status-page.tsx";
import type { loader as layoutLoader } from "../layouts/default-layout.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `${t("Page not found")} – Etalage` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const layout = useRouteLoaderData<typeof layoutLoader>("layouts/default-layout");
  return <NotFoundContent menu={layout?.menu} />;
}
