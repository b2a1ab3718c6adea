import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * The built-in Voyado Engage (issue 15; contract "Newsletter and customer data"): contacts with
 * their product views and cart, newsletter subscriptions with double opt-in, the one welcome
 * coupon per mailbox. Its mails go through the mail port's outbox (providers/newsletter/mailer.ts).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface EngageConsent {
  id: string;
  value: boolean;
  date: string;
  source?: string;
  comment?: string;
}

/** Engage's contact: `id` is the contactId (a GUID), attributes in Engage's own names. */
export const contacts = pgTable(
  "contacts",
  {
    id: text("id").primaryKey(),
    /** SHA-256 of the secret handed to the browser that created the contact; its only credential. */
    secretHash: text("secret_hash"),
    /** The customer's external id (Engage's customKey), once a customer logged in with it. */
    customKey: text("custom_key"),
    email: text("email"),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    acceptsEmail: boolean("accepts_email").notNull().default(false),
    /** The last cart reported: its hash and lines (transactional §4: reported when the hash changes). */
    cartHash: text("cart_hash"),
    cartItems: jsonb("cart_items").$type<{ sku: string; qty: number }[]>().notNull().default([]),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** Engage's consents (`{ id, value, date, source, comment }`), as the built-in Engage API keeps them. */
    consents: jsonb("consents").$type<EngageConsent[]>().notNull().default([]),
    /** With a real Engage: the `updated_at` last sent there (engage-sync.ts); a newer one is sent again. */
    engageSyncedAt: at("engage_synced_at"),
  },
  (t) => [
    uniqueIndex("contacts_custom_key_idx").on(t.customKey).where(sql`${t.customKey} is not null`),
    // The contacts a real Engage has yet to hear of (engage-sync.ts), without reading every browser's.
    index("contacts_engage_due_idx")
      .on(t.updatedAt)
      .where(
        sql`${t.email} is not null and (${t.engageSyncedAt} is null or ${t.updatedAt} > ${t.engageSyncedAt})`,
      ),
  ],
);

/** What a contact looked at and bought: the source of `favbrand` and `favstore`. */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"view" | "order">().notNull(),
    sku: text("sku").notNull(),
    brand: text("brand"),
    store: text("store"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("contact_events_contact_idx").on(t.contactId, t.createdAt),
    check("contact_events_kind", sql`${t.kind} in ('view', 'order')`),
  ],
);

/** Orders a contact's favourites counted: each once, however often the thank-you page reports it. */
export const contactOrders = pgTable(
  "contact_orders",
  {
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    orderNumber: text("order_number").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.orderNumber] })],
);

export type SubscriptionStatus = "pending" | "subscribed" | "unsubscribed";

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** core `emailKey`: one row per mailbox, whatever the spelling. */
    emailKey: text("email_key").notNull().unique(),
    email: text("email").notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id),
    /** SHA-256 of the pending confirmation link's token. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: at("confirm_expires_at"),
    /** SHA-256 of the unsubscribe token every newsletter mail carries. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    confirmedAt: at("confirmed_at"),
    unsubscribedAt: at("unsubscribed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("newsletter_status", sql`${t.status} in ('pending', 'subscribed', 'unsubscribed')`),
    index("newsletter_confirm_idx").on(t.confirmTokenHash),
    index("newsletter_unsubscribe_idx").on(t.unsubscribeTokenHash),
  ],
);

/** The welcome coupon: the primary key makes it once per mailbox, also after unsubscribing. */
export const newsletterCoupons = pgTable("newsletter_coupons", {
  emailKey: text("email_key").primaryKey(),
  code: text("code").notNull().unique(),
  createdAt: at("created_at").notNull().defaultNow(),
});
