import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * "Mail me als mijn maat er weer is" (issue 14): a shopper's address for one sold-out sku. It is
 * mailed once, when the sku can be bought again, and `notified_at` says so; a second request for
 * the same sku and address while one waits is the same request.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    sku: text("sku").notNull(),
    /** Lower-cased: one waiting alert per mailbox and sku. */
    email: text("email").notNull(),
    /** The product page the mail links to: the parent's sku for a configurable's size. */
    productSku: text("product_sku").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    notifiedAt: at("notified_at"),
  },
  (t) => [
    uniqueIndex("stock_alerts_waiting_idx").on(t.sku, t.email).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_pending_sku_idx").on(t.sku).where(sql`${t.notifiedAt} is null`),
  ],
);
