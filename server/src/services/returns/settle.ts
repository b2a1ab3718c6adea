import { decideReturnAction } from "@etalage/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { returns } from "../../db/schema.ts";

/**
 * The payment provider settled a refund (in its notification's transaction): a return waiting on
 * it becomes `refunded`, or after a failure `received` again, so staff can refund it once more.
 * Core's `decideReturnAction` says whether the return may move; one that may not stays as it is.
 */
export async function settleReturnRefund(tx: Db, refundId: number, success: boolean): Promise<void> {
  const [row] = await tx.select().from(returns).where(eq(returns.refundId, refundId)).for("update");
  if (!row) return;
  const decision = decideReturnAction({ status: row.status, lines: [] }, { kind: "settle", success });
  if (!decision.ok) return;
  const now = new Date();
  await tx
    .update(returns)
    .set({ status: decision.status, updatedAt: now, ...(success ? { refundedAt: now } : {}) })
    .where(eq(returns.id, row.id));
}
