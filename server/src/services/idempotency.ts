import { sha1 } from "@etalage/core";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema.ts";

/**
 * `Idempotency-Key` (contract "Conventions"): a write a client may retry runs once per key; a
 * retry with the same body gets the stored first answer, another body gets 409. Used by the cart
 * and, later, by order placement and payments.
 *
 * Call `runIdempotent` inside the transaction that does the write: the key is claimed by an
 * insert in that transaction, so a concurrent request with the same key waits on the unique
 * index until the first commits (then replays its answer) or rolls back (then runs itself).
 * Only 2xx answers are kept: a refused request changes nothing, so running it again is safe.
 */

/** A stored key older than this is forgotten: the retry runs as new. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** What a route sends: status and the envelope. */
export interface StoredAnswer {
  code: number;
  body: unknown;
}

export interface IdempotentRequest {
  /** Whose keys these are and for what, e.g. `cart:<cartId>:update`; keys never cross scopes. */
  scope: string;
  key: string;
  /** Everything that makes two requests "the same": query (without credentials) and body. */
  request: unknown;
}

export type IdempotentOutcome =
  | { kind: "fresh"; answer: StoredAnswer }
  | { kind: "replayed"; answer: StoredAnswer }
  | { kind: "conflict" };

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one request. */
function stableJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
}

function requestHash(request: unknown): string {
  return sha1(stableJson(request));
}

export async function runIdempotent(
  tx: Db,
  request: IdempotentRequest,
  work: () => Promise<StoredAnswer>,
  now: Date = new Date(),
): Promise<IdempotentOutcome> {
  const hash = requestHash(request.request);
  const where = and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope: request.scope, key: request.key, requestHash: hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [stored] = await tx.select().from(idempotencyKeys).where(where).for("update");
    const expired = !stored || stored.createdAt.getTime() < now.getTime() - IDEMPOTENCY_KEY_TTL_MS;
    if (stored && !expired) {
      if (stored.requestHash !== hash) return { kind: "conflict" };
      if (stored.responseCode !== null) {
        return { kind: "replayed", answer: { code: stored.responseCode, body: stored.responseBody } };
      }
    }
    // Expired (or, defensively, committed without an answer): take the key over.
    await tx
      .update(idempotencyKeys)
      .set({ requestHash: hash, createdAt: now, responseCode: null, responseBody: null })
      .where(where);
  }

  const answer = await work();
  if (answer.code >= 200 && answer.code < 300) {
    await tx
      .update(idempotencyKeys)
      .set({ responseCode: answer.code, responseBody: answer.body as object })
      .where(where);
  } else {
    await tx.delete(idempotencyKeys).where(where);
  }
  return { kind: "fresh", answer };
}

/** Whether `key` holds a kept answer in `scope` (a retry would replay it, not run again). */
export async function hasStoredAnswer(db: Db, scope: string, key: string, now: Date = new Date()) {
  const [stored] = await db
    .select({ code: idempotencyKeys.responseCode, createdAt: idempotencyKeys.createdAt })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return (
    stored !== undefined &&
    stored.code !== null &&
    stored.createdAt.getTime() >= now.getTime() - IDEMPOTENCY_KEY_TTL_MS
  );
}

/** Drops keys past their lifetime; any instance may call it now and then. */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** The header's value, checked: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** For tests and tools: how many keys a scope holds. */
export async function countIdempotencyKeys(db: Db, scope: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, scope));
  return row?.n ?? 0;
}
