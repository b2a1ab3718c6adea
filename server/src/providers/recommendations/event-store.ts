/**
 * The recommendation events in the database (schema-recommendations.ts): written in small batches
 * behind the request, replayed into the learner at start, and read from the other instances every
 * few seconds so that every instance learns from every shopper.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recommendationEvents, recommendationFavorites } from "../../db/schema.ts";
import type { LearnEvent, Learner } from "./learner.ts";

export interface EventStoreOptions {
  /** How far back the learner remembers at start (decay makes older events worth little). */
  replayDays?: number;
  pollMs?: number;
  flushMs?: number;
  log?: (message: string, error?: unknown) => void;
}

const REPLAY_LIMIT = 1_000_000;
/** Events older than this are never replayed: decay has made them worth next to nothing. */
export const REPLAY_DAYS = 120;
const PURGE_BATCH = 10_000;

/**
 * Drops events the learner will never replay again (older than the replay window), in batches so
 * a first run over a long history holds no lock for long. Answers how many rows went.
 */
export async function purgeRecommendationEvents(
  db: Db,
  now: Date = new Date(),
  replayDays = REPLAY_DAYS,
): Promise<number> {
  const before = new Date(now.getTime() - replayDays * 86_400_000);
  let dropped = 0;
  for (;;) {
    const old = db
      .select({ id: recommendationEvents.id })
      .from(recommendationEvents)
      .where(lt(recommendationEvents.createdAt, before))
      .limit(PURGE_BATCH);
    const rows = await db
      .delete(recommendationEvents)
      .where(inArray(recommendationEvents.id, old))
      .returning({ id: recommendationEvents.id });
    dropped += rows.length;
    if (rows.length < PURGE_BATCH) return dropped;
  }
}
const BATCH = 500;

export class EventStore {
  /** This instance's name on its rows. */
  readonly origin = randomUUID();
  private pending: LearnEvent[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private lastSeen = 0;

  constructor(
    private readonly db: Db,
    private readonly learner: Learner,
    private readonly options: EventStoreOptions = {},
  ) {}

  /** Replays recent events into the learner, oldest first. */
  async load(): Promise<number> {
    const since = new Date(Date.now() - (this.options.replayDays ?? REPLAY_DAYS) * 86_400_000);
    let count = 0;
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(recommendationEvents)
        .where(and(gt(recommendationEvents.id, after), gte(recommendationEvents.createdAt, since)))
        .orderBy(asc(recommendationEvents.id))
        .limit(5_000);
      for (const row of rows) this.learner.apply(toEvent(row));
      count += rows.length;
      if (rows.length < 5_000 || count >= REPLAY_LIMIT) {
        after = rows.at(-1)?.id ?? after;
        break;
      }
      after = rows.at(-1)!.id;
    }
    this.lastSeen = after;
    return count;
  }

  start(): void {
    const pollMs = this.options.pollMs ?? 3_000;
    if (pollMs > 0) {
      this.pollTimer = setInterval(
        () => void this.poll().catch((e) => this.options.log?.("recommendation events: poll failed", e)),
        pollMs,
      );
      this.pollTimer.unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.pollTimer);
    clearTimeout(this.flushTimer);
    await this.flush();
  }

  /** Learns at once; the row follows within `flushMs`. */
  record(event: LearnEvent): void {
    this.learner.apply(event);
    this.pending.push(event);
    if (this.pending.length >= BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 50);
  }

  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.db
        .insert(recommendationEvents)
        .values(
          batch.map((e) => ({
            type: e.type,
            customerKey: e.customerKey,
            sessionKey: e.sessionKey,
            productKey: e.productKey ?? null,
            variantKey: e.variantKey ?? null,
            listId: e.listId ?? null,
            position: e.position ?? null,
            q: e.q ?? null,
            origin: this.origin,
            createdAt: new Date(e.at),
          })),
        )
        .then(
          () => undefined,
          (error) => this.options.log?.(`recommendation events: ${batch.length} not stored`, error),
        ),
    );
    return this.flushing;
  }

  /** Events other instances wrote since the last look. */
  async poll(): Promise<number> {
    const rows = await this.db
      .select()
      .from(recommendationEvents)
      .where(and(gt(recommendationEvents.id, this.lastSeen), ne(recommendationEvents.origin, this.origin)))
      .orderBy(asc(recommendationEvents.id))
      .limit(5_000);
    for (const row of rows) this.learner.apply(toEvent(row));
    if (rows.length > 0) this.lastSeen = rows.at(-1)!.id;
    return rows.length;
  }

  /** Marks a customer's views (of `productKeys`, or all) or searches (of `phrases`, or all) as removed. */
  async hide(
    customerKey: string,
    what: { type: "view"; keys: string[] | "all" } | { type: "search"; phrases: string[] | "all" },
  ): Promise<void> {
    await this.flush();
    const conditions: SQL[] = [
      eq(recommendationEvents.customerKey, customerKey),
      eq(recommendationEvents.type, what.type),
    ];
    if (what.type === "view" && what.keys !== "all")
      conditions.push(inArray(recommendationEvents.productKey, what.keys));
    if (what.type === "search" && what.phrases !== "all")
      conditions.push(inArray(recommendationEvents.q, what.phrases));
    await this.db
      .update(recommendationEvents)
      .set({ hidden: true })
      .where(and(...conditions));
  }

  async favorites(customerKey: string, limit = 100): Promise<string[]> {
    const rows = await this.db
      .select({ productKey: recommendationFavorites.productKey })
      .from(recommendationFavorites)
      .where(eq(recommendationFavorites.customerKey, customerKey))
      .orderBy(desc(recommendationFavorites.createdAt))
      .limit(limit);
    return rows.map((r) => r.productKey);
  }

  async addFavorite(customerKey: string, productKey: string): Promise<void> {
    await this.db.insert(recommendationFavorites).values({ customerKey, productKey }).onConflictDoNothing();
  }

  async removeFavorite(customerKey: string, productKey: string): Promise<void> {
    await this.db
      .delete(recommendationFavorites)
      .where(
        and(
          eq(recommendationFavorites.customerKey, customerKey),
          eq(recommendationFavorites.productKey, productKey),
        ),
      );
  }
}

function toEvent(row: typeof recommendationEvents.$inferSelect): LearnEvent {
  return {
    type: row.type as LearnEvent["type"],
    customerKey: row.customerKey,
    sessionKey: row.sessionKey,
    productKey: row.productKey,
    variantKey: row.variantKey,
    listId: row.listId,
    position: row.position,
    q: row.q,
    hidden: row.hidden,
    at: row.createdAt.getTime(),
  };
}
