import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { loadReturn, ReturnDetailView, returnAction } from "../back-office-returns.tsx";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Return"),
  load: async (_request, params) => {
    const session = await requireSession();
    if (!may(session, "returns.manage")) return null;
    // An unknown or mistyped number shows as not found, inside the frame.
    const detail = await loadReturn(params.nummer ?? "").catch(() => null);
    return { detail, mayRefund: may(session, "orders.refund") };
  },
  act: (form) => returnAction(form),
  View: ({ data, result }) =>
    data?.detail ? (
      <ReturnDetailView detail={data.detail} mayRefund={data.mayRefund} result={result} />
    ) : data ? (
      <Notice kind="error">{t("Return not found")}</Notice>
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
