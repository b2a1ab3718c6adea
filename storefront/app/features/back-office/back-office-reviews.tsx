import { formatDate, t } from "@etalage/core";
import { Form, useNavigation } from "react-router";
import { currentSession, failureOf, getJson, postJson } from "./back-office-api.ts";
import { Notice, PageHeading } from "./back-office-frame.tsx";

export interface PendingReview {
  id: number;
  title: string;
  detail: string;
  nickname: string;
  rating: number;
  created_at: string;
  product: { id: number; sku: string; name: string; url: string | null };
}

export type ModerationResult = { ok: true; message: string } | { ok: false; error: string };

export const loadPendingReviews = () => getJson<PendingReview[]>("/reviews");

/** Approve, or reject with a reason; the list reloads after either. */
export async function moderate(form: FormData): Promise<ModerationResult> {
  const id = Number(form.get("id"));
  const approve = form.get("intent") === "approve";
  try {
    const session = await currentSession();
    const csrf = session?.csrf_token;
    if (approve) await postJson(`/reviews/${id}/approve`, {}, csrf);
    else await postJson(`/reviews/${id}/reject`, { reason: String(form.get("reason") ?? "") }, csrf);
    return { ok: true, message: approve ? t("The review is approved.") : t("The review is rejected.") };
  } catch (error) {
    return { ok: false, ...failureOf(error) };
  }
}

/** `/beheer/reviews` (redacteur, beheerder): the pending reviews with their product. */
export function ReviewsPage({
  reviews,
  result,
}: {
  reviews: PendingReview[];
  result: ModerationResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section>
      <PageHeading>{t("Pending reviews")}</PageHeading>
      {result ? (
        <Notice kind={result.ok ? "done" : "error"}>{result.ok ? result.message : result.error}</Notice>
      ) : null}
      {reviews.length === 0 ? <p>{t("No reviews are waiting.")}</p> : null}
      <ul className="bo__reviews">
        {reviews.map((r) => (
          <li key={r.id}>
            <article
              className="bo__review"
              aria-labelledby={`bo-review-${r.id}`}
              data-testid="pending-review"
            >
              <h2 id={`bo-review-${r.id}`}>{r.title}</h2>
              <p>
                {r.product.url ? (
                  <a href={r.product.url} target="_blank" rel="noopener">
                    {t("Review of {product}", { product: r.product.name })}
                  </a>
                ) : (
                  t("Review of {product}", { product: r.product.name })
                )}{" "}
                <span className="bo__hint">({r.product.sku})</span>
              </p>
              <p>
                <span aria-hidden="true">{"★".repeat(r.rating) + "☆".repeat(5 - r.rating)} </span>
                <span className="bo__visually-hidden">{t("{n} of 5 stars", { n: r.rating })}</span>
              </p>
              <p className="bo__review-text">{r.detail}</p>
              <p className="bo__hint">
                {t("By {name} on {date}", { name: r.nickname, date: formatDate(r.created_at) })}
              </p>
              <div className="bo__actions">
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" name="intent" value="approve" className="bo__button" disabled={busy}>
                    {t("Approve")}
                  </button>
                </Form>
                <Form method="post" className="bo__reject">
                  <input type="hidden" name="id" value={r.id} />
                  <label htmlFor={`bo-reason-${r.id}`}>{t("Reason for rejecting")}</label>
                  <textarea id={`bo-reason-${r.id}`} name="reason" rows={2} maxLength={1000} required />
                  <button
                    type="submit"
                    name="intent"
                    value="reject"
                    className="bo__button bo__button--quiet"
                    disabled={busy}
                  >
                    {t("Reject")}
                  </button>
                </Form>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
