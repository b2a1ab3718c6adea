import { pageTitle, t } from "@etalage/core";
import { useParams, useSearchParams } from "react-router";
import { RequireLogin } from "../features/account/require-login.tsx";
import { ReturnLabelView } from "../features/returns/return-label.tsx";

/**
 * `/retour/{number}`: a return's printable label (issue 25 item 3), reached as its order's page
 * is: a guest with the order's token in the link, a customer signed in. The browser fetches it,
 * so the page is the shopper's own: never cached, never indexed, its token sent nowhere else.
 */
export function meta() {
  return [
    { title: pageTitle(t("Return label")) },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export default function ReturnLabelPage() {
  const { returnNumber = "" } = useParams();
  const token = useSearchParams()[0].get("token") ?? undefined;
  return token ? (
    <ReturnLabelView number={returnNumber} token={token} />
  ) : (
    <RequireLogin>
      <ReturnLabelView number={returnNumber} />
    </RequireLogin>
  );
}
