import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { loadReturnList, ReturnListView } from "../back-office-returns.tsx";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Returns"),
  load: async (request) => {
    const session = await requireSession();
    return may(session, "returns.manage") ? await loadReturnList(new URL(request.url)) : null;
  },
  View: ({ data }) =>
    data ? (
      <ReturnListView list={data} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
