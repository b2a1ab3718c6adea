import { CART_MESSAGES, type CartMessage } from "./messages.ts";

/** Above this a line quantity is a typo or an attack, not a shopper's order. */
export const MAX_LINE_QTY = 999;
/** Different lines one cart may hold: more is a script, and every line costs each totals call. */
export const MAX_CART_LINES = 100;

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

/** Why `qty` cannot be a line's quantity, as the shopper reads it; undefined when it can. */
export function lineQtyProblem(qty: unknown): CartMessage | undefined {
  if (isValidLineQty(qty)) return undefined;
  return typeof qty === "number" && Number.isInteger(qty) && qty > MAX_LINE_QTY
    ? CART_MESSAGES.qtyTooHigh
    : CART_MESSAGES.invalidQty;
}

/** A line as the limits see it: its identity (sku and options) and quantity. */
export interface LineCount {
  key: string;
  qty: number;
}

/**
 * Why adding `additions` to a cart holding `lines` is refused, or undefined: more than
 * MAX_CART_LINES different lines (a cart already holding more may still grow its own lines), or a
 * line above MAX_LINE_QTY. The browser's cart and the server cart ask the same question.
 */
export function cartLimitProblem(
  lines: readonly LineCount[],
  additions: readonly LineCount[],
): CartMessage | undefined {
  const qty = new Map(lines.map((line) => [line.key, line.qty]));
  const before = qty.size;
  for (const add of additions) qty.set(add.key, (qty.get(add.key) ?? 0) + add.qty);
  if (qty.size > before && qty.size > MAX_CART_LINES) return CART_MESSAGES.tooManyLines;
  for (const add of additions) if ((qty.get(add.key) ?? 0) > MAX_LINE_QTY) return CART_MESSAGES.qtyTooHigh;
  return undefined;
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
