import type { ProductOption, ProductType } from "@etalage/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Server carts (transactional §3, contract "Cart"). A guest cart is found by its id, which is
 * 128 random bits and so the guest's only credential; a customer cart carries the customer id
 * and answers only to that customer (services/cart/owner.ts).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A delivery address as the shopper gave it for shipping (transactional §3 "Shipping address"). */
export interface StoredAddress {
  country_id: string;
  postcode?: string;
  city?: string;
  street?: string[];
  region?: string;
  region_id?: number;
  region_code?: string;
  firstname?: string;
  lastname?: string;
}

export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    /** Null for a guest cart; the accounts module attaches a customer's cart here. */
    customerId: integer("customer_id"),
    /** False once the cart became an order: it then refuses changes. */
    isActive: boolean("is_active").notNull().default(true),
    /** Coupon codes applied, in the order they were applied (apply-coupon sets one). */
    couponCodes: text("coupon_codes").array().notNull().default(sql`'{}'::text[]`),
    shippingAddress: jsonb("shipping_address").$type<StoredAddress>(),
    shippingCarrierCode: text("shipping_carrier_code"),
    shippingMethodCode: text("shipping_method_code"),
    paymentMethodCode: text("payment_method_code"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One active cart per customer: "my cart" is never ambiguous.
    uniqueIndex("carts_customer_active_idx")
      .on(t.customerId)
      .where(sql`${t.customerId} is not null and ${t.isActive}`),
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    /** The contract's item_id. */
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    /** core `productOptionChecksum` of product_option: with sku, the line's identity. */
    checksum: text("checksum").notNull(),
    qty: integer("qty").notNull(),
    /** As the client sent it, so the client finds its own line again by the same checksum. */
    productOption: jsonb("product_option").$type<ProductOption>(),
    productType: text("product_type").$type<ProductType>().notNull(),
    parentSku: text("parent_sku"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Concurrent adds of one product upsert into one line; never a duplicate.
    uniqueIndex("cart_items_identity_idx").on(t.cartId, t.sku, t.checksum),
    check("cart_items_qty_positive", sql`${t.qty} > 0`),
  ],
);

export type CartRuleAction = "by_percent" | "by_fixed" | "free_shipping";

/** Cart price rules: coupon codes with a discount, conditions and a usage limit. */
export const cartRules = pgTable(
  "cart_rules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Stored upper case; codes are matched case-insensitively. */
    code: text("code").notNull().unique(),
    /** Dutch label shown in the discount segment. */
    label: text("label").notNull(),
    action: text("action").$type<CartRuleAction>().notNull(),
    /** Percent for by_percent, euros including tax for by_fixed; 0 for free_shipping. */
    discountAmount: numeric("discount_amount", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    /** Also makes shipping free (a by_percent rule may include it). */
    freeShipping: boolean("free_shipping").notNull().default(false),
    /** Subtotal including tax the cart must reach, before discounts. */
    minSubtotal: numeric("min_subtotal", { precision: 10, scale: 2, mode: "number" }),
    fromDate: at("from_date"),
    toDate: at("to_date"),
    /** How many orders may use the code in total; null is unlimited. */
    usageLimit: integer("usage_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("cart_rules_action", sql`${t.action} in ('by_percent', 'by_fixed', 'free_shipping')`),
    check("cart_rules_amount", sql`${t.discountAmount} >= 0`),
  ],
);

/**
 * Answers of writes a client may retry (services/idempotency.ts): the same key and body get the
 * stored first answer. `scope` keeps one caller's keys apart from another's.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Filled in the same transaction that claimed the key, so a committed row always has them. */
    responseCode: integer("response_code"),
    responseBody: jsonb("response_body"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
