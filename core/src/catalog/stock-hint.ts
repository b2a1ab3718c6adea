import { type StockLevel, stockStatus } from "./stock.ts";

/**
 * Few left: the product page says how many ("Nog 3 op voorraad") from this count down. Above it a
 * number only invites doubt; at it a shopper who hesitates should know.
 */
export const FEW_LEFT = 5;
/** Last pieces: a size picker marks a size "Laatste stuks" from this count down. */
export const LAST_PIECES = 2;

export interface StockHint {
  qty: number;
  /** At or below LAST_PIECES. */
  last: boolean;
}

/**
 * How much of a sku a shopper is told is left: only for a counted sku the shop is sure of, with
 * something left and no more than FEW_LEFT. An uncounted sku, an unsure (volatile) count and a
 * sold-out sku get no number: the stock status already says what there is to say.
 */
export function stockHint(level: StockLevel | null | undefined): StockHint | null {
  if (!level || stockStatus(level) !== "ok" || !level.manage_stock) return null;
  const qty = Math.floor(level.qty);
  if (qty <= 0 || qty > FEW_LEFT) return null;
  return { qty, last: qty <= LAST_PIECES };
}
