import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { loadOrders, OrdersPage } from "../back-office-orders.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Orders"),
  load: async (request) => {
    const session = await requireSession();
    return may(session, "orders.read") ? await loadOrders(new URL(request.url)) : null;
  },
  View: ({ data }) =>
    data ? (
      <OrdersPage load={data} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
