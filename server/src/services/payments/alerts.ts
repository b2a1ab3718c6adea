import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, type PaymentAlertKind, paymentAlerts } from "../../db/schema.ts";

/**
 * What staff must see about money (issue 31): a second authorisation reversed, one for a cancelled
 * order, a chargeback, a modification Adyen refused. Written in the transaction of the
 * notification that revealed it; listed for the back office until someone resolves it.
 */

export interface PaymentAlert {
  id: number;
  orderNumber: string;
  paymentId: number | null;
  kind: PaymentAlertKind;
  message: string;
  details: Record<string, unknown>;
  createdAt: Date;
  resolvedAt: Date | null;
}

export async function recordAlert(
  tx: Db,
  alert: {
    orderId: number;
    paymentId?: number | null;
    kind: PaymentAlertKind;
    message: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(paymentAlerts).values({
    orderId: alert.orderId,
    paymentId: alert.paymentId ?? null,
    kind: alert.kind,
    message: alert.message,
    details: alert.details ?? {},
  });
}

export async function listAlerts(
  db: Db,
  filter: { open?: boolean; orderNumber?: string; limit?: number } = {},
): Promise<PaymentAlert[]> {
  const rows = await db
    .select({ alert: paymentAlerts, orderNumber: orders.incrementId })
    .from(paymentAlerts)
    .innerJoin(orders, eq(orders.id, paymentAlerts.orderId))
    .where(
      and(
        filter.open ? isNull(paymentAlerts.resolvedAt) : undefined,
        filter.orderNumber ? eq(orders.incrementId, filter.orderNumber) : undefined,
      ),
    )
    .orderBy(desc(paymentAlerts.id))
    .limit(Math.min(filter.limit ?? 100, 500));
  return rows.map(({ alert, orderNumber }) => ({
    id: alert.id,
    orderNumber,
    paymentId: alert.paymentId,
    kind: alert.kind,
    message: alert.message,
    details: alert.details,
    createdAt: alert.createdAt,
    resolvedAt: alert.resolvedAt,
  }));
}

/** Staff saw to it; answers false for an unknown or already resolved alert. */
export async function resolveAlert(db: Db, id: number): Promise<boolean> {
  const done = await db
    .update(paymentAlerts)
    .set({ resolvedAt: new Date() })
    .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
    .returning({ id: paymentAlerts.id });
  return done.length > 0;
}
