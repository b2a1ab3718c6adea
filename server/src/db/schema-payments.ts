import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { orders, payments } from "./schema-orders.ts";

/**
 * The shop's side of payment modifications and what staff must see (docs/decisions/0032). A
 * modification is asked of Adyen once (its row and random idempotency key are written before the
 * call), answered `received`, and settled by its notification; the order moves only then.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type ModificationKind = "capture" | "refund" | "cancel" | "reversal" | "technical_cancel";
/** requested: written, not yet answered by Adyen; received: Adyen took it; then its notification. */
export type ModificationStatus = "requested" | "received" | "succeeded" | "failed";

export const paymentModifications = pgTable(
  "payment_modifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ModificationKind>().notNull(),
    /** Minor units; null for a cancel or reversal (always the whole payment). */
    amountCents: integer("amount_cents"),
    currency: text("currency").notNull(),
    /** Our reference for it (Adyen's `reference`, echoed as the notification's merchantReference). */
    reference: text("reference").notNull().unique(),
    /** The caller's own reference (a return, a credit note): the same one is not refunded twice. */
    callerReference: text("caller_reference"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Adyen's pspReference of the modification, from its `received` answer. */
    pspReference: text("psp_reference"),
    status: text("status").$type<ModificationStatus>().notNull().default("requested"),
    /** Why it was asked: a staff reason or the shop's own (a second authorisation). */
    reason: text("reason"),
    failureReason: text("failure_reason"),
    attempts: integer("attempts").notNull().default(0),
    /** When the sender may try a `requested` one (again): a lease, so one instance sends it. */
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payment_modifications_payment_idx").on(t.paymentId),
    index("payment_modifications_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'requested'`),
    uniqueIndex("payment_modifications_psp_idx").on(t.pspReference),
    // A payment is cancelled (or reversed) once, and captured once: a failed one may be asked again.
    uniqueIndex("payment_modifications_one_cancel_idx")
      .on(t.paymentId)
      .where(sql`${t.kind} in ('cancel','reversal') and ${t.status} <> 'failed'`),
    uniqueIndex("payment_modifications_one_technical_cancel_idx")
      .on(t.paymentId)
      .where(sql`${t.kind} = 'technical_cancel' and ${t.status} <> 'failed'`),
    uniqueIndex("payment_modifications_caller_idx")
      .on(t.paymentId, t.kind, t.callerReference)
      .where(sql`${t.callerReference} is not null and ${t.status} <> 'failed'`),
    uniqueIndex("payment_modifications_one_capture_idx")
      .on(t.paymentId)
      .where(sql`${t.kind} = 'capture' and ${t.status} <> 'failed'`),
    check(
      "payment_modifications_kind",
      sql`${t.kind} in ('capture','refund','cancel','reversal','technical_cancel')`,
    ),
    check("payment_modifications_status", sql`${t.status} in ('requested','received','succeeded','failed')`),
  ],
);

export type PaymentAlertKind =
  | "duplicate_authorisation"
  | "late_authorisation"
  | "amount_mismatch"
  | "chargeback"
  | "modification_failed";

/**
 * What staff must look at: money that moved other than the order says (a second authorisation,
 * one for a cancelled order, a chargeback, a refund Adyen refused). Kept until someone resolves it.
 */
export const paymentAlerts = pgTable(
  "payment_alerts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentAlertKind>().notNull(),
    /** One sentence for staff, in English like the logs (the back office translates by kind). */
    message: text("message").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at("created_at").notNull().defaultNow(),
    resolvedAt: at("resolved_at"),
  },
  (t) => [
    index("payment_alerts_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index("payment_alerts_order_idx").on(t.orderId),
  ],
);
