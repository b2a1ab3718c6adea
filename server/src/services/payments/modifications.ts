import { randomUUID } from "node:crypto";
import adyen from "@adyen/api-library";
import type { PaymentRefundRequest } from "@adyen/api-library/lib/src/typings/checkout/paymentRefundRequest.js";
import { and, asc, count, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type ModificationKind, paymentModifications, payments } from "../../db/schema.ts";
import { Rounds } from "../../rounds.ts";
import { recordAlert } from "./alerts.ts";
import type { PaymentContext } from "./context.ts";

/**
 * Captures, refunds, cancels and reversals of a payment at Adyen (docs/decisions/0032). Each is a
 * row written before the call (`requested`, with a random idempotency key), so it is asked once
 * even when the answer is lost, and a crash leaves it to the sender's next round; Adyen answers
 * `received` and its notification settles it (`succeeded` or `failed`). The order moves only then.
 */

export type Modification = typeof paymentModifications.$inferSelect;
type Attempt = typeof payments.$inferSelect;

/** Adyen's refund reasons (`PaymentRefundRequest.MerchantRefundReasonEnum`). */
export type RefundReason = PaymentRefundRequest.MerchantRefundReasonEnum;

const LETTER: Record<ModificationKind, string> = {
  capture: "C",
  refund: "R",
  cancel: "X",
  reversal: "V",
  technical_cancel: "T",
};

/** Writes a modification of `attempt` in `tx`: `{attempt reference}-{letter}{n}` is its reference. */
export async function writeModification(
  tx: Db,
  attempt: Attempt,
  request: {
    kind: ModificationKind;
    amountCents?: number | null;
    callerReference?: string | null;
    reason?: string | null;
  },
): Promise<Modification> {
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(paymentModifications)
    .where(eq(paymentModifications.paymentId, attempt.id))) as [{ n: number }];
  const [row] = await tx
    .insert(paymentModifications)
    .values({
      paymentId: attempt.id,
      orderId: attempt.orderId,
      kind: request.kind,
      amountCents: request.amountCents ?? null,
      currency: attempt.currency,
      reference: `${attempt.reference}-${LETTER[request.kind]}${n + 1}`,
      callerReference: request.callerReference ?? null,
      idempotencyKey: randomUUID(),
      reason: request.reason ?? null,
      nextAttemptAt: new Date(),
    })
    .returning();
  return row!;
}

/** The request the modification is at Adyen, sent with the library's own types. */
async function ask(context: PaymentContext, modification: Modification, attempt: Attempt): Promise<string> {
  const { provider } = context;
  const key = modification.idempotencyKey;
  const amount = { value: modification.amountCents ?? attempt.amountCents, currency: modification.currency };
  const reference = modification.reference;
  if (modification.kind === "technical_cancel")
    return (await provider.cancelByReference({ paymentReference: attempt.reference, reference }, key))
      .pspReference;
  const psp = attempt.pspReference;
  if (!psp) throw new ModificationRefused("the payment has no pspReference yet");
  switch (modification.kind) {
    case "capture":
      return (await provider.capture(psp, { amount, reference }, key)).pspReference;
    case "refund": {
      const reason = refundReasonOf(modification.reason);
      return (
        await provider.refund(
          psp,
          { amount, reference, ...(reason ? { merchantRefundReason: reason } : {}) },
          key,
        )
      ).pspReference;
    }
    case "cancel":
      return (await provider.cancel(psp, { reference }, key)).pspReference;
    case "reversal":
      return (await provider.refundOrCancel(psp, { reference }, key)).pspReference;
  }
}

const REASONS = Object.values(adyen.Types.checkout.PaymentRefundRequest.MerchantRefundReasonEnum);

function refundReasonOf(reason: string | null): RefundReason | undefined {
  return REASONS.find((r) => r === reason);
}

class ModificationRefused extends Error {}

/** 10 s, 20 s, 40 s … at most an hour: Adyen unreachable is retried, never given up silently. */
function backoffMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Sends one `requested` modification if no one else is (a lease on `next_attempt_at`): answers
 * the row as it is afterwards.
 */
export async function sendModification(
  context: PaymentContext,
  id: number,
  now = new Date(),
): Promise<Modification | undefined> {
  const { db } = context;
  const [claimed] = await db
    .update(paymentModifications)
    .set({
      nextAttemptAt: new Date(now.getTime() + 60_000),
      attempts: sql`${paymentModifications.attempts} + 1`,
    })
    .where(
      and(
        eq(paymentModifications.id, id),
        eq(paymentModifications.status, "requested"),
        lte(paymentModifications.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed)
    return (await db.select().from(paymentModifications).where(eq(paymentModifications.id, id)))[0];
  const [attempt] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  try {
    const psp = await ask(context, claimed, attempt!);
    // Its notification may have settled it already (the built-in gateway is quick): keep that.
    const [row] = await db
      .update(paymentModifications)
      .set({
        pspReference: sql`coalesce(${paymentModifications.pspReference}, ${psp})`,
        status: sql`case when ${paymentModifications.status} = 'requested' then 'received' else ${paymentModifications.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(paymentModifications.id, id))
      .returning();
    return row;
  } catch (error) {
    const refused =
      error instanceof ModificationRefused ||
      (error instanceof adyen.HttpClientException &&
        error.statusCode >= 400 &&
        error.statusCode < 500 &&
        error.statusCode !== 429);
    const message = error instanceof Error ? error.message : String(error);
    context.log.warn(
      { reference: claimed.reference, kind: claimed.kind, error: message, refused },
      "payment modification not taken",
    );
    if (!refused) {
      const [row] = await db
        .update(paymentModifications)
        .set({
          nextAttemptAt: new Date(now.getTime() + backoffMs(claimed.attempts)),
          failureReason: message.slice(0, 500),
        })
        .where(eq(paymentModifications.id, id))
        .returning();
      return row;
    }
    return db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .update(paymentModifications)
        .set({ status: "failed", failureReason: message.slice(0, 500), updatedAt: new Date() })
        .where(eq(paymentModifications.id, id))
        .returning();
      if (claimed.kind !== "technical_cancel")
        await recordAlert(tx, {
          orderId: claimed.orderId,
          paymentId: claimed.paymentId,
          kind: "modification_failed",
          message: `Adyen refused the ${claimed.kind} ${claimed.reference}: ${message}`,
          details: { modificationId: claimed.id, reference: claimed.reference },
        });
      return row;
    });
  }
}

/** Sends what is due: in every instance; each row is taken by one (the lease). */
export class ModificationSender {
  readonly #rounds: Rounds;

  constructor(
    private readonly context: () => PaymentContext,
    private readonly intervalMs = 10_000,
  ) {
    this.#rounds = new Rounds(
      () => this.#round(new Date()),
      (error) => this.context().log.warn({ err: error }, "modification round failed"),
      intervalMs,
    );
  }

  start(): void {
    this.#rounds.start(this.intervalMs);
  }

  stop(): Promise<void> {
    return this.#rounds.stop();
  }

  sendDue(now: Date = new Date()): Promise<number> {
    return this.#rounds.now(() => this.#round(now));
  }

  async #round(now: Date): Promise<number> {
    const context = this.context();
    const due = await context.db
      .select({ id: paymentModifications.id })
      .from(paymentModifications)
      .where(and(eq(paymentModifications.status, "requested"), lte(paymentModifications.nextAttemptAt, now)))
      .orderBy(asc(paymentModifications.id))
      .limit(50);
    for (const { id } of due) await sendModification(context, id, now);
    return due.length;
  }
}

/** A payment's modifications that are not failed, of some kinds (what is already asked). */
export async function liveModifications(db: Db, paymentId: number, kinds: readonly ModificationKind[]) {
  return db
    .select()
    .from(paymentModifications)
    .where(
      and(
        eq(paymentModifications.paymentId, paymentId),
        inArray(paymentModifications.kind, [...kinds]),
        ne(paymentModifications.status, "failed"),
      ),
    )
    .orderBy(asc(paymentModifications.id));
}
