import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { purgeGatewayIdempotency } from "../providers/payments/gateway/idempotency.ts";
import { purgeRecommendationEvents } from "../providers/recommendations/event-store.ts";
import { purgePasskeyChallenges } from "./accounts/webauthn.ts";
import { purgeIdempotencyKeys } from "./idempotency.ts";
import { purgeWebhookHistory, WEBHOOK_HISTORY_DAYS } from "./webhooks/outbox.ts";

/** One kind of stored row that outlives its use, and how to drop it: answers the rows dropped. */
export interface PurgeTask {
  what: string;
  purge(db: Db): Promise<number>;
}

const PURGE_TASKS: readonly PurgeTask[] = [
  // A cart write stores its answer under its key; without this the table grows with every write.
  { what: "expired idempotency keys", purge: (db) => purgeIdempotencyKeys(db) },
  // Every view, click and add is a row; past the replay window no instance reads it again.
  { what: "recommendation events past the replay window", purge: (db) => purgeRecommendationEvents(db) },
  // A passkey ceremony nobody finished leaves its challenge; it is dead after 5 minutes.
  { what: "expired passkey challenges", purge: (db) => purgePasskeyChallenges(db) },
  // The built-in Adyen gateway keeps idempotency keys Adyen's 31 days, not for ever.
  { what: "Adyen test gateway idempotency keys past 31 days", purge: (db) => purgeGatewayIdempotency(db) },
  // Every order event is a row per endpoint and attempt; staff look back weeks, not years.
  { what: `webhook events past ${WEBHOOK_HISTORY_DAYS} days`, purge: (db) => purgeWebhookHistory(db) },
];

/**
 * Work that keeps stored data bounded (PURGE_TASKS). Every instance runs it; a DELETE of old rows
 * is harmless when two run at once.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<Logger, "info" | "warn">,
    private readonly intervalMs = 60 * 60 * 1000,
    private readonly tasks: readonly PurgeTask[] = PURGE_TASKS,
  ) {}

  start() {
    // The first run comes after one interval: a start-up is busy enough.
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass; overlapping calls share it. Answers how many rows were dropped. */
  runOnce(): Promise<number> {
    this.running ??= this.purgeAll().finally(() => {
      this.running = undefined;
    });
    return this.running as Promise<number>;
  }

  private async purgeAll(): Promise<number> {
    let total = 0;
    // One after the other: a failing task does not keep the others from their turn.
    for (const task of this.tasks) {
      try {
        const dropped = await task.purge(this.db);
        if (dropped > 0) this.log.info({ dropped }, `${task.what} dropped`);
        total += dropped;
      } catch (err) {
        this.log.warn({ err }, `housekeeping of ${task.what} failed; trying again next time`);
      }
    }
    return total;
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
