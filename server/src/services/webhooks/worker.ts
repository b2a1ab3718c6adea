import { randomUUID } from "node:crypto";
import { nextRetryDelay, retryAfterMs } from "@etalage/core";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema.ts";
import { Rounds } from "../../rounds.ts";
import { disableEndpoints } from "./endpoints.ts";

export interface WebhookWorkerOptions {
  /** Waits after each failed try (core nextRetryDelay); after the last, the delivery has failed. */
  retrySchedule: readonly number[];
  leaseMs: number;
  timeoutMs: number;
  intervalMs: number;
  /** Deliveries one round takes; they are sent side by side. */
  batch?: number;
}

export interface WebhookLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface Claimed {
  id: number;
  attempts: number;
  claim: string;
  messageId: string;
  body: string;
  url: string;
  secret: string;
  endpointId: number;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  retryAfter: number | null;
  startedAt: Date;
  durationMs: number;
}

const USER_AGENT = "Etalage-Webhooks/1.0";

/**
 * Sends the outbox (docs/decisions/0047). A round claims due deliveries in a short transaction
 * (FOR UPDATE SKIP LOCKED), moving each one's next attempt past a lease and marking it with a
 * token of its own; the HTTP request runs outside any transaction; the result is written only
 * while the token is still the delivery's. An instance killed mid-send leaves its claim to expire,
 * and another sends the same body with the same `webhook-id` then: at least once on the wire,
 * once for a receiver that keeps the ids it has seen (as the Standard Webhooks spec asks).
 */
export class WebhookWorker {
  readonly #rounds: Rounds;
  readonly #stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly options: WebhookWorkerOptions,
    private readonly log: WebhookLog,
  ) {
    this.#rounds = new Rounds(
      () => this.#round(),
      (error) => this.log.error({ err: error }, "webhook round failed"),
      options.intervalMs,
    );
  }

  start(): void {
    this.#rounds.start();
  }

  /** A round soon (after a commit that queued deliveries, or a retry asked by hand). */
  kick(): void {
    this.#rounds.kick();
  }

  /** One round now; answers how many deliveries it tried. */
  deliverDue(): Promise<number> {
    return this.#rounds.now();
  }

  /**
   * Stops: requests under way are abandoned, their claims left to expire as a killed instance's
   * would, so another instance (or this one after a restart) sends them again.
   */
  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#rounds.stop();
  }

  async #round(): Promise<number> {
    if (this.#stopping.signal.aborted) return 0;
    const claimed = await this.#claim(new Date());
    await Promise.all(claimed.map((delivery) => this.#deliver(delivery)));
    return claimed.length;
  }

  async #claim(now: Date): Promise<Claimed[]> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const due = await tx
        .select({
          id: webhookDeliveries.id,
          attempts: webhookDeliveries.attempts,
          messageId: webhookEvents.messageId,
          body: webhookEvents.body,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          endpointId: webhookEndpoints.id,
          disabledAt: webhookEndpoints.disabledAt,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(this.options.batch ?? 20)
        .for("update", { of: webhookDeliveries, skipLocked: true });
      // An endpoint disabled while its event was being written: nobody sends these.
      const orphaned = due.filter((row) => row.disabledAt !== null).map((row) => row.id);
      if (orphaned.length > 0)
        await tx
          .update(webhookDeliveries)
          .set({ status: "failed", lastError: "endpoint disabled", claim: null })
          .where(inArray(webhookDeliveries.id, orphaned));
      const claimed: Claimed[] = [];
      const leaseEnd = new Date(now.getTime() + this.options.leaseMs);
      for (const row of due) {
        if (row.disabledAt !== null) continue;
        const claim = randomUUID();
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: leaseEnd, claim })
          .where(eq(webhookDeliveries.id, row.id));
        claimed.push({ ...row, claim });
      }
      return claimed;
    });
  }

  async #send(delivery: Claimed): Promise<Outcome> {
    const startedAt = new Date();
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null, retryAfter: number | null = null) => ({
      statusCode,
      error,
      retryAfter,
      startedAt,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      const signature = new Webhook(delivery.secret).sign(delivery.messageId, startedAt, delivery.body);
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": USER_AGENT,
          "webhook-id": delivery.messageId,
          "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: delivery.body,
        // A redirect is a failure (Standard Webhooks): the endpoint's URL should be updated instead.
        redirect: "manual",
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.#stopping.signal]),
      });
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) return done(response.status, null);
      return done(
        response.status,
        `answered HTTP ${response.status}`,
        retryAfterMs(response.headers.get("retry-after"), Date.now()),
      );
    } catch (thrown) {
      const error = thrown as Error;
      const why =
        error.name === "TimeoutError"
          ? `no answer within ${this.options.timeoutMs} ms`
          : `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}`;
      return done(null, why.slice(0, 1000));
    }
  }

  async #deliver(delivery: Claimed): Promise<void> {
    const outcome = await this.#send(delivery);
    // Stopped mid-request: as a killed instance, nothing is written; the lease hands it on.
    if (this.#stopping.signal.aborted && outcome.statusCode === null) return;
    const attempts = delivery.attempts + 1;
    const succeeded = outcome.error === null;
    const gone = outcome.statusCode === 410;
    const delay =
      succeeded || gone
        ? null
        : nextRetryDelay(attempts, this.options.retrySchedule, {
            retryAfterMs: outcome.retryAfter,
          });
    const now = new Date();
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        attempt: attempts,
        startedAt: outcome.startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        error: outcome.error,
      });
      const written = await tx
        .update(webhookDeliveries)
        .set({
          attempts,
          claim: null,
          lastAttemptAt: outcome.startedAt,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          ...(succeeded
            ? { status: "succeeded" as const, deliveredAt: now }
            : delay === null
              ? { status: "failed" as const }
              : { nextAttemptAt: new Date(now.getTime() + delay) }),
        })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claim, delivery.claim)))
        .returning({ id: webhookDeliveries.id });
      if (written.length === 0) {
        // The lease ran out and another instance took the delivery: its result counts, not this one.
        this.log.warn(
          { delivery: delivery.id, outcome: outcome.error ?? outcome.statusCode },
          "webhook answer came after the lease",
        );
        return;
      }
      // 410 Gone: the receiver wants no more (Standard Webhooks); the endpoint is disabled.
      if (gone) await disableEndpoints(tx, [delivery.endpointId], "the receiver answered 410 Gone");
    });
    if (!succeeded)
      this.log.warn(
        { delivery: delivery.id, url: delivery.url, attempts, error: outcome.error, retryInMs: delay },
        "webhook not delivered",
      );
  }
}
