import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The built-in Adyen test gateway's own state (docs/decisions/0032): what Adyen keeps on its side
 * of the wire. In the database, so a restart loses no payment and every instance of the shop
 * answers for every session, and its notification queue is claimed once across instances.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type GatewaySessionStatus =
  | "active"
  | "completed"
  | "paymentPending"
  | "refused"
  | "canceled"
  | "expired";

/** `POST /sessions`: a Hosted Checkout (or Drop-in) session and what it may be paid with. */
export const adyenTestSessions = pgTable(
  "adyen_test_sessions",
  {
    id: text("id").primaryKey(),
    merchantAccount: text("merchant_account").notNull(),
    reference: text("reference").notNull(),
    amountValue: integer("amount_value").notNull(),
    currency: text("currency").notNull(),
    returnUrl: text("return_url").notNull(),
    mode: text("mode").$type<"embedded" | "hosted">().notNull(),
    allowedPaymentMethods: text("allowed_payment_methods").array(),
    shopperLocale: text("shopper_locale"),
    /** The request as it came (the answer repeats it, as Adyen's does). */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    sessionData: text("session_data").notNull(),
    status: text("status").$type<GatewaySessionStatus>().notNull().default("active"),
    refusedPayments: integer("refused_payments").notNull().default(0),
    /** The opaque `sessionResult` handed to the shopper's return; `GET /sessions/{id}` wants it. */
    sessionResult: text("session_result"),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("adyen_test_sessions_active_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`)],
);

/**
 * One payment at the gateway (`/payments`, or one try on a session's hosted page). `stage` is
 * where it waits: for the 3-D Secure challenge, at the iDEAL bank, for the bank to settle a
 * pending one, or `done`.
 */
export const adyenTestPayments = pgTable(
  "adyen_test_payments",
  {
    pspReference: text("psp_reference").primaryKey(),
    merchantAccount: text("merchant_account").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    sessionId: text("session_id"),
    amountValue: integer("amount_value").notNull(),
    currency: text("currency").notNull(),
    /** `scheme` or `ideal`; `brand` for cards (visa, mc, amex, maestro, bcmc). */
    method: text("method").notNull(),
    brand: text("brand"),
    holderName: text("holder_name"),
    lastFour: text("last_four"),
    stage: text("stage").$type<"challenge" | "bank" | "pending" | "done">().notNull(),
    resultCode: text("result_code").notNull(),
    refusalReason: text("refusal_reason"),
    refusalReasonCode: text("refusal_reason_code"),
    /** Where the shopper goes after a redirect step (`/payments` only; a session has its own). */
    returnUrl: text("return_url"),
    /** Handed to the shopper's return; `/payments/details` takes it once. */
    redirectResult: text("redirect_result").unique(),
    /** 3-D Secure 2 challenges asked natively (`nativeThreeDS: preferred`) answer a token, not a page. */
    nativeThreeDS: boolean("native_three_ds").notNull().default(false),
    /** The challenge's outcome (`Y` authenticated, `N` not), authorised at `/payments/details`. */
    authentication: text("authentication").$type<"Y" | "N">(),
    capturedValue: integer("captured_value").notNull().default(0),
    refundedValue: integer("refunded_value").notNull().default(0),
    cancelled: boolean("cancelled").notNull().default(false),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("adyen_test_payments_reference_idx").on(t.merchantReference),
    index("adyen_test_payments_session_idx").on(t.sessionId),
    index("adyen_test_payments_waiting_idx").on(t.expiresAt).where(sql`${t.stage} <> 'done'`),
  ],
);

/** Captures, refunds, cancels and reversals the gateway received (`status: received`). */
export const adyenTestModifications = pgTable(
  "adyen_test_modifications",
  {
    pspReference: text("psp_reference").primaryKey(),
    paymentPspReference: text("payment_psp_reference"),
    kind: text("kind").notNull(),
    amountValue: integer("amount_value"),
    currency: text("currency"),
    reference: text("reference"),
    success: boolean("success").notNull(),
    reason: text("reason"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("adyen_test_modifications_payment_idx").on(t.paymentPspReference)],
);

/**
 * `Idempotency-Key` as Adyen keeps it: the first answer to a key, replayed for at least 31 days.
 * A row without `status` is a request still in flight.
 */
export const adyenTestIdempotency = pgTable("adyen_test_idempotency", {
  key: text("key").primaryKey(),
  path: text("path").notNull(),
  status: integer("status"),
  body: jsonb("body"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * Standard notifications waiting for the shop's `[accepted]`. A sender claims a row by moving
 * `next_attempt_at` past the delivery (a lease), so one instance sends it, and one that died
 * mid-delivery leaves it to the next after the lease.
 */
export const adyenTestNotifications = pgTable(
  "adyen_test_notifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The signed NotificationRequestItem. */
    item: jsonb("item").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("adyen_test_notifications_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
