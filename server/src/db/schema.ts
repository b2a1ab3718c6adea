import type { Attribute, Category, ConfigurableChild, LandingPage, Product, TaxRule } from "@etalage/core";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The catalogue is stored as documents in the spec's shapes (jsonb `data`), with the columns the
 * database itself must look up or constrain pulled out beside them. The read path is the
 * in-process index, which is rebuilt from these rows; the database is the source of truth.
 */

const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    parentId: integer("parent_id").notNull(),
    position: integer("position").notNull().default(0),
    urlPath: text("url_path").notNull(),
    data: jsonb("data").$type<Category>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("categories_url_path_idx").on(t.urlPath), index("categories_parent_idx").on(t.parentId)],
);

export const attributes = pgTable("attributes", {
  attributeId: integer("attribute_id").primaryKey(),
  attributeCode: text("attribute_code").notNull().unique(),
  data: jsonb("data").$type<Attribute>().notNull(),
  updatedAt: updatedAt(),
});

export const taxRules = pgTable("tax_rules", {
  id: integer("id").primaryKey(),
  data: jsonb("data").$type<TaxRule>().notNull(),
  updatedAt: updatedAt(),
});

/** Parents and configurable children alike; a child row has `parent_id` and visibility 1. */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey(),
    sku: text("sku").notNull().unique(),
    parentId: integer("parent_id"),
    typeId: text("type_id").notNull(),
    status: smallint("status").notNull(),
    visibility: smallint("visibility").notNull(),
    urlPath: text("url_path"),
    data: jsonb("data").$type<Product | ConfigurableChild>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [index("products_parent_idx").on(t.parentId), index("products_url_path_idx").on(t.urlPath)],
);

/** One row per sellable sku. Orders decrement `qty` under a row lock (ARCHITECTURE "Data"). */
export const stock = pgTable("stock", {
  sku: text("sku").primaryKey(),
  productId: integer("product_id").notNull(),
  qty: integer("qty").notNull(),
  reserved: integer("reserved").notNull().default(0),
  isInStock: boolean("is_in_stock").notNull(),
  manageStock: boolean("manage_stock").notNull().default(true),
  /** The warehouse is unsure of this quantity: stock status `volatile`. */
  isVolatile: boolean("is_volatile").notNull().default(false),
  updatedAt: updatedAt(),
});

export const redirects = pgTable("redirects", {
  id: integer("id").primaryKey(),
  requestPath: text("request_path").notNull().unique(),
  targetPath: text("target_path").notNull(),
  redirectType: smallint("redirect_type").notNull(),
  updatedAt: updatedAt(),
});

export const landingPages = pgTable("landing_pages", {
  id: integer("id").primaryKey(),
  urlPath: text("url_path").notNull().unique(),
  categoryId: integer("category_id").notNull(),
  data: jsonb("data").$type<LandingPage>().notNull(),
  updatedAt: updatedAt(),
});

/** Small facts about the database itself, such as which seed it holds. */
export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
export * from "./schema-accounts.ts";
// Payments (issues 24, 30, 31): modifications, staff alerts and the built-in Adyen test gateway.
export * from "./schema-adyen-test-gateway.ts";
export * from "./schema-cart.ts";
export * from "./schema-cms.ts";
// Fulfilment (issue 25): the order's timeline, parcels and refunds.
export * from "./schema-fulfilment.ts";
export * from "./schema-newsletter.ts";
// Checkout (issue 13).
export * from "./schema-orders.ts";
// Passkeys (issue 12, beyond the spec).
export * from "./schema-passkeys.ts";
export * from "./schema-payments.ts";
export * from "./schema-recommendations.ts";
// Returns (issue 25 item 3).
export * from "./schema-returns.ts";
export * from "./schema-reviews.ts";
// The back office's staff and audit log (issue 25).
export * from "./schema-staff.ts";
// Back-in-stock mails (issue 14).
export * from "./schema-stock-alerts.ts";
// Outgoing webhooks (issue 25).
export * from "./schema-webhooks.ts";
