import { t } from "@etalage/core";
import { useActionData } from "react-router";
import { Loading, Notice } from "../../features/back-office/back-office-frame.tsx";
import { backOfficeMeta } from "../../features/back-office/back-office-meta.ts";
import {
  loadPendingReviews,
  moderate,
  ReviewsPage,
} from "../../features/back-office/back-office-reviews.tsx";
import { may, requireSession } from "../../features/back-office/back-office-session.ts";
import type { Route } from "./+types/beheer-reviews";

export const meta = () => backOfficeMeta(t("Review moderation"));

export async function clientLoader() {
  const session = await requireSession();
  return may(session, "reviews.moderate") ? { reviews: await loadPendingReviews() } : { reviews: null };
}
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;
export const clientAction = async ({ request }: Route.ClientActionArgs) => moderate(await request.formData());

export default function BeheerReviews({ loaderData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  const result = useActionData<typeof clientAction>();
  if (!reviews) return <Notice kind="error">{t("Back office: your role may not do this")}</Notice>;
  return <ReviewsPage reviews={reviews} result={result} />;
}
