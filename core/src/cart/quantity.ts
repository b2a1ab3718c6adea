/** Above this a line quantity is a typo or an attack, not an order. */
export const MAX_LINE_QTY = 9999;

/**
 * A quantity as the shopper or a stored cart gives it, as an integer (transactional §4 "Quantity
 * given as text becomes an integer"): `"3"` and `3` are 3; `" 2 "` is 2. Anything that is not a
 * whole number (`"1.5"`, `"2x"`, `""`, NaN) is null: the caller refuses it rather than guess.
 */
export function parseQty(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^[+-]?\d{1,15}$/.test(text)) return null;
  const qty = Number(text);
  return qty === 0 ? 0 : qty;
}

/** A quantity a line may be set to: an integer from 1 to MAX_LINE_QTY (≤ 0 is never an update). */
export function isValidLineQty(qty: unknown): qty is number {
  return typeof qty === "number" && Number.isInteger(qty) && qty > 0 && qty <= MAX_LINE_QTY;
}

/** A line's quantity as totals count it: negative (and unreadable) quantities count as 0. */
export function countedQty(qty: unknown): number {
  const parsed = parseQty(qty);
  return parsed !== null && parsed > 0 ? parsed : 0;
}

export type MinicartCountMode = "items" | "quantities";

/** The minicart badge (transactional §9): distinct lines or the sum of quantities, by configuration. */
export function cartCount(items: readonly { qty: unknown }[], mode: MinicartCountMode): number {
  if (mode === "items") return items.filter((item) => countedQty(item.qty) > 0).length;
  return items.reduce((sum, item) => sum + countedQty(item.qty), 0);
}
