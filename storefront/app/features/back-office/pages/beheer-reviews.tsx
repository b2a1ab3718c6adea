import { t } from "@etalage/core";
import { Notice } from "../back-office-frame.tsx";
import { backOfficePage } from "../back-office-page.ts";
import { loadPendingReviews, moderate, ReviewsPage } from "../back-office-reviews.tsx";
import { may, requireSession } from "../back-office-session.ts";

export const page = backOfficePage({
  title: t("Review moderation"),
  load: async () => {
    const session = await requireSession();
    return may(session, "reviews.moderate") ? await loadPendingReviews() : null;
  },
  act: (form) => moderate(form),
  View: ({ data, result }) =>
    data ? (
      <ReviewsPage reviews={data} result={result} />
    ) : (
      <Notice kind="error">{t("Back office: your role may not do this")}</Notice>
    ),
});
