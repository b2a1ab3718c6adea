import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type WebhookDeliveryStatus,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema.ts";

export interface DeliveryView {
  id: number;
  webhook_id: string;
  event_type: string;
  event_created_at: string;
  endpoint: { id: number; url: string };
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  payload: unknown;
  attempt_log: {
    attempt: number;
    started_at: string;
    duration_ms: number;
    status_code: number | null;
    error: string | null;
  }[];
}

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus | undefined;
  type?: string | undefined;
  page: number;
  pageSize: number;
}

/** Deliveries, newest first, each with its attempts: what staff look at when a receiver complains. */
export async function listDeliveries(
  db: Db,
  filter: DeliveryFilter,
): Promise<{ items: DeliveryView[]; total: number; page: number; pageSize: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(webhookDeliveries.status, filter.status));
  if (filter.type) where.push(eq(webhookEvents.type, filter.type));
  const condition = where.length > 0 ? and(...where) : undefined;
  const base = () =>
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(condition);
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, event: webhookEvents, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(condition)
      .orderBy(desc(webhookDeliveries.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    base(),
  ]);
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.id));
  return {
    items: rows.map(({ delivery, event, url }) => ({
      id: delivery.id,
      webhook_id: event.messageId,
      event_type: event.type,
      event_created_at: event.createdAt.toISOString(),
      endpoint: { id: delivery.endpointId, url },
      status: delivery.status,
      attempts: delivery.attempts,
      next_attempt_at: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
      last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      delivered_at: delivery.deliveredAt?.toISOString() ?? null,
      payload: JSON.parse(event.body),
      attempt_log: attempts
        .filter((a) => a.deliveryId === delivery.id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: a.startedAt.toISOString(),
          duration_ms: a.durationMs,
          status_code: a.statusCode,
          error: a.error,
        })),
    })),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export type RetryResult = { ok: true } | { ok: false; code: 404 | 409; message: string };

/**
 * Sends a failed delivery again now, with the same `webhook-id` and body. A delivery that
 * succeeded, or is being sent, or whose endpoint is gone, is refused.
 */
export async function retryDelivery(
  db: Db,
  id: number,
  after?: (tx: Db, delivery: { id: number; url: string; eventType: string }) => Promise<void>,
): Promise<RetryResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select({
        delivery: webhookDeliveries,
        disabledAt: webhookEndpoints.disabledAt,
        url: webhookEndpoints.url,
        eventType: webhookEvents.type,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, id))
      .for("update", { of: webhookDeliveries });
    if (!row) return { ok: false, code: 404, message: "params.id: no delivery with this id" };
    if (row.delivery.status !== "failed")
      return {
        ok: false,
        code: 409,
        message: `params.id: the delivery is ${row.delivery.status}; only a failed one is retried by hand`,
      };
    if (row.disabledAt)
      return { ok: false, code: 409, message: "params.id: its endpoint is disabled; add it again first" };
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: new Date(), claim: null })
      .where(eq(webhookDeliveries.id, id));
    await after?.(tx, { id, url: row.url, eventType: row.eventType });
    return { ok: true };
  });
}
