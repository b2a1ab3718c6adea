import { randomBytes } from "node:crypto";
import type { ConfiguredEndpoint } from "@etalage/core";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema.ts";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as the admin API shows it: never its secret, only enough to recognise it. */
export interface EndpointView {
  id: number;
  url: string;
  events: string[];
  source: "env" | "admin";
  description: string | null;
  secret_hint: string;
  created_at: string;
}

function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.eventTypes,
    source: row.source,
    description: row.description,
    secret_hint: `whsec_…${row.secret.slice(-4)}`,
    created_at: row.createdAt.toISOString(),
  };
}

/** A new signing secret: 32 random bytes, as Standard Webhooks writes it. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** Stops an endpoint's pending deliveries: nobody will send them. */
async function failPending(tx: Db, endpointIds: number[], why: string): Promise<void> {
  if (endpointIds.length === 0) return;
  await tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: why, claim: null })
    .where(and(inArray(webhookDeliveries.endpointId, endpointIds), eq(webhookDeliveries.status, "pending")));
}

/** Disables endpoints (removed, or answered 410 Gone) and fails what they still had to get. */
export async function disableEndpoints(tx: Db, ids: number[], why: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(webhookEndpoints)
    .set({ disabledAt: new Date(), disabledReason: why })
    .where(and(inArray(webhookEndpoints.id, ids), isNull(webhookEndpoints.disabledAt)));
  await failPending(tx, ids, `endpoint disabled: ${why}`);
}

/**
 * Makes the database's `env` endpoints those of WEBHOOK_ENDPOINTS: new ones added, changed ones
 * updated, dropped ones disabled. Under an advisory lock, so instances starting together take turns.
 */
export async function syncConfiguredEndpoints(
  db: Db,
  configured: readonly ConfiguredEndpoint[],
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('etalage:webhook-endpoints'))`);
    const active = await tx.select().from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt));
    const byUrl = new Map(active.map((row) => [row.url, row]));
    for (const endpoint of configured) {
      const row = byUrl.get(endpoint.url);
      if (!row) {
        await tx.insert(webhookEndpoints).values({
          url: endpoint.url,
          secret: endpoint.secret,
          eventTypes: endpoint.events,
          source: "env",
        });
        continue;
      }
      // The environment wins over an endpoint added by hand for the same URL.
      await tx
        .update(webhookEndpoints)
        .set({ secret: endpoint.secret, eventTypes: endpoint.events, source: "env" })
        .where(eq(webhookEndpoints.id, row.id));
    }
    const wanted = new Set(configured.map((e) => e.url));
    const dropped = active.filter((row) => row.source === "env" && !wanted.has(row.url)).map((row) => row.id);
    await disableEndpoints(tx, dropped, "no longer in WEBHOOK_ENDPOINTS");
  });
}

export async function listEndpoints(db: Db): Promise<EndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.disabledAt))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(endpointView);
}

export type AddEndpointResult =
  | { ok: true; endpoint: EndpointView; secret?: string }
  | { ok: false; code: 409; message: string };

/** What else a change writes in its transaction (a staff member's audit row), given what changed. */
export type AfterChange<T> = (tx: Db, changed: T) => Promise<void>;

export async function addEndpoint(
  db: Db,
  input: { url: string; secret?: string | undefined; events: string[]; description?: string | undefined },
  after?: AfterChange<EndpointView>,
): Promise<AddEndpointResult> {
  const generated = input.secret ? undefined : newWebhookSecret();
  return db.transaction(async (transaction): Promise<AddEndpointResult> => {
    const tx = transaction as unknown as Db;
    const rows = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        secret: input.secret ?? generated!,
        eventTypes: [...new Set(input.events)],
        source: "admin",
        description: input.description ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0)
      return { ok: false, code: 409, message: "body.url: an endpoint with this URL exists" };
    const endpoint = endpointView(rows[0]!);
    await after?.(tx, endpoint);
    return { ok: true, endpoint, ...(generated ? { secret: generated } : {}) };
  });
}

export type RemoveEndpointResult = { ok: true } | { ok: false; code: 404 | 409; message: string };

export async function removeEndpoint(
  db: Db,
  id: number,
  why: string,
  after?: AfterChange<EndpointView>,
): Promise<RemoveEndpointResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
      .for("update");
    if (!row) return { ok: false, code: 404, message: "params.id: no endpoint with this id" };
    if (row.source === "env")
      return {
        ok: false,
        code: 409,
        message: "params.id: this endpoint comes from WEBHOOK_ENDPOINTS; remove it there",
      };
    await disableEndpoints(tx, [id], why);
    await after?.(tx, endpointView(row));
    return { ok: true };
  });
}
