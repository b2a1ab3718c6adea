import { type StockStatus, sellableStock, stockStatus } from "@etalage/core";
import { inArray } from "drizzle-orm";
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
