import { REVIEW_LIMITS, REVIEW_RATING_IDS, REVIEW_SORTS } from "@etalage/core";
import { z } from "zod";
import { int4, line, text } from "../../http/schemas.ts";

const rating = z.strictObject({
  rating_id: int4().refine((id) => REVIEW_RATING_IDS.includes(id), "is not a rating of this shop"),
  value: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 to 5")
    .max(5, "must be 1 to 5"),
});

/** The contract's `{ review: { product_id, title, detail, nickname, ratings, customer_id? } }`, plus a guest's email. */
export const createReviewBody = z.strictObject({
  review: z.strictObject({
    product_id: int4(),
    title: line(REVIEW_LIMITS.title).min(1, "must not be empty"),
    detail: text(REVIEW_LIMITS.detail).min(1, "must not be empty"),
    nickname: line(REVIEW_LIMITS.nickname).min(1, "must not be empty"),
    ratings: z
      .array(rating)
      .min(1, "must hold at least one rating")
      .max(10, "must hold at most 10 ratings")
      .refine(
        (list) => new Set(list.map((r) => r.rating_id)).size === list.length,
        "must name each rating_id once",
      ),
    customer_id: int4().optional(),
    /** A guest's address: one review per address per product. */
    email: line(REVIEW_LIMITS.email).pipe(z.email("must be an email address")).optional(),
  }),
});

const page = z
  .string()
  .regex(/^\d{1,4}$/, "must be a page number")
  .transform(Number)
  .pipe(z.number().min(1, "must be at least 1"));

export const listReviewsQuery = z.strictObject({
  product_id: z
    .string()
    .regex(/^\d{1,9}$/, "must be a product id")
    .transform(Number),
  sort: z.enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(", ")}` }).default("newest"),
  page: page.default(1),
});

export const reviewIdParams = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,9}$/, "must be a review id")
    .transform(Number),
});

export const moderationQuery = z.strictObject({
  status: z
    .enum(["pending", "approved", "rejected", "all"], { error: "must be pending, approved, rejected or all" })
    .default("pending"),
});

export const reviewView = z.object({
  id: z.number().int(),
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  rating: z.number().int(),
  helpful: z.number().int(),
  created_at: z.string(),
});

export const reviewSummary = z.object({
  count: z.number().int(),
  average: z.number(),
  histogram: z.array(z.number().int()),
});

export const moderationRow = reviewView.extend({
  product_id: z.number().int(),
  sku: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  customer_id: z.number().int().nullable(),
  email: z.string().nullable(),
});
