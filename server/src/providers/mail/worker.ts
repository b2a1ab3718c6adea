import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import { Rounds } from "../../rounds.ts";
import { messageIdFor } from "./message-id.ts";
import type { MailTransport } from "./transport.ts";

/** Where the worker reports failed deliveries: a pino logger, or the console in a benchmark. */
export interface MailLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A mail that keeps failing is given up after this many attempts (about a day of backoff). */
const MAX_MAIL_ATTEMPTS = 12;

/** 10 s, 20 s, 40 s … capped at 2 hours. */
function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60 * 1000);
}

/**
 * Delivers the outbox. Each round claims due rows with FOR UPDATE SKIP LOCKED inside a
 * transaction that stays open while they are sent, so several instances never send one mail
 * twice; a crash mid-send rolls the claim back and the mail goes out on the next round.
 */
export class MailWorker {
  readonly #rounds: Rounds;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: MailLog,
    intervalMs: number,
  ) {
    this.#rounds = new Rounds(
      () => this.#round(20),
      (error) => this.log.error({ err: error }, "mail delivery round failed"),
      intervalMs,
    );
  }

  start(): void {
    this.#rounds.start();
  }

  /** Runs one round now (the service calls it after an enqueue, so mail does not wait a tick). */
  deliverDue(batch = 20): Promise<number> {
    return this.#rounds.now(() => this.#round(batch));
  }

  async #round(batch: number): Promise<number> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(mailOutbox.id)
        .limit(batch)
        .for("update", { skipLocked: true });
      for (const row of due) {
        try {
          await this.transport.send(
            {
              outboxId: row.id,
              messageId: messageIdFor(row, this.from),
              from: this.from,
              to: row.to,
              subject: row.subject,
              html: row.html,
              text: row.text,
              ...(row.headers ? { headers: row.headers } : {}),
            },
            tx,
          );
          await tx
            .update(mailOutbox)
            .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
            .where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn({ outboxId: row.id, attempts, err: message }, "mail delivery failed");
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              lastError: message.slice(0, 1000),
              status: attempts >= MAX_MAIL_ATTEMPTS ? "failed" : "pending",
              nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
            })
            .where(eq(mailOutbox.id, row.id));
        }
      }
      return due.length;
    });
  }

  async stop(): Promise<void> {
    await this.#rounds.stop();
    this.transport.close();
  }
}
