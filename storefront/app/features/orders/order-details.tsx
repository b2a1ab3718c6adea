import {
  formatDate,
  formatPrice,
  orderAddressLines,
  paymentMethodTitle,
  SHOP_COMPANY,
  t,
  WEEKDAYS,
  WITHDRAWAL_DAYS,
} from "@etalage/core";
import type { ReactNode } from "react";
import { CART_THUMBNAIL, resizedImageUrl } from "../../lib/images.ts";
import type { OrderDetail } from "../../lib/server-context.ts";
import "./order-details.css";

function AddressBlock({ title, lines, children }: { title: string; lines: string[]; children?: ReactNode }) {
  return (
    <section className="order-details__address" aria-label={title}>
      <h3>{title}</h3>
      <address>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their fixed order.
          <span key={i}>{line}</span>
        ))}
      </address>
      {children}
    </section>
  );
}

/**
 * One order as its pages show it (the customer's `/my-account/orders/{n}` and a guest's status page
 * from the confirmation mail): status, lines, totals, where it goes, who is billed, how it is paid;
 * its section headings sit under the page's own h1.
 */
export function OrderDetails({ order }: { order: OrderDetail }) {
  const totals: [string, number][] = [
    [t("Subtotal"), order.subtotal_incl_tax],
    [t("Shipping"), order.shipping_incl_tax],
    ...(order.discount_amount ? [[t("Discount"), order.discount_amount] as [string, number]] : []),
  ];
  return (
    <div className="order-details">
      <p className="order-details__status">
        <span>{t("Order status")}:</span> <strong data-testid="order-status">{order.status_label}</strong>
      </p>
      <p>
        {t("Placed on")} {formatDate(order.created_at)}
      </p>
      <section aria-labelledby="order-lines-title" className="order-details__lines">
        <h2 id="order-lines-title">{t("Your order")}</h2>
        <ul>
          {order.items.map((item) => (
            // Two lines may share a sku (two gift cards to two recipients); their options differ.
            <li key={[item.sku, ...(item.product_option?.options ?? []).map((o) => o.value)].join("\u0000")}>
              {item.image !== undefined &&
                (item.image ? (
                  <img
                    className="order-details__thumb"
                    src={resizedImageUrl(item.image, CART_THUMBNAIL.width, CART_THUMBNAIL.height)}
                    alt=""
                    width={56}
                    height={80}
                    loading="lazy"
                  />
                ) : (
                  <span className="order-details__thumb" aria-hidden="true" />
                ))}
              <span>
                {item.qty} × {item.name}
                {item.product_option?.options?.map((option) => (
                  <small key={option.label} className="order-details__option">
                    {option.label}: {option.value}
                  </small>
                ))}
              </span>
              <span>{formatPrice(item.row_total_incl_tax)}</span>
            </li>
          ))}
        </ul>
        <dl>
          {totals.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatPrice(value)}</dd>
            </div>
          ))}
          <div className="order-details__total">
            <dt>{t("Total")}</dt>
            <dd>{formatPrice(order.grand_total)}</dd>
          </div>
          {order.tax_amount !== undefined && (
            <div>
              <dt>{t("Of which VAT")}</dt>
              <dd>{formatPrice(order.tax_amount)}</dd>
            </div>
          )}
        </dl>
      </section>
      {order.shipments && order.shipments.length > 0 && <Shipments shipments={order.shipments} />}
      <div className="order-details__addresses">
        {order.pickup ? (
          <AddressBlock
            title={t("Pick-up at {place}", { place: order.pickup.name })}
            lines={[order.pickup.street, `${order.pickup.postcode} ${order.pickup.city}`]}
          >
            {order.pickup.opening_hours && <OpeningHours hours={order.pickup.opening_hours} />}
          </AddressBlock>
        ) : (
          order.shipping_address && (
            <AddressBlock title={t("Shipping address")} lines={orderAddressLines(order.shipping_address)} />
          )
        )}
        <AddressBlock title={t("Billing address")} lines={orderAddressLines(order.billing_address)} />
      </div>
      <dl className="order-details__methods">
        {order.shipping_method && (
          <div>
            <dt>{t("Shipping method")}</dt>
            <dd>{order.shipping_method}</dd>
          </div>
        )}
        <div>
          <dt>{t("Payment method")}</dt>
          <dd>
            {order.payment_method === "cashondelivery" && order.pickup?.kind === "store"
              ? t("Pay in the store")
              : paymentMethodTitle(order.payment_method)}
          </dd>
        </div>
      </dl>
      <OrderLaw />
    </div>
  );
}

/** The parcels on their way, each with its carrier's own track-and-trace page (issue 25). */
function Shipments({ shipments }: { shipments: NonNullable<OrderDetail["shipments"]> }) {
  return (
    <section aria-labelledby="order-shipments-title" className="order-details__shipments">
      <h2 id="order-shipments-title">{t("Shipments")}</h2>
      <ul>
        {shipments.map((s) => (
          <li key={`${s.carrier_name}-${s.tracking_number}`}>
            <p>
              {t("Sent with {carrier}", { carrier: s.carrier_name })} ({formatDate(s.created_at)}):{" "}
              {s.lines.map((l) => `${l.qty} × ${l.name}`).join(", ")}
            </p>
            <a href={s.tracking_url} rel="noopener noreferrer" target="_blank" data-testid="track-and-trace">
              {t("Track your parcel")} ({s.tracking_number})
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A store's week, so the shopper knows when to come (issue 23, item 5). */
function OpeningHours({ hours }: { hours: { day: number; open: string | null; close: string | null }[] }) {
  return (
    <>
      <h4 className="order-details__hours-title">{t("Opening hours")}</h4>
      <table className="order-details__hours">
        <tbody>
          {hours.map((h) => (
            <tr key={h.day}>
              <th scope="row">{t(WEEKDAYS[h.day - 1] ?? "Monday")}</th>
              <td>
                {h.open && h.close ? t("{open} – {close}", { open: h.open, close: h.close }) : t("Closed")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * What the law has every order confirmation say (art. 6:230m and 6:230v BW, the Handelsregisterwet;
 * issue 23, item 5): the right of withdrawal with the model form, and who sells. The confirmation
 * mail says the same (server/src/providers/mail/templates.ts).
 */
function OrderLaw() {
  const c = SHOP_COMPANY;
  return (
    <>
      <section className="order-details__law" aria-labelledby="order-withdrawal-title">
        <h2 id="order-withdrawal-title">{t("Right of withdrawal")}</h2>
        <p>
          {t(
            "You may withdraw from your order within {days} days of receipt without giving a reason (the law gives you 14 days). Tell us at {email} or with the",
            { days: WITHDRAWAL_DAYS, email: c.email },
          )}{" "}
          <a href="/algemene-voorwaarden#herroepingsrecht">{t("model withdrawal form")}</a>.
        </p>
      </section>
      <section className="order-details__seller" aria-labelledby="order-seller-title">
        <h2 id="order-seller-title">{t("Seller")}</h2>
        <p>
          {`${c.name}, ${c.street}, ${c.postcode} ${c.city} · ${t("Chamber of Commerce {number}", { number: c.kvk })} · ${t("VAT {number}", { number: c.vatNumber })} · ${c.phone} · ${c.email}`}
        </p>
      </section>
    </>
  );
}
