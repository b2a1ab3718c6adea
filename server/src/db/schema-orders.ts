import type { OrderAddress, ProductOption } from "@etalage/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Orders and payments (transactional §3–§4, contract "Orders" and "Payments"). An order is written
 * whole in one transaction with its lines and its stock decrement; a payment row follows every
 * attempt at the provider, and every provider notification is kept once (replays change nothing).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/** Magento's order numbers: 100000001, 100000002, … */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 100000001 });

export type OrderStatus =
  | "pending"
  | "processing"
  | "complete"
  | "closed"
  | "canceled"
  | "export_failed"
  | "export_success";

/** An address as the order keeps it: core's one shape. */
export type { OrderAddress };

/** Where a pick-up order is collected: a PostNL point or one of the shop's stores. */
export interface OrderPickup {
  kind: "service_point" | "store";
  code: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
}

export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    incrementId: text("increment_id").notNull().unique(),
    /** The client's own id (`order_id` of the request). */
    clientOrderId: text("client_order_id").notNull(),
    cartId: text("cart_id").notNull(),
    customerId: integer("customer_id"),
    email: text("email").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    /** sha256 of the order's secret token (contract: a guest's key to the order). */
    tokenHash: text("token_hash").notNull(),
    /**
     * sha256 of the secret in a guest's confirmation mail (its order status link), minted when the
     * order is confirmed: the order's own token is known only to the checkout that placed it.
     */
    statusTokenHash: text("status_token_hash"),
    paymentMethod: text("payment_method").notNull(),
    shippingCarrierCode: text("shipping_carrier_code"),
    shippingMethodCode: text("shipping_method_code"),
    shippingTitle: text("shipping_title"),
    pickup: jsonb("pickup").$type<OrderPickup>(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    couponCodes: text("coupon_codes").array().notNull().default(sql`'{}'::text[]`),
    /** The server's totals at placement (the cart totals shape, segments included). */
    totals: jsonb("totals").$type<Record<string, unknown>>().notNull(),
    grandTotal: money("grand_total").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** Paid through the built-in test gateway: no money moved. */
    testPayment: boolean("test_payment").notNull().default(false),
    paidAt: at("paid_at"),
    /** Staff or the carrier said the last parcel arrived: the return window counts from here. */
    deliveredAt: at("delivered_at"),
    /** An online payment not authorised by then cancels the order and releases its stock. */
    paymentExpiresAt: at("payment_expires_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("orders_customer_idx").on(t.customerId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_expiry_idx").on(t.paymentExpiresAt).where(sql`${t.status} = 'pending'`),
    check(
      "orders_status",
      sql`${t.status} in ('pending','processing','complete','closed','canceled','export_failed','export_success')`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    qty: integer("qty").notNull(),
    priceInclTax: money("price_incl_tax").notNull(),
    rowTotalInclTax: money("row_total_incl_tax").notNull(),
    taxPercent: numeric("tax_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    taxAmount: money("tax_amount").notNull(),
    discountAmount: money("discount_amount").notNull(),
    productOption: jsonb("product_option").$type<ProductOption>(),
    options: jsonb("options").$type<{ label: string; value: string }[]>().notNull(),
    /** Stock the line took, by sku (a bundle takes its selections): given back on cancel. */
    stock: jsonb("stock").$type<{ sku: string; qty: number }[]>().notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_qty", sql`${t.qty} > 0`)],
);

/**
 * An attempt's state (docs/decisions/0032): `pending` is the order's one open attempt; a newer
 * attempt leaves the older one `superseded`; `authorised` came by notification; `reversed` was
 * authorised and then cancelled or refunded in full.
 */
export type PaymentStatus =
  | "pending"
  | "superseded"
  | "authorised"
  | "refused"
  | "cancelled"
  | "expired"
  | "error"
  | "reversed";

/** One attempt to pay an order (a retry with another method is another row). */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Adyen's merchantReference: the order number and the attempt, unique. */
    reference: text("reference").notNull().unique(),
    /** The authorised payment's pspReference (a session may hold refused payments before it). */
    pspReference: text("psp_reference"),
    method: text("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    resultCode: text("result_code"),
    /** Random, kept with the attempt: a retry of `/sessions` replays Adyen's first answer. */
    idempotencyKey: text("idempotency_key"),
    /** The Hosted Checkout session and the page it sends the shopper to. */
    sessionId: text("session_id"),
    sessionUrl: text("session_url"),
    expiresAt: at("expires_at"),
    /** This attempt's authorisation made the order paid (any other is reversed). */
    paysOrder: boolean("pays_order").notNull().default(false),
    capturedCents: integer("captured_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    chargedBackCents: integer("charged_back_cents").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    uniqueIndex("payments_psp_idx").on(t.pspReference),
    uniqueIndex("payments_session_idx").on(t.sessionId),
  ],
);

/** Provider notifications applied, so a replayed one changes nothing twice. */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    pspReference: text("psp_reference").notNull(),
    eventCode: text("event_code").notNull(),
    success: boolean("success").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    body: jsonb("body").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_notifications_once_idx").on(t.pspReference, t.eventCode, t.success)],
);
