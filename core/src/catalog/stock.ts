import type { StockStatus } from "./types.ts";

export interface StockLevel {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  is_volatile?: boolean;
}

/**
 * The stock status a shopper's action depends on (browsing §4, transactional §4): a sku the shop
 * does not count is always ok; an unsure count is volatile; nothing to sell is out_of_stock.
 */
export function stockStatus(level: StockLevel): StockStatus {
  if (!level.manage_stock) return "ok";
  if (!level.is_in_stock || level.qty <= 0) return "out_of_stock";
  if (level.is_volatile) return "volatile";
  return "ok";
}
