import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { may, requireSession } from "../back-office-session.ts";
import { loadWebhooks, WebhooksView, webhookAction } from "../back-office-webhooks.tsx";

export const page = backOfficePage({
  title: t("Webhooks"),
  load: async (request) => {
    const session = await requireSession();
    return may(session, "webhooks.manage") ? await loadWebhooks(new URL(request.url)) : null;
  },
  act: (form) => webhookAction(form),
  View: ({ data, result }) =>
    data ? (
      <WebhooksView data={data} result={result} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
