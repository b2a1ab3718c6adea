import { randomBytes } from "node:crypto";
import { endpointWants, type WebhookEventType } from "@etalage/core";
import { and, eq, isNull, lt, notExists } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.ts";
import { orderWebhookData } from "./order-data.ts";

/** `msg_` and 128 random bits: a Standard Webhooks message id (no `.`, which the signed text uses). */
function messageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/**
 * Writes a webhook event in the caller's transaction (`tx`), with one delivery for each endpoint
 * that wants its type: the receivers hear of the change exactly when it commits. The worker sends
 * it. Answers the event's `webhook-id`, or null when no endpoint wants it (then nothing is kept).
 */
export async function recordWebhookEvent(
  tx: Db,
  type: WebhookEventType,
  data: Record<string, unknown>,
  at: Date = new Date(),
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.disabledAt));
  const wanting = endpoints.filter((endpoint) => endpointWants(endpoint.eventTypes, type));
  if (wanting.length === 0) return null;
  const id = messageId();
  const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
  const [event] = await tx
    .insert(webhookEvents)
    .values({ messageId: id, type, body, createdAt: at })
    .returning({ id: webhookEvents.id });
  await tx
    .insert(webhookDeliveries)
    .values(wanting.map((endpoint) => ({ eventId: event!.id, endpointId: endpoint.id, nextAttemptAt: at })));
  return id;
}

/** `recordWebhookEvent` with the order's own data: the one line an order change adds. */
export async function sendOrderWebhook(
  tx: Db,
  type: WebhookEventType,
  orderId: number,
): Promise<string | null> {
  const data = await orderWebhookData(tx, orderId);
  return data ? recordWebhookEvent(tx, type, data) : null;
}

/** How long sent (or given-up) webhook events stay visible with their deliveries and attempts. */
export const WEBHOOK_HISTORY_DAYS = 90;

/** Drops events older than the history whose deliveries are all done; answers how many. */
export async function purgeWebhookHistory(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_HISTORY_DAYS * 86_400_000);
  // Deliveries and attempts go with their event (on delete cascade).
  const rows = await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, before),
        notExists(
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(
              and(eq(webhookDeliveries.eventId, webhookEvents.id), eq(webhookDeliveries.status, "pending")),
            ),
        ),
      ),
    )
    .returning({ id: webhookEvents.id });
  return rows.length;
}
