import type { ReturnCondition, ReturnReason, ReturnStatus } from "@etalage/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { recordWebhookEvent } from "../webhooks/outbox.ts";
import type { OrderItemRow, ReturnLineRow, ReturnRow } from "./facts.ts";

/** A return as the shopper's label page, the back office and the webhooks show it. */
export interface ReturnView {
  number: string;
  order_number: string;
  status: ReturnStatus;
  created_at: string;
  received_at: string | null;
  refunded_at: string | null;
  rejected_at: string | null;
  reject_reason: string | null;
  customer_email: string;
  customer_id: number | null;
  lines: {
    id: number;
    order_item_id: number;
    sku: string;
    name: string;
    options: { label: string; value: string }[];
    units: number;
    reason: ReturnReason;
    received_units: number | null;
    condition: ReturnCondition | null;
    restocked: boolean;
  }[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function returnView(
  row: ReturnRow,
  lines: ReturnLineRow[],
  orderNumber: string,
  items: ReadonlyMap<number, OrderItemRow>,
): ReturnView {
  return {
    number: row.number,
    order_number: orderNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    received_at: iso(row.receivedAt),
    refunded_at: iso(row.refundedAt),
    rejected_at: iso(row.rejectedAt),
    reject_reason: row.rejectReason,
    customer_email: row.email,
    customer_id: row.customerId,
    lines: lines.map((l) => {
      const item = items.get(l.orderItemId);
      return {
        id: l.id,
        order_item_id: l.orderItemId,
        sku: item?.sku ?? "",
        name: item?.name ?? "",
        options: item?.options ?? [],
        units: l.units,
        reason: l.reason,
        received_units: l.receivedUnits,
        condition: l.condition,
        restocked: l.restocked,
      };
    }),
  };
}

/**
 * `return.requested` or `return.received` through the webhook outbox, in the change's transaction
 * (docs/decisions/0047): the return as `ReturnView` shows it (no tokens), with the order's number.
 */
export async function sendReturnWebhook(
  tx: Db,
  type: "return.requested" | "return.received",
  view: ReturnView,
): Promise<void> {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.incrementId, view.order_number));
  await recordWebhookEvent(tx, type, {
    return_number: view.number,
    order_number: view.order_number,
    order_status: order?.status ?? null,
    status: view.status,
    created_at: view.created_at,
    received_at: view.received_at,
    customer_email: view.customer_email,
    customer_id: view.customer_id,
    lines: view.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      units: l.units,
      reason: l.reason,
      received_units: l.received_units,
      condition: l.condition,
      restocked: l.restocked,
    })),
  });
}
