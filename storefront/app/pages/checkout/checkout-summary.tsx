import { formatPrice, t, unitPriceNote } from "@etalage/core";
import { CouponForm } from "../../features/cart/microcart/coupon-form.tsx";
import { CART_THUMBNAIL, resizedImageUrl } from "../../lib/images.ts";
import type { CheckoutSummary } from "../../lib/server-context.ts";

/**
 * The sticky order summary (transactional §2): lines, the coupon field and the server's total
 * segments. The coupon goes through the cart's coupon API (the microcart's own form); after a
 * change the page asks for the totals again (`onTotalsChanged`).
 */
export function CheckoutSummaryBox({
  summary,
  onTotalsChanged,
  busy,
}: {
  summary: CheckoutSummary;
  onTotalsChanged: () => void;
  busy: boolean;
}) {
  return (
    <aside
      className="checkout__summary"
      aria-labelledby="checkout-summary-title"
      aria-busy={busy || undefined}
    >
      <h2 id="checkout-summary-title">{t("Order summary")}</h2>
      <ul>
        {summary.lines.map((l) => {
          const perPiece = unitPriceNote(l.qty, l.price_incl_tax);
          return (
            // Two lines may share a sku (gift cards to two recipients): the server's line id tells them apart.
            <li key={l.item_id}>
              {l.image ? (
                <img
                  className="checkout__thumb"
                  src={resizedImageUrl(l.image, CART_THUMBNAIL.width, CART_THUMBNAIL.height)}
                  alt=""
                  width={56}
                  height={80}
                  loading="lazy"
                />
              ) : (
                <span className="checkout__thumb" aria-hidden="true" />
              )}
              <span>
                {l.qty} × {l.name}
                {l.options.length > 0 && <small> ({l.options.map((o) => o.value).join(", ")})</small>}
              </span>
              <span className="checkout__line-price">
                {formatPrice(l.row_total_incl_tax)}
                {perPiece && <small className="checkout__unit">{perPiece}</small>}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="checkout__coupon">
        <CouponForm couponCode={summary.couponCode} onChange={onTotalsChanged} />
      </div>
      <dl aria-live="polite">
        {summary.segments.map((s) => (
          <div key={s.code} className={`checkout__segment checkout__segment--${s.code}`}>
            <dt>{s.title}</dt>
            <dd>{formatPrice(s.value)}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
