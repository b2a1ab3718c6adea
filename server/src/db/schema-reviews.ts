import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * Product reviews (issue 18, docs/decisions/0022): written by shoppers, shown only once an
 * operator approved them. One review per customer, or per guest email address, per product.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    /** The parent sku, so moderation can tell the storefront which product page changed. */
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    detail: text("detail").notNull(),
    nickname: text("nickname").notNull(),
    /** The contract's `ratings: [{ rating_id, value }]`, as sent. */
    ratings: jsonb("ratings").$type<{ rating_id: number; value: number }[]>().notNull(),
    /** The overall stars, 1–5: the mean of `ratings`, rounded. */
    rating: smallint("rating").notNull(),
    customerId: integer("customer_id"),
    /** A guest's address, lower-cased. */
    email: text("email"),
    /** pending, approved or rejected. */
    status: text("status").notNull().default("pending"),
    helpful: integer("helpful").notNull().default(0),
    createdAt: at("created_at").notNull().default(sql`now()`),
    moderatedAt: at("moderated_at"),
  },
  (t) => [
    uniqueIndex("reviews_product_customer_uq")
      .on(t.productId, t.customerId)
      .where(sql`customer_id is not null`),
    uniqueIndex("reviews_product_email_uq").on(t.productId, t.email).where(sql`email is not null`),
    index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_status_idx").on(t.status, t.id),
  ],
);

/** One "helpful" per review per voter (a hash of the voter's address), so a count cannot be pumped. */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    voter: text("voter").notNull(),
    createdAt: at("created_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);
