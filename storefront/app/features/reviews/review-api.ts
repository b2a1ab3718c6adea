import type { ReviewSort, ReviewSummary, ReviewView } from "@etalage/core";

export interface ReviewPage {
  items: ReviewView[];
  total: number;
  page: number;
  perPage: number;
  summary: ReviewSummary;
}

/** A page of a product's approved reviews (`GET /api/review/list`). */
export async function fetchReviews(productId: number, sort: ReviewSort, page: number): Promise<ReviewPage> {
  const query = new URLSearchParams({ product_id: String(productId), sort, page: String(page) });
  const response = await fetch(`/api/review/list?${query}`);
  if (!response.ok) throw new Error(`reviews answered ${response.status}`);
  return ((await response.json()) as { result: ReviewPage }).result;
}

export async function voteHelpful(reviewId: number): Promise<boolean> {
  const response = await fetch(`/api/review/${reviewId}/helpful`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  return response.ok;
}

export interface NewReview {
  product_id: number;
  title: string;
  detail: string;
  nickname: string;
  email: string;
  rating: number;
}

export type SendOutcome = "sent" | "duplicate" | "too-many" | { field: string } | "failed";

/** `POST /api/review/create`; the answer as the form shows it. */
export async function sendReview(review: NewReview): Promise<SendOutcome> {
  const { rating, ...rest } = review;
  let response: Response;
  try {
    response = await fetch("/api/review/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ review: { ...rest, ratings: [{ rating_id: 1, value: rating }] } }),
    });
  } catch {
    return "failed";
  }
  if (response.ok) return "sent";
  if (response.status === 409) return "duplicate";
  if (response.status === 429) return "too-many";
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as { meta?: { errors?: { path: string }[] } };
    const path = body.meta?.errors?.[0]?.path;
    if (path) return { field: path.replace(/^body\./, "").replace(/^review\./, "") };
  }
  return "failed";
}
