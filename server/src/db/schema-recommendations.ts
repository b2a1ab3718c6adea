import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/*
 * What the built-in recommendation service learns from (issue 16, docs/decisions/0018): every
 * notification and every page a shopper asks for is an event row; the service keeps its scores in
 * memory and rebuilds them from these rows at start. Keys are Elevate's: the customer and session
 * keys the browser generated, product keys (parent skus) and variant keys (child skus).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const recommendationEvents = pgTable(
  "recommendation_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** view, click, add-to-cart, purchase, search, end. */
    type: text("type").notNull(),
    customerKey: text("customer_key").notNull(),
    sessionKey: text("session_key").notNull(),
    productKey: text("product_key"),
    variantKey: text("variant_key"),
    /** The list and position a ticket named (clicks and add-to-carts from a list). */
    listId: text("list_id"),
    position: integer("position"),
    /** A search's phrase. */
    q: text("q"),
    /** The shopper removed it from their recently viewed or recent searches; it still counts for learning. */
    hidden: boolean("hidden").notNull().default(false),
    /** The instance that wrote it, so each instance reads only the others' events. */
    origin: text("origin").notNull(),
    createdAt: at("created_at").notNull().default(sql`now()`),
  },
  (t) => [
    index("recommendation_events_customer_idx").on(t.customerKey, t.id),
    index("recommendation_events_created_idx").on(t.createdAt),
  ],
);

/** A shopper's favourites by customer key (Elevate's add-favorite / remove-favorite). */
export const recommendationFavorites = pgTable(
  "recommendation_favorites",
  {
    customerKey: text("customer_key").notNull(),
    productKey: text("product_key").notNull(),
    createdAt: at("created_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.customerKey, t.productKey] })],
);
