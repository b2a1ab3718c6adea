import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { loadOrder, OrderPage } from "../back-office-order.tsx";
import { actOnOrder } from "../back-office-order-actions.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Order"),
  load: async (_request, params) => {
    const session = await requireSession();
    return may(session, "orders.read") ? await loadOrder(session, params.nummer ?? "") : null;
  },
  act: (form, params) => actOnOrder(form, params.nummer ?? ""),
  View: ({ data, result }) =>
    data ? (
      <OrderPage load={data} result={result} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
