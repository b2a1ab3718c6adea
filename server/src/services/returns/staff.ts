import {
  type AuditAction,
  decideReturnAction,
  orderOfReturn,
  type ReceiveLine,
  type ReturnStatus,
  sha1,
  t,
} from "@etalage/core";
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderRefunds, orders, returnLines, returns } from "../../db/schema.ts";
import { type Actor, type FulfilmentPorts, requestRefund } from "../fulfilment/actions.ts";
import { type LockedOrder, lockOrder } from "../fulfilment/facts.ts";
import { runIdempotent, type StoredAnswer } from "../idempotency.ts";
import { appendAudit } from "../staff/audit.ts";
import { giveBackStock } from "../stock.ts";
import { itemsById, type ReturnLineRow, type ReturnRow, readReturn, returnFacts } from "./facts.ts";
import { returnView, sendReturnWebhook } from "./views.ts";
import { conditionText, reasonText, returnActionRefusalText, returnStatusText } from "./words.ts";

/** Who acts in the back office: written to the audit log with the action; their role limits refunds. */
export type StaffActor = Extract<Actor, { kind: "staff" }>;

export interface ReturnListFilter {
  status?: ReturnStatus;
  /** One order's returns (the order page's "Retouren"). */
  orderNumber?: string;
  page?: number;
  pageSize?: number;
}

/** The returns, newest first, one page: each with its order, units and when it was asked and received. */
export async function listReturns(db: Db, filter: ReturnListFilter) {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 25;
  const where: SQL | undefined = and(
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.orderNumber
      ? inArray(
          returns.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.incrementId, filter.orderNumber)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: returns, orderNumber: orders.incrementId })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(returns).where(where),
  ]);
  const ids = rows.map((r) => r.row.id);
  const lines = ids.length
    ? await db.select().from(returnLines).where(inArray(returnLines.returnId, ids))
    : [];
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.returnId, (units.get(l.returnId) ?? 0) + l.units);
  return {
    items: rows.map(({ row, orderNumber }) => ({
      number: row.number,
      order_number: orderNumber,
      status: row.status,
      status_label: returnStatusText(row.status),
      customer_email: row.email,
      units: units.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
      received_at: row.receivedAt?.toISOString() ?? null,
    })),
    total_count: Number(total?.n ?? 0),
    page,
    page_size: pageSize,
  };
}

/** One return for staff: its lines with what was found, the refund and what it would give back. */
export async function returnDetail(db: Db, number: string) {
  const found = await readReturn(db, number);
  if (!found) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, found.row.orderId));
  const items = await itemsById(
    db,
    found.lines.map((l) => l.orderItemId),
  );
  const view = returnView(found.row, found.lines, order!.incrementId, items);
  const [refund] = found.row.refundId
    ? await db.select().from(orderRefunds).where(eq(orderRefunds.id, found.row.refundId))
    : [];
  return {
    ...view,
    status_label: returnStatusText(view.status),
    lines: view.lines.map((l) => ({
      ...l,
      reason_label: reasonText(l.reason),
      condition_label: l.condition ? conditionText(l.condition) : null,
    })),
    refund: refund
      ? {
          id: refund.id,
          status: refund.status,
          amount_cents: refund.amountCents,
          created_at: refund.createdAt.toISOString(),
        }
      : null,
  };
}

interface ReturnActionResult {
  answer: StoredAnswer;
  /** A payment modification to send once the transaction committed. */
  send?: number;
}

const fail = (code: number, message: string, path?: string): StoredAnswer => ({
  code,
  body: { code, result: message, ...(path ? { meta: { errors: [{ path, message }] } } : {}) },
});

const okAnswer = (result: unknown): StoredAnswer => ({ code: 200, body: { code: 200, result } });

type Work = (
  tx: Db,
  locked: LockedOrder,
  found: { row: ReturnRow; lines: ReturnLineRow[] },
) => Promise<ReturnActionResult>;

/**
 * Runs a staff action on a return once per key, in one transaction: the order locked first (as
 * every order action locks it, then its payment), then the return; sends what it asked after.
 */
async function act(
  ports: FulfilmentPorts,
  number: string,
  name: string,
  key: string,
  request: unknown,
  work: Work,
): Promise<StoredAnswer> {
  let send: number | undefined;
  const outcome = await ports.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return runIdempotent(tx, { scope: `beheer:return:${number}:${name}`, key, request }, async () => {
      const orderNumber = orderOfReturn(number);
      const locked = orderNumber ? await lockOrder(tx, orderNumber) : undefined;
      const found = locked ? await readReturn(tx, number, true) : undefined;
      if (!locked || !found || found.row.orderId !== locked.order.id) return fail(404, "Return not found");
      const result = await work(tx, locked, found);
      send = result.send;
      return result.answer;
    });
  });
  if (outcome.kind === "conflict")
    return fail(
      409,
      t("This request was already made with another body: use a new Idempotency-Key"),
      "headers.idempotency-key",
    );
  if (outcome.kind === "fresh" && send !== undefined) await ports.payments.send(send);
  return outcome.answer;
}

const audit = (
  tx: Db,
  actor: StaffActor,
  action: AuditAction,
  target: string,
  details: Record<string, string | number | boolean | null>,
) =>
  appendAudit(tx, {
    staffId: actor.staffId,
    actor: actor.email,
    action,
    target: `return ${target}`,
    details,
    ip: actor.ip,
  });

async function viewOf(tx: Db, number: string, orderNumber: string) {
  const found = (await readReturn(tx, number))!;
  const items = await itemsById(
    tx,
    found.lines.map((l) => l.orderItemId),
  );
  return returnView(found.row, found.lines, orderNumber, items);
}

/**
 * Staff record what arrived, per line: units and condition. Units found as new go back to stock
 * (the order line's own skus, a bundle's selections included); `return.received` goes out.
 */
export function receiveReturn(
  ports: FulfilmentPorts,
  actor: StaffActor,
  number: string,
  key: string,
  lines: ReceiveLine[],
) {
  return act(ports, number, "receive", key, { lines }, async (tx, locked, found) => {
    const decision = decideReturnAction(returnFacts(found.row, found.lines), { kind: "receive", lines });
    if (!decision.ok)
      return {
        answer: fail(
          decision.code,
          returnActionRefusalText(decision.refusal, decision.params),
          decision.field,
        ),
      };
    if (decision.kind !== "receive") throw new Error("receive decided another action");
    const now = new Date();
    const byLine = new Map(found.lines.map((l) => [l.id, l]));
    const items = new Map(locked.items.map((i) => [i.id, i]));
    const back = new Map<string, number>();
    for (const l of decision.lines) {
      await tx
        .update(returnLines)
        .set({ receivedUnits: l.units, condition: l.condition, restocked: l.restock > 0, receivedAt: now })
        .where(eq(returnLines.id, l.id));
      const item = items.get(byLine.get(l.id)!.orderItemId)!;
      // The line's stock is what all its units took: a unit's share is that over the line's units.
      for (const part of item.stock)
        if (l.restock > 0) back.set(part.sku, (back.get(part.sku) ?? 0) + (part.qty / item.qty) * l.restock);
    }
    await giveBackStock(tx, back);
    await tx
      .update(returns)
      .set({ status: decision.status, receivedAt: found.row.receivedAt ?? now, updatedAt: now })
      .where(eq(returns.id, found.row.id));
    const view = await viewOf(tx, number, locked.order.incrementId);
    await sendReturnWebhook(tx, "return.received", view);
    await audit(tx, actor, "return.received", number, {
      order: locked.order.incrementId,
      lines: decision.lines.map((l) => `${l.id}:${l.units}:${l.condition}`).join(","),
      restocked: decision.lines.reduce((sum, l) => sum + l.restock, 0),
    });
    return { answer: okAnswer({ ...view, status_label: returnStatusText(view.status) }) };
  });
}

/**
 * Refunds the received units (never the shipping) through the order's own refund
 * (docs/decisions/0045): the payment provider's limits, the units left to refund and the staff
 * member's refund limit all hold. The return is `refunding` until the REFUND notification settles it.
 */
export function refundReturn(ports: FulfilmentPorts, actor: StaffActor, number: string, key: string) {
  return act(ports, number, "refund", key, {}, async (tx, locked, found) => {
    const decision = decideReturnAction(returnFacts(found.row, found.lines), { kind: "refund" });
    if (!decision.ok)
      return {
        answer: fail(
          decision.code,
          returnActionRefusalText(decision.refusal, decision.params),
          decision.field,
        ),
      };
    if (decision.kind !== "refund") throw new Error("refund decided another action");
    const byLine = new Map(found.lines.map((l) => [l.id, l]));
    const lines = decision.lines.map((l) => ({ id: byLine.get(l.id)!.orderItemId, qty: l.units }));
    // The modification's reference must be unique across the shop, and the staff's key is theirs alone.
    const reference = `return-${sha1(`${number}:${key}`)}`;
    // The order's own refund: core's limits, and the staff member's refund limit (403 above it).
    const result = await requestRefund(
      ports,
      actor,
      tx,
      locked,
      { lines, shipping: false, reason: "RETURN" },
      reference,
    );
    if (result.answer.code !== 200) return result;
    const refund = (result.answer.body as { result: { refund: { id: number; amountCents: number } } }).result
      .refund;
    const now = new Date();
    await tx
      .update(returns)
      .set({ status: decision.status, refundId: refund.id, updatedAt: now })
      .where(eq(returns.id, found.row.id));
    await audit(tx, actor, "return.refund_requested", number, {
      order: locked.order.incrementId,
      amount_cents: refund.amountCents,
      refund: refund.id,
    });
    const view = await viewOf(tx, number, locked.order.incrementId);
    return {
      ...(result.send !== undefined ? { send: result.send } : {}),
      answer: okAnswer({
        ...view,
        status_label: returnStatusText(view.status),
        refund: { id: refund.id, status: "requested", amount_cents: refund.amountCents },
      }),
    };
  });
}

/** Rejects the return with a reason (kept on the return and in the audit log); nothing is refunded. */
export function rejectReturn(
  ports: FulfilmentPorts,
  actor: StaffActor,
  number: string,
  key: string,
  reason: string,
) {
  return act(ports, number, "reject", key, { reason }, async (tx, locked, found) => {
    const decision = decideReturnAction(returnFacts(found.row, found.lines), { kind: "reject" });
    if (!decision.ok)
      return {
        answer: fail(
          decision.code,
          returnActionRefusalText(decision.refusal, decision.params),
          decision.field,
        ),
      };
    const now = new Date();
    await tx
      .update(returns)
      .set({ status: "rejected", rejectReason: reason, rejectedAt: now, updatedAt: now })
      .where(eq(returns.id, found.row.id));
    await audit(tx, actor, "return.rejected", number, { order: locked.order.incrementId, reason });
    const view = await viewOf(tx, number, locked.order.incrementId);
    return { answer: okAnswer({ ...view, status_label: returnStatusText(view.status) }) };
  });
}
