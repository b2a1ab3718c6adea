import { formatPrice } from "../i18n/format.ts";
import { t } from "../i18n/translate.ts";

/**
 * The price of one under a cart line's row price (issue 14): "€ 49,95 per stuk", shown only
 * when the line holds more than one, since a row of one already is the unit price. None for an
 * unknown price (below 0, not a number) or a quantity that is no whole number above 1.
 */
export function unitPriceNote(qty: number, unitPrice: number): string | null {
  if (!Number.isInteger(qty) || qty <= 1) return null;
  if (!Number.isFinite(unitPrice) || unitPrice < 0) return null;
  return t("{price} per piece", { price: formatPrice(unitPrice) });
}
