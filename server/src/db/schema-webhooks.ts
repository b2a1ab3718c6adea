import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Outgoing webhooks (issue 25, docs/decisions/0047): endpoints, an outbox of events written in
 * the transaction of the change they tell, one delivery per event and endpoint, and each attempt.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** `env`: from WEBHOOK_ENDPOINTS, kept in step at start; `admin`: added through the admin API. */
export type WebhookEndpointSource = "env" | "admin";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    url: text("url").notNull(),
    /** `whsec_…`: needed to sign, so kept as it is; never answered by the API. */
    secret: text("secret").notNull(),
    /** Event types or groups (`order.*`); empty: every event. */
    eventTypes: text("event_types").array().notNull().default(sql`'{}'::text[]`),
    source: text("source").$type<WebhookEndpointSource>().notNull(),
    description: text("description"),
    createdAt: at("created_at").notNull().defaultNow(),
    /** Removed (or answered 410 Gone): no new deliveries. The row stays for its deliveries' history. */
    disabledAt: at("disabled_at"),
    disabledReason: text("disabled_reason"),
  },
  (t) => [
    uniqueIndex("webhook_endpoints_active_url_idx").on(t.url).where(sql`${t.disabledAt} is null`),
    check("webhook_endpoints_source", sql`${t.source} in ('env','admin')`),
  ],
);

export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The `webhook-id` header: the same on every attempt at every endpoint. */
    messageId: text("message_id").notNull().unique(),
    type: text("type").notNull(),
    /** The exact body sent, so every retry carries the same bytes. */
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_events_type_idx").on(t.type, t.id)],
);

/** pending: to be (re)tried at next_attempt_at; succeeded: a 2xx came; failed: given up (retry by hand). */
export type WebhookDeliveryStatus = "pending" | "succeeded" | "failed";

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When it is due; while an instance sends it, the end of that instance's lease. */
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    /** The lease holder's token: a result written after the lease passed to another is dropped. */
    claim: text("claim"),
    lastAttemptAt: at("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: at("delivered_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_once_idx").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_list_idx").on(t.status, t.id),
    check("webhook_deliveries_status", sql`${t.status} in ('pending','succeeded','failed')`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: at("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
