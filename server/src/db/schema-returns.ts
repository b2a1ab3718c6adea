import type { ReturnCondition, ReturnReason, ReturnStatus } from "@etalage/core";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orderRefunds } from "./schema-fulfilment.ts";
import { orderItems, orders } from "./schema-orders.ts";

/**
 * Returns (issue 25 item 3, docs/decisions/0049): what a shopper sends back of a delivered order,
 * per line with a reason, and what staff found in the parcel. The states are core's
 * (`decideReturnAction`); the refund is the order's own (`order_refunds`), so the payment's limits
 * hold for it as for any other.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const returns = pgTable(
  "returns",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** `R{order number}-{sequence}`: printed on the label as a barcode. */
    number: text("number").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The return's place among its order's returns, from 1. */
    sequence: integer("sequence").notNull(),
    status: text("status").$type<ReturnStatus>().notNull().default("requested"),
    /** Asked by a signed-in customer (their id), or by a guest with the order's link (null). */
    customerId: integer("customer_id"),
    email: text("email").notNull(),
    /** The refund of the received units, once asked. */
    refundId: integer("refund_id").references(() => orderRefunds.id, { onDelete: "set null" }),
    rejectReason: text("reject_reason"),
    createdAt: at("created_at").notNull().defaultNow(),
    receivedAt: at("received_at"),
    refundedAt: at("refunded_at"),
    rejectedAt: at("rejected_at"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("returns_order_sequence_idx").on(t.orderId, t.sequence),
    index("returns_status_idx").on(t.status, t.createdAt),
    index("returns_refund_idx").on(t.refundId),
    check("returns_status", sql`${t.status} in ('requested','received','refunding','refunded','rejected')`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    units: integer("units").notNull(),
    reason: text("reason").$type<ReturnReason>().notNull(),
    /** Units staff found in the parcel; null until this line is received. */
    receivedUnits: integer("received_units"),
    condition: text("condition").$type<ReturnCondition>(),
    /** The received units went back to stock (as new). */
    restocked: boolean("restocked").notNull().default(false),
    receivedAt: at("received_at"),
  },
  (t) => [
    index("return_lines_return_idx").on(t.returnId),
    index("return_lines_item_idx").on(t.orderItemId),
    check("return_lines_units", sql`${t.units} > 0`),
    check(
      "return_lines_received",
      sql`${t.receivedUnits} is null or (${t.receivedUnits} >= 0 and ${t.receivedUnits} <= ${t.units})`,
    ),
  ],
);
