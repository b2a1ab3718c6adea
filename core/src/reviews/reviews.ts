/** Product reviews (issue 18): the rules the server and the storefront share. */

export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_LIMITS = { title: 120, detail: 4000, nickname: 60, email: 254 } as const;

/**
 * The ratings a review gives (Magento's rating entities): this shop asks one, the stars overall.
 * Any other `rating_id` is refused (issue 31 item 6).
 */
export const REVIEW_RATING_IDS: readonly number[] = [1];

export interface ReviewRating {
  rating_id: number;
  value: number;
}

/** An approved review as the product page and the API show it. */
export interface ReviewView {
  id: number;
  title: string;
  detail: string;
  nickname: string;
  rating: number;
  helpful: number;
  created_at: string;
}

export interface ReviewSummary {
  count: number;
  /** Mean stars to one decimal, 0 without reviews. */
  average: number;
  /** How many reviews gave 1..5 stars, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
}

/** The overall stars of a review: the mean of its ratings, rounded half up, within 1–5. */
export function overallRating(ratings: readonly ReviewRating[]): number {
  if (ratings.length === 0) throw new Error("a review needs at least one rating");
  const mean = ratings.reduce((sum, r) => sum + r.value, 0) / ratings.length;
  return Math.min(5, Math.max(1, Math.floor(mean + 0.5)));
}

/** The summary of a product's approved reviews from their star counts. */
export function summarize(histogram: readonly number[]): ReviewSummary {
  const counts = [1, 2, 3, 4, 5].map((_, i) => histogram[i] ?? 0) as ReviewSummary["histogram"];
  const count = counts.reduce((a, b) => a + b, 0);
  const total = counts.reduce((sum, n, i) => sum + n * (i + 1), 0);
  return { count, average: count === 0 ? 0 : Math.round((total / count) * 10) / 10, histogram: counts };
}

/** Pages of a product's reviews, at least one. */
export function reviewPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / REVIEW_PAGE_SIZE));
}

/** How many stars, as words: "1 ster", "4 sterren". */
export function starsText(
  n: number,
  translate: (key: "1 star" | "{n} stars", params?: { n: number }) => string,
): string {
  return n === 1 ? translate("1 star") : translate("{n} stars", { n });
}
