import { t } from "@etalage/core";
import { AuditLogPage, loadAuditPage } from "../back-office-audit.tsx";
import { Notice } from "../back-office-frame.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Audit log"),
  load: async (request) => {
    const session = await requireSession();
    return may(session, "audit.read") ? await loadAuditPage(new URL(request.url)) : null;
  },
  View: ({ data }) =>
    data ? (
      <AuditLogPage log={data} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
