import { pageTitle, t } from "@etalage/core";
import { useMatches, useParams } from "react-router";
import { type AccountSection, MyAccountPage } from "../pages/my-account/my-account-page.tsx";

/** `/my-account` and its pages; one module, the route id names the section. */
export function meta() {
  return [{ title: pageTitle(t("My account")) }, { name: "robots", content: "noindex" }];
}

const SECTIONS: Record<string, AccountSection> = {
  "my-account": "overview",
  "my-account-details": "details",
  "my-account-addresses": "addresses",
  "my-account-orders": "orders",
  "my-account-order": "order",
  "my-account-favorites": "favorites",
};

export default function MyAccount() {
  const id = useMatches().at(-1)?.id ?? "my-account";
  const { orderNumber } = useParams();
  return <MyAccountPage section={SECTIONS[id] ?? "overview"} {...(orderNumber ? { orderNumber } : {})} />;
}
