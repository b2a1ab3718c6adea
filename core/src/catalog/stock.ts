import type { StockStatus } from "./types.ts";

export interface StockLevel {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  is_volatile?: boolean;
}

/** A stock record as the shop keeps it: what is counted, what open orders hold, the flags. */
export interface StockRecord {
  qty: number;
  reserved: number;
  isInStock: boolean;
  manageStock: boolean;
}

/**
 * What a shopper can buy now (transactional §4): the counted quantity less reservations, never
 * below 0. A counted sku is in stock while something is left; an uncounted one while its flag
 * says so. The stock API and the catalogue index both answer with this.
 */
export function sellableStock(record: StockRecord): Pick<StockLevel, "qty" | "is_in_stock" | "manage_stock"> {
  const qty = Math.max(0, record.qty - record.reserved);
  return {
    qty,
    is_in_stock: record.isInStock && (qty > 0 || !record.manageStock),
    manage_stock: record.manageStock,
  };
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
