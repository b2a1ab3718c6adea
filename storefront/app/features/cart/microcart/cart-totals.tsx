import { type CartItem, formatPrice, t } from "@etalage/core";
import type { CartTotalsView } from "../cart-api.ts";
import { estimatedSubtotal } from "./line-view.ts";

/**
 * Subtotal, shipping, discount and the grand total including tax, as the server cart computed
 * them (transactional §4 "Totals"). Until its totals are in (the first sync, or offline) the lines'
 * own sum stands in for the subtotal and the grand total waits.
 */
export function CartTotals({ totals, items }: { totals: CartTotalsView | null; items: readonly CartItem[] }) {
  if (!totals) {
    return (
      <>
        <dl className="totals">
          <div className="totals__row">
            <dt>{t("Subtotal")}</dt>
            <dd>{formatPrice(estimatedSubtotal(items))}</dd>
          </div>
        </dl>
        <p className="totals__pending" role="status">
          {t("Totals are being calculated")}
        </p>
      </>
    );
  }
  const tax = totals.segments.find((s) => s.code === "tax")?.value ?? null;
  const discount = Math.abs(totals.discount);
  return (
    <dl className="totals">
      <div className="totals__row">
        <dt>{t("Subtotal")}</dt>
        <dd>{formatPrice(totals.subtotal)}</dd>
      </div>
      <div className="totals__row">
        <dt>{t("Shipping")}</dt>
        <dd>
          {totals.shipping === null
            ? t("Calculated at checkout")
            : totals.shipping === 0
              ? t("Free")
              : formatPrice(totals.shipping)}
        </dd>
      </div>
      {discount > 0 && (
        <div className="totals__row totals__row--discount">
          <dt>
            {t("Discount")}
            {totals.couponCode && <span className="totals__code"> ({totals.couponCode})</span>}
          </dt>
          <dd>{formatPrice(-discount)}</dd>
        </div>
      )}
      <div className="totals__row totals__row--grand">
        <dt>
          {t("Total")} <span className="totals__note">{t("including VAT")}</span>
        </dt>
        <dd>{formatPrice(totals.grandTotal)}</dd>
      </div>
      {tax !== null && tax > 0 && (
        <div className="totals__row totals__row--tax">
          <dt>{t("Of which VAT")}</dt>
          <dd>{formatPrice(tax)}</dd>
        </div>
      )}
    </dl>
  );
}
