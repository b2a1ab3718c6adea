import { type StockStatus, sellableStock, stockStatus } from "@etalage/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { stock } from "../db/schema.ts";

export interface StockAnswer {
  product_id: number;
  sku: string;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  status: StockStatus;
}

/** Stock as a shopper may see it: what is sellable now (quantity less reservations). */
export async function findStock(db: Db, skus: readonly string[]): Promise<StockAnswer[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .select()
    .from(stock)
    .where(inArray(stock.sku, [...skus]));
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  return skus.flatMap((sku) => {
    const row = bySku.get(sku);
    if (!row) return [];
    const level = { ...sellableStock(row), is_volatile: row.isVolatile };
    return [{ product_id: row.productId, sku, ...level, status: stockStatus(level) }];
  });
}

/**
 * Puts units back on the shelf (a cancelled order, a return received as new), in the caller's
 * transaction, rows locked in sku order as placement locks them; skus whose stock is not managed
 * are left alone.
 */
export async function giveBackStock(tx: Db, back: ReadonlyMap<string, number>): Promise<void> {
  for (const sku of [...back.keys()].sort()) {
    const qty = back.get(sku)!;
    if (qty <= 0) continue;
    await tx
      .update(stock)
      .set({ qty: sql`${stock.qty} + ${qty}`, isInStock: true, updatedAt: new Date() })
      .where(and(eq(stock.sku, sku), eq(stock.manageStock, true)));
  }
}
