import { EventEmitter } from "node:events";
import {
  overallRating,
  REVIEW_PAGE_SIZE,
  type ReviewRating,
  type ReviewSort,
  type ReviewSummary,
  type ReviewView,
  summarize,
} from "@etalage/core";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import sanitize from "sanitize-html";
import type { Db } from "../db/client.ts";
import { reviews, reviewVotes } from "../db/schema.ts";

export type ReviewStatus = "pending" | "approved" | "rejected";

export interface NewReview {
  productId: number;
  sku: string;
  title: string;
  detail: string;
  nickname: string;
  ratings: ReviewRating[];
  customerId?: number;
  email?: string;
}

export type CreateOutcome =
  | { ok: true; id: number }
  | { ok: false; reason: "duplicate" }
  /** A text that is empty once its markup is removed (issue 31 item 6). */
  | { ok: false; reason: "empty"; field: "title" | "detail" | "nickname" };

/** A review as the operator sees it in moderation. */
export interface ModerationRow extends ReviewView {
  product_id: number;
  sku: string;
  status: ReviewStatus;
  customer_id: number | null;
  email: string | null;
}

/**
 * Reviewer text is stored as plain text: markup is removed (not escaped), so a `<script>` never
 * reaches a page or a feed as code or as visible tags; React escapes whatever remains on output.
 */
function plainReviewText(value: string): string {
  return sanitize(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" })
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .trim();
}

function viewOf(row: typeof reviews.$inferSelect): ReviewView {
  return {
    id: row.id,
    title: row.title,
    detail: row.detail,
    nickname: row.nickname,
    rating: row.rating,
    helpful: row.helpful,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Reviews: written pending, shown once approved. The approved ones are held in memory per product
 * (they are few and every product page reads them), reloaded per product when moderation or a
 * vote changes one; `changed` names the product's sku so the HTML cache drops its page.
 */
export class ReviewService {
  readonly events = new EventEmitter<{ changed: [sku: string] }>();
  private approved = new Map<number, ReviewView[]>();

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    const rows = await this.db
      .select()
      .from(reviews)
      .where(eq(reviews.status, "approved"))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    const next = new Map<number, ReviewView[]>();
    for (const row of rows) {
      const list = next.get(row.productId) ?? [];
      list.push(viewOf(row));
      next.set(row.productId, list);
    }
    this.approved = next;
  }

  async create(review: NewReview): Promise<CreateOutcome> {
    const text = {
      title: plainReviewText(review.title),
      detail: plainReviewText(review.detail),
      nickname: plainReviewText(review.nickname),
    };
    const empty = (["title", "detail", "nickname"] as const).find((field) => text[field] === "");
    if (empty) return { ok: false, reason: "empty", field: empty };
    const inserted = await this.db
      .insert(reviews)
      .values({
        productId: review.productId,
        sku: review.sku,
        ...text,
        ratings: review.ratings,
        rating: overallRating(review.ratings),
        customerId: review.customerId ?? null,
        email: review.email?.toLowerCase() ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    return inserted[0] ? { ok: true, id: inserted[0].id } : { ok: false, reason: "duplicate" };
  }

  /** A product's approved reviews, newest or most helpful first, one page. */
  list(productId: number, sort: ReviewSort = "newest", page = 1): { items: ReviewView[]; total: number } {
    const all = this.approved.get(productId) ?? [];
    const ordered = sort === "helpful" ? all.toSorted((a, b) => b.helpful - a.helpful || b.id - a.id) : all;
    const start = (page - 1) * REVIEW_PAGE_SIZE;
    return { items: ordered.slice(start, start + REVIEW_PAGE_SIZE), total: all.length };
  }

  summary(productId: number): ReviewSummary {
    const histogram = [0, 0, 0, 0, 0];
    for (const r of this.approved.get(productId) ?? []) histogram[r.rating - 1]!++;
    return summarize(histogram);
  }

  /** One "helpful" per voter per approved review; false when this voter already counted. */
  async markHelpful(reviewId: number, voter: string): Promise<boolean | "not-found"> {
    const [row] = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "approved")));
    if (!row) return "not-found";
    const counted = await this.db.transaction(async (tx) => {
      const vote = await tx.insert(reviewVotes).values({ reviewId, voter }).onConflictDoNothing().returning();
      if (vote.length === 0) return false;
      await tx
        .update(reviews)
        .set({ helpful: sql`${reviews.helpful} + 1` })
        .where(eq(reviews.id, reviewId));
      return true;
    });
    if (counted) await this.reload(row.productId, row.sku);
    return counted;
  }

  async moderationList(status: ReviewStatus | "all", limit = 100): Promise<ModerationRow[]> {
    const rows = await this.db
      .select()
      .from(reviews)
      .where(status === "all" ? undefined : eq(reviews.status, status))
      .orderBy(asc(reviews.id))
      .limit(limit);
    return rows.map((row) => ({
      ...viewOf(row),
      product_id: row.productId,
      sku: row.sku,
      status: row.status as ReviewStatus,
      customer_id: row.customerId,
      email: row.email,
    }));
  }

  /**
   * Approve or reject; undefined when there is no such review. `alongside` runs in the same
   * transaction (the back office's audit row commits with the decision, or neither does).
   */
  async moderate(
    id: number,
    status: "approved" | "rejected",
    alongside?: (tx: Db, row: { id: number; sku: string }) => Promise<void>,
  ): Promise<ModerationRow | undefined> {
    const row = await this.db.transaction(async (t) => {
      const [changed] = await t
        .update(reviews)
        .set({ status, moderatedAt: new Date() })
        .where(eq(reviews.id, id))
        .returning();
      if (changed && alongside) await alongside(t as unknown as Db, changed);
      return changed;
    });
    if (!row) return undefined;
    await this.reload(row.productId, row.sku);
    return {
      ...viewOf(row),
      product_id: row.productId,
      sku: row.sku,
      status,
      customer_id: row.customerId,
      email: row.email,
    };
  }

  private async reload(productId: number, sku: string): Promise<void> {
    const rows = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    if (rows.length === 0) this.approved.delete(productId);
    else this.approved.set(productId, rows.map(viewOf));
    this.events.emit("changed", sku);
  }
}
