import { formatDate, formatPrice, orderAddressLines, paymentMethodTitle, t } from "@etalage/core";
import type { OrderDetail } from "../../lib/server-context.ts";
import "./order-details.css";

function AddressBlock({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section className="order-details__address" aria-label={title}>
      <h3>{title}</h3>
      <address>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their fixed order.
          <span key={i}>{line}</span>
        ))}
      </address>
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
        </dl>
      </section>
      <div className="order-details__addresses">
        {order.pickup ? (
          <AddressBlock
            title={t("Pick-up at {place}", { place: order.pickup.name })}
            lines={[order.pickup.street, `${order.pickup.postcode} ${order.pickup.city}`]}
          />
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
          <dd>{paymentMethodTitle(order.payment_method)}</dd>
        </div>
      </dl>
    </div>
  );
}
