import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Customers, their logins and transactional mail (issue 12, contract "Customer"). Secrets are
 * never stored: passwords as argon2id hashes, tokens as SHA-256 digests of 256 random bits.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An address as the contract stores it (street: [street, "number affix"]). */
export interface CustomerAddressData {
  firstname: string;
  lastname: string;
  street: string[];
  postcode: string;
  city: string;
  country_id: string;
  telephone?: string;
  company?: string;
}

export const customers = pgTable(
  "customers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Stored normalised (core `normaliseEmail`); the index on lower() guards rows written otherwise. */
    email: text("email").notNull(),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    groupId: integer("group_id").notNull().default(1),
    /** The id other systems know the customer by (the customer platform's custom key). */
    externalId: text("external_id").notNull().default(sql`gen_random_uuid()::text`),
    passwordHash: text("password_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customers_email_idx").on(sql`lower(${t.email})`)],
);

export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<CustomerAddressData>().notNull(),
    defaultShipping: boolean("default_shipping").notNull().default(false),
    defaultBilling: boolean("default_billing").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("customer_addresses_customer_idx").on(t.customerId)],
);

/** One login (a device's session): its tokens rotate, revoking it ends them all. */
export const customerLogins = pgTable(
  "customer_logins",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("customer_logins_customer_idx").on(t.customerId)],
);

/** Access (1 hour) and refresh (30 days, single use) tokens, by the SHA-256 of the token. */
export const customerTokens = pgTable(
  "customer_tokens",
  {
    hash: text("hash").primaryKey(),
    loginId: text("login_id")
      .notNull()
      .references(() => customerLogins.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"access" | "refresh">().notNull(),
    expiresAt: at("expires_at").notNull(),
    /** Refresh tokens: when it was exchanged. Presented again, the whole login is revoked. */
    usedAt: at("used_at"),
  },
  (t) => [
    index("customer_tokens_login_idx").on(t.loginId),
    index("customer_tokens_expires_idx").on(t.expiresAt),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    hash: text("hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("password_resets_customer_idx").on(t.customerId, t.createdAt)],
);

/**
 * Failed logins per email and address: 10 per 15 minutes for one email from one address, and a
 * growing delay for an email failed from many (issue 31 item 5).
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    /** The client address the attempt came from (issue 31 item 5: the limit is per email and address). */
    address: text("address"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("login_failures_email_idx").on(t.email, t.at)],
);

/**
 * Mail to deliver, written in the transaction of the change that causes it, so a rolled-back
 * change sends nothing and a committed one is never lost. Workers claim rows with SKIP LOCKED.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The template's name (welcome, password-reset, …), for logs and the mailbox. */
    template: text("template").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers (issue 15: List-Unsubscribe and List-Unsubscribe-Post on newsletter mail). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The order the mail is about, so the order's page lists its mails. */
    orderId: integer("order_id"),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_order_idx").on(t.orderId),
  ],
);

/** The built-in mailbox: what would have gone out over SMTP, for the operator (`npm run mail`). */
export const mailboxMessages = pgTable("mailbox_messages", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  outboxId: integer("outbox_id").notNull().unique(),
  from: text("from").notNull(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  headers: jsonb("headers").$type<Record<string, string>>(),
  receivedAt: at("received_at").notNull().defaultNow(),
});

/**
 * A customer's favourites (issue 16): product keys (parent skus) kept with the account, so they
 * follow the customer to every browser; merged with a browser's own at login.
 */
export const customerFavorites = pgTable(
  "customer_favorites",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productKey: text("product_key").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productKey] }),
    index("customer_favorites_newest_idx").on(t.customerId, t.createdAt),
  ],
);
