import { CART_MESSAGES } from "./messages.ts";
import type { CartItem } from "./types.ts";

export interface StockSyncSettings {
  /** Out-of-stock items may stay in the cart (configuration). */
  allowOutOfStock: boolean;
  /** Cart sync with the server is on. */
  syncEnabled: boolean;
}

/**
 * A cart line after a stock check (transactional §4 "Stock sync"): in stock sets info 'In stock!';
 * out of stock sets error 'Out of the stock!' when out-of-stock items are allowed or sync is on,
 * otherwise the line leaves the cart (null).
 */
export function stockSyncLine(
  item: CartItem,
  stock: { is_in_stock: boolean },
  settings: StockSyncSettings,
): CartItem | null {
  const { stock: _oldInfo, ...info } = item.info ?? {};
  const { stock: _oldError, ...errors } = item.errors ?? {};
  if (stock.is_in_stock) {
    return { ...item, is_in_stock: true, info: { ...info, stock: CART_MESSAGES.inStock }, errors };
  }
  if (settings.allowOutOfStock || settings.syncEnabled) {
    return { ...item, is_in_stock: false, info, errors: { ...errors, stock: CART_MESSAGES.outOfStockSync } };
  }
  return null;
}

/** Applies one stock answer to every line of that sku. */
export function applyStockSync(
  items: readonly CartItem[],
  sku: string,
  stock: { is_in_stock: boolean },
  settings: StockSyncSettings,
): CartItem[] {
  return items.flatMap((item) => {
    if (item.sku !== sku) return [item];
    const next = stockSyncLine(item, stock, settings);
    return next ? [next] : [];
  });
}
