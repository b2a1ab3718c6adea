import { createHmac } from "node:crypto";
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestNotifications } from "../../../db/schema.ts";
import { Rounds } from "../../../rounds.ts";
import type { GatewayKeys } from "../gateway-keys.ts";

/**
 * Adyen's standard notifications, as the gateway sends them (vendor-apis §1.8): one
 * NotificationRequestItem per request, signed with the HMAC key as Adyen signs it, queued in the
 * transaction of the change it tells, and sent until the shop answers `[accepted]`, on Adyen's
 * retry schedule, for 30 days, surviving a restart.
 */

export interface NotificationInput {
  eventCode: string;
  success: boolean;
  pspReference: string;
  originalReference?: string | undefined;
  merchantReference: string;
  amount: { value: number; currency: string };
  paymentMethod?: string | undefined;
  reason?: string | undefined;
  operations?: string[] | undefined;
  additionalData?: Record<string, string> | undefined;
}

/** Adyen's signing string: `psp:original:merchantAccount:reference:value:currency:event:success`. */
function signNotificationItem(item: Record<string, unknown>, hmacKey: string): string {
  const amount = item.amount as { value: number; currency: string };
  const data = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    amount.value,
    amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
  return createHmac("sha256", Buffer.from(hmacKey, "hex")).update(data, "utf8").digest("base64");
}

function notificationItem(keys: GatewayKeys, input: NotificationInput): Record<string, unknown> {
  const item: Record<string, unknown> = {
    amount: input.amount,
    eventCode: input.eventCode,
    eventDate: new Date().toISOString(),
    merchantAccountCode: keys.merchantAccount,
    merchantReference: input.merchantReference,
    pspReference: input.pspReference,
    ...(input.originalReference ? { originalReference: input.originalReference } : {}),
    ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
    reason: input.reason ?? "",
    success: String(input.success),
    ...(input.operations ? { operations: input.operations } : {}),
  };
  item.additionalData = { ...input.additionalData, hmacSignature: signNotificationItem(item, keys.hmacKey) };
  return item;
}

/** Written in the caller's transaction: the notification exists exactly when its change does. */
export async function queueNotification(tx: Db, keys: GatewayKeys, input: NotificationInput): Promise<void> {
  await tx.insert(adyenTestNotifications).values({ item: notificationItem(keys, input) });
}

/** Adyen's retry schedule after a failed delivery: 2, 5, 10, 15, 30 min, 1, 2, 4, 8 h, then every 8 h. */
const ADYEN_RETRY_DELAYS_MS: readonly number[] = [2, 5, 10, 15, 30, 60, 120, 240, 480].map(
  (minutes) => minutes * 60_000,
);
const GIVE_UP_AFTER_MS = 30 * 24 * 60 * 60_000;

/** Delivers a notification body; answers the receiver's reply text (or throws). */
export type NotificationTransport = (body: unknown) => Promise<string>;

export interface NotificationSenderOptions {
  retryDelaysMs?: readonly number[];
  /** How long a claimed notification is left to its sender before another may take it. */
  leaseMs?: number;
  intervalMs?: number;
}

export class NotificationSender {
  readonly #retryDelaysMs: readonly number[];
  readonly #leaseMs: number;
  readonly #rounds: Rounds;

  constructor(
    private readonly db: Db,
    private readonly transport: () => NotificationTransport | undefined,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    options: NotificationSenderOptions = {},
  ) {
    this.#retryDelaysMs = options.retryDelaysMs ?? ADYEN_RETRY_DELAYS_MS;
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#rounds = new Rounds(
      () => this.#round(new Date()),
      (error) => this.log.warn({ err: error }, "notification round failed"),
      options.intervalMs ?? 5_000,
    );
  }

  start(): void {
    this.#rounds.start();
  }

  stop(): Promise<void> {
    return this.#rounds.stop();
  }

  /** Send what is due now, soon after the change that queued it committed. */
  kick(): void {
    this.#rounds.kick();
  }

  /** Delivers what is due, everything queued before the call included; answers how many. */
  deliverDue(now: Date = new Date()): Promise<number> {
    return this.#rounds.now(() => this.#round(now));
  }

  async #round(now: Date): Promise<number> {
    const transport = this.transport();
    if (!transport) return 0;
    // Claim: a short transaction moves the rows' next attempt past the lease, so another instance
    // skips them; the delivery itself runs outside it (the shop's webhook writes to the database).
    const claimed = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const due = await tx
        .select()
        .from(adyenTestNotifications)
        .where(
          and(isNull(adyenTestNotifications.deliveredAt), lte(adyenTestNotifications.nextAttemptAt, now)),
        )
        .orderBy(asc(adyenTestNotifications.id))
        .limit(20)
        .for("update", { skipLocked: true });
      if (due.length > 0)
        await tx
          .update(adyenTestNotifications)
          .set({ nextAttemptAt: new Date(now.getTime() + this.#leaseMs) })
          .where(
            inArray(
              adyenTestNotifications.id,
              due.map((row) => row.id),
            ),
          );
      return due;
    });
    let delivered = 0;
    for (const row of claimed) {
      const attempts = row.attempts + 1;
      let error: string;
      try {
        const answer = await transport({
          live: "false",
          notificationItems: [{ NotificationRequestItem: row.item }],
        });
        if (answer.trim() === "[accepted]") {
          await this.db
            .update(adyenTestNotifications)
            .set({ deliveredAt: new Date(), attempts, lastError: null })
            .where(eq(adyenTestNotifications.id, row.id));
          delivered++;
          continue;
        }
        error = `answered ${JSON.stringify(answer.slice(0, 200))}, not [accepted]`;
      } catch (thrown) {
        error = thrown instanceof Error ? thrown.message : String(thrown);
      }
      const delay = this.#retryDelaysMs[Math.min(attempts - 1, this.#retryDelaysMs.length - 1)]!;
      const givenUp = now.getTime() - row.createdAt.getTime() > GIVE_UP_AFTER_MS;
      this.log.warn(
        { id: row.id, eventCode: row.item.eventCode, attempts, error, givenUp },
        "test gateway: notification not accepted",
      );
      await this.db
        .update(adyenTestNotifications)
        .set({
          attempts,
          lastError: error.slice(0, 1000),
          nextAttemptAt: givenUp ? new Date("9999-12-31T00:00:00Z") : new Date(now.getTime() + delay),
        })
        .where(eq(adyenTestNotifications.id, row.id));
    }
    return delivered;
  }
}
