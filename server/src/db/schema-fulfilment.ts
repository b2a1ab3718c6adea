import type { Carrier } from "@etalage/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orders } from "./schema-orders.ts";
import { paymentModifications } from "./schema-payments.ts";

/**
 * What happens to an order after it is placed (docs/decisions/0045): its timeline, its parcels and
 * its refunds. Each row is written in the transaction of the change it tells.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The order's timeline, and where outgoing webhooks take their events from: the five named in
 * `ORDER_WEBHOOK_EVENTS` and the steps between them (a refund asked, a refund failed, delivered).
 */
export type OrderEventType =
  | "order.placed"
  | "order.paid"
  | "order.shipped"
  | "order.cancelled"
  | "order.refunded"
  | "order.cancel_requested"
  | "order.refund_requested"
  | "order.refund_failed"
  | "order.delivered"
  | "order.status_changed";

export const orderEvents = pgTable(
  "order_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type").$type<OrderEventType>().notNull(),
    /** Who did it: `admin-api` (staff or the warehouse), `payment` (a notification), `shop`. */
    actor: text("actor").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.id),
    index("order_events_type_idx").on(t.type, t.id),
  ],
);

/** A parcel: the lines and units in it, its carrier and tracking number. */
export const shipments = pgTable(
  "shipments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text("carrier").$type<Carrier>().notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingUrl: text("tracking_url").notNull(),
    /** Order item ids and units. */
    lines: jsonb("lines").$type<{ itemId: number; qty: number }[]>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("shipments_order_idx").on(t.orderId),
    check("shipments_carrier", sql`${t.carrier} in ('postnl','dhl','dpd')`),
  ],
);

/**
 * A refund staff asked for, per line and shipping: `requested` counts against what is left (so
 * nothing is asked twice) until its REFUND notification makes it `succeeded` or `failed`.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    modificationId: integer("modification_id")
      .notNull()
      .references(() => paymentModifications.id, { onDelete: "cascade" }),
    lines: jsonb("lines").$type<{ itemId: number; qty: number; amountCents: number }[]>().notNull(),
    shipping: boolean("shipping").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<"requested" | "succeeded" | "failed">().notNull().default("requested"),
    reason: text("reason"),
    createdAt: at("created_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId),
    uniqueIndex("order_refunds_modification_idx").on(t.modificationId),
    check("order_refunds_status", sql`${t.status} in ('requested','succeeded','failed')`),
  ],
);
