import {
  type ReturnFacts,
  type ReturnLineKind,
  type ReturnOrderFacts,
  type ReturnStatus,
  unitsHeld,
} from "@etalage/core";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orderRefunds, returnLines, returns, shipments } from "../../db/schema.ts";

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** What kind of product a sku is, as the catalogue knows it; a sku it no longer has counts as goods. */
export type KindOfSku = (sku: string) => ReturnLineKind;

/** The catalogue's answer: a virtual product is a gift card, a downloadable one a download. */
export function kindOfSku(catalog: {
  productBySku(sku: string): { type_id: string } | undefined;
  childBySku(sku: string): { parent: { type_id: string } } | undefined;
}): KindOfSku {
  return (sku) => {
    const type = (catalog.productBySku(sku) ?? catalog.childBySku(sku)?.parent)?.type_id;
    if (type === "virtual") return "gift_card";
    if (type === "downloadable") return "digital";
    return "goods";
  };
}

/**
 * What core's return rules decide on for one order, read in the caller's transaction (the order
 * locked by it): per line the units shipped, held by returns that are not rejected, and refunded
 * other than through a return.
 */
export async function returnOrderFacts(
  tx: Db,
  order: { id: number; deliveredAt: Date | null },
  kindOf: KindOfSku,
): Promise<{ facts: ReturnOrderFacts; items: OrderItemRow[] }> {
  const [items, parcels, refunds, held] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    tx.select().from(shipments).where(eq(shipments.orderId, order.id)),
    tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed"))),
    tx
      .select({ status: returns.status, refundId: returns.refundId, line: returnLines })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(eq(returns.orderId, order.id)),
  ]);
  const add = (map: Map<number, number>, id: number, n: number) => map.set(id, (map.get(id) ?? 0) + n);
  const shipped = new Map<number, number>();
  for (const p of parcels) for (const l of p.lines) add(shipped, l.itemId, l.qty);
  const returnRefunds = new Set(held.map((h) => h.refundId).filter((id): id is number => id !== null));
  const refunded = new Map<number, number>();
  for (const r of refunds)
    if (!returnRefunds.has(r.id)) for (const l of r.lines) add(refunded, l.itemId, l.qty);
  const inReturns = new Map<number, number>();
  for (const h of held)
    add(
      inReturns,
      h.line.orderItemId,
      unitsHeld(h.status, { units: h.line.units, received: h.line.receivedUnits }),
    );
  return {
    items,
    facts: {
      deliveredAt: order.deliveredAt,
      lines: items.map((i) => ({
        id: i.id,
        kind: kindOf(i.sku),
        shipped: shipped.get(i.id) ?? 0,
        inReturns: inReturns.get(i.id) ?? 0,
        refunded: refunded.get(i.id) ?? 0,
      })),
    },
  };
}

/** A return with its lines, locked for a change when `lock` is set. */
export async function readReturn(
  tx: Db,
  number: string,
  lock = false,
): Promise<{ row: ReturnRow; lines: ReturnLineRow[] } | undefined> {
  const query = tx.select().from(returns).where(eq(returns.number, number));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return undefined;
  const lines = await tx
    .select()
    .from(returnLines)
    .where(eq(returnLines.returnId, row.id))
    .orderBy(asc(returnLines.id));
  return { row, lines };
}

export function returnFacts(row: ReturnRow, lines: ReturnLineRow[]): ReturnFacts {
  return {
    status: row.status as ReturnStatus,
    lines: lines.map((l) => ({ id: l.id, units: l.units, received: l.receivedUnits })),
  };
}

/** The order's lines by id, for names and skus. */
export async function itemsById(tx: Db, ids: number[]): Promise<Map<number, OrderItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(orderItems).where(inArray(orderItems.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
