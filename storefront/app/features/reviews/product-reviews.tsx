import {
  formatDate,
  formatNumber,
  REVIEW_SORTS,
  type ReviewSort,
  reviewPageCount,
  starsText,
  t,
} from "@etalage/core";
import { useState } from "react";
import type { ProductReviews as Reviews } from "../../lib/server-context.ts";
import { openModal } from "../../session/modal-store.ts";
import { fetchReviews, type ReviewPage, voteHelpful } from "./review-api.ts";
import { Stars } from "./stars.tsx";
import "./reviews.css";

const SORT_LABELS: Record<ReviewSort, () => string> = {
  newest: () => t("Newest"),
  helpful: () => t("Most helpful"),
};

function countText(n: number) {
  return n === 1 ? t("1 review") : t("{n} reviews", { n });
}

/**
 * The product page's reviews: the summary and the first page come with the page (so search
 * engines and shoppers without JavaScript read them); other pages and orders are fetched.
 */
export function ProductReviews({
  productId,
  name,
  reviews,
}: {
  productId: number;
  name: string;
  reviews: Reviews;
}) {
  const [state, setState] = useState<ReviewPage>({ ...reviews, page: 1, perPage: 5 });
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [failed, setFailed] = useState(false);
  const [voted, setVoted] = useState<ReadonlySet<number>>(new Set());
  const { summary } = reviews;
  const pages = reviewPageCount(state.total);

  const load = async (nextSort: ReviewSort, page: number) => {
    setSort(nextSort);
    try {
      setState(await fetchReviews(productId, nextSort, page));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };

  const vote = async (id: number) => {
    if (voted.has(id)) return;
    setVoted(new Set([...voted, id]));
    if (await voteHelpful(id))
      setState((s) => ({
        ...s,
        items: s.items.map((r) => (r.id === id ? { ...r, helpful: r.helpful + 1 } : r)),
      }));
  };

  const write = () => openModal("review", { productId, name });

  return (
    <section className="reviews" aria-labelledby="reviews-title" id="reviews">
      <div className="reviews__head">
        <h2 id="reviews-title" className="reviews__title">
          {t("Reviews")}
        </h2>
        {summary.count > 0 && (
          <p className="reviews__summary">
            <Stars
              value={summary.average}
              label={t("{average} out of 5 stars", { average: formatNumber(summary.average) })}
            />
            <span className="reviews__average">{formatNumber(summary.average)}</span>
            <span className="reviews__count">({countText(summary.count)})</span>
          </p>
        )}
        <button type="button" className="button button--outline reviews__write" onClick={write}>
          {t("Write a review")}
        </button>
      </div>

      {summary.count === 0 ? (
        <p className="reviews__empty">{t("No reviews yet. Be the first to review this product.")}</p>
      ) : (
        <>
          <label className="reviews__sort">
            <span>{t("Sort reviews")}</span>
            <select value={sort} onChange={(e) => void load(e.target.value as ReviewSort, 1)}>
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]()}
                </option>
              ))}
            </select>
          </label>
          {failed && (
            <p className="reviews__error" role="alert">
              {t("Reviews could not be loaded.")}
            </p>
          )}
          <ol className="reviews__list">
            {state.items.map((r) => (
              <li key={r.id} className="review">
                <Stars value={r.rating} label={starsText(r.rating, t)} />
                <h3 className="review__title">{r.title}</h3>
                <p className="review__by">
                  {t("By {nickname} on {date}", {
                    nickname: r.nickname,
                    date: formatDate(r.created_at),
                  })}
                </p>
                <p className="review__detail">{r.detail}</p>
                <button
                  type="button"
                  className="review__helpful"
                  aria-pressed={voted.has(r.id)}
                  onClick={() => void vote(r.id)}
                >
                  {t("Helpful ({n})", { n: r.helpful })}
                </button>
                {voted.has(r.id) && (
                  <span className="review__thanks" role="status">
                    {t("Thanks for your vote")}
                  </span>
                )}
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav className="reviews__pages" aria-label={t("Reviews")}>
              <button
                type="button"
                className="button button--outline"
                disabled={state.page <= 1}
                onClick={() => void load(sort, state.page - 1)}
              >
                {t("Previous reviews")}
              </button>
              <span>{t("Page {page} of {pages}", { page: state.page, pages })}</span>
              <button
                type="button"
                className="button button--outline"
                disabled={state.page >= pages}
                onClick={() => void load(sort, state.page + 1)}
              >
                {t("More reviews")}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
