import { formatPrice, paymentMethodTitle, t } from "@etalage/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { failureOf, getJson, type StaffSessionView } from "./back-office-api.ts";
import { Notice, PageHeading, ScrollRegion } from "./back-office-frame.tsx";
import { type OrderActionResult, OrderActions } from "./back-office-order-actions.tsx";
import {
  labelOf,
  ORDER_STATUS_LABELS,
  type OrderActionKind,
  type OrderDetail,
  PAYMENT_STATE_LABELS,
  when,
} from "./back-office-order-data.ts";
import { Mails, Payments, Refunds, Shipments, Timeline } from "./back-office-order-history.tsx";
import { ORDER_PAGE_SECTIONS } from "./back-office-order-sections.tsx";

export interface OrderLoad {
  session: StaffSessionView;
  orderNumber: string;
  order: OrderDetail | null;
  error?: string;
}

export async function loadOrder(session: StaffSessionView, orderNumber: string): Promise<OrderLoad> {
  try {
    const order = await getJson<OrderDetail>(`/orders/${encodeURIComponent(orderNumber)}`);
    return { session, orderNumber, order };
  } catch (error) {
    return { session, orderNumber, order: null, error: failureOf(error).error };
  }
}

/** Which of the actions the order's state allows this staff member's role may do. */
function allowedFor(session: StaffSessionView, actions: OrderActionKind[]): OrderActionKind[] {
  const may = (p: string) => session.permissions.includes(p as StaffSessionView["permissions"][number]);
  return actions.filter((a) => (a === "refund" ? may("orders.refund") : may("orders.manage")));
}

function Address({ title, lines }: { title: string; lines: (string | undefined)[] }) {
  return (
    <div className="bo__card">
      <h3>{title}</h3>
      <address>{lines.filter((l): l is string => !!l).join("\n")}</address>
    </div>
  );
}

type AddressView = NonNullable<OrderDetail["shipping_address"]>;
const addressLines = (a: AddressView) => [
  a.company,
  `${a.firstname} ${a.lastname}`,
  (a.street ?? []).filter(Boolean).join(" "),
  [a.postcode, a.city].filter(Boolean).join(" "),
  a.country_id,
  a.telephone,
];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  const options = new Map(order.items.map((i) => [i.sku, i.options]));
  return (
    <ScrollRegion label={t("Order lines")}>
      <table className="bo__table" data-testid="order-lines">
        <caption className="bo__visually-hidden">{t("Order lines")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Item")}</th>
            <th scope="col" className="bo__num">
              {t("Quantity")}
            </th>
            <th scope="col" className="bo__num">
              {t("Price")}
            </th>
            <th scope="col" className="bo__num">
              {t("VAT")}
            </th>
            <th scope="col" className="bo__num">
              {t("Total")}
            </th>
            <th scope="col" className="bo__num">
              {t("Shipped")}
            </th>
            <th scope="col" className="bo__num">
              {t("Refunded")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <th scope="row">
                {l.name}
                <br />
                <span className="bo__hint">
                  {[l.sku, ...(options.get(l.sku) ?? []).map((o) => `${o.label}: ${o.value}`)].join(" · ")}
                </span>
              </th>
              <td className="bo__num">{l.qty}</td>
              <td className="bo__num">{formatPrice(l.price_incl_tax)}</td>
              <td className="bo__num">{`${l.tax_percent}%`}</td>
              <td className="bo__num">
                {formatPrice(l.row_total_incl_tax - l.discount_amount)}
                {l.discount_amount > 0 ? (
                  <span className="bo__hint">
                    <br />
                    {t("incl. {amount} discount", { amount: formatPrice(l.discount_amount) })}
                  </span>
                ) : null}
              </td>
              <td className="bo__num">{l.shipped}</td>
              <td className="bo__num">{l.refunded}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Totals({ order }: { order: OrderDetail }) {
  const { totals } = order;
  const vat =
    totals.total_segments?.find((s) => s.code === "tax")?.extension_attributes?.tax_grandtotal_details ?? [];
  return (
    <dl className="bo__totals" data-testid="order-totals">
      <Row label={t("Subtotal")}>{formatPrice(totals.subtotal_incl_tax ?? 0)}</Row>
      {totals.discount_amount ? <Row label={t("Discount")}>{formatPrice(totals.discount_amount)}</Row> : null}
      <Row label={t("Shipping")}>{formatPrice(totals.shipping_incl_tax ?? 0)}</Row>
      <Row label={t("Total")}>
        <strong>{formatPrice(order.grand_total)}</strong>
      </Row>
      {vat.length > 0 ? (
        vat.map((v) => (
          <Row
            key={v.rates.map((r) => r.percent).join()}
            label={t("of which VAT {rate}", { rate: v.rates.map((r) => `${r.percent}%`).join(", ") })}
          >
            {formatPrice(v.amount)}
          </Row>
        ))
      ) : (
        <Row label={t("of which VAT")}>{formatPrice(totals.tax_amount ?? 0)}</Row>
      )}
    </dl>
  );
}

/** `/beheer/bestellingen/<number>`: all of the order, and the actions its state and the role allow. */
export function OrderPage({ load, result }: { load: OrderLoad; result: OrderActionResult | undefined }) {
  const { order, session } = load;
  if (!order)
    return (
      <section>
        <PageHeading>{t("Order {number}", { number: load.orderNumber })}</PageHeading>
        <Notice kind="error">{load.error ?? t("Order not found")}</Notice>
        <p>
          <Link to="/beheer/bestellingen">{t("Back to the orders")}</Link>
        </p>
      </section>
    );
  const allowed = allowedFor(session, order.actions);
  const limitEur = session.permissions.includes("orders.refund") ? session.refund_limit_eur : null;
  const shipTo = order.shipping_address ?? order.billing_address;
  return (
    <article className="bo__order" aria-labelledby="bo-order-title">
      <p className="bo__back">
        <Link to="/beheer/bestellingen">{t("Back to the orders")}</Link>
      </p>
      <PageHeading>
        <span id="bo-order-title">{t("Order {number}", { number: order.increment_id })}</span>
      </PageHeading>
      {result ? (
        <Notice key={result.nonce} kind={result.ok ? "done" : "error"}>
          {result.ok ? (
            result.message
          ) : result.field ? (
            <a href={`#${result.field}`}>{result.error}</a>
          ) : (
            result.error
          )}
        </Notice>
      ) : null}
      <dl className="bo__facts" data-testid="order-facts">
        <Row label={t("Status")}>{labelOf(ORDER_STATUS_LABELS, order.status)}</Row>
        <Row label={t("Payment")}>
          {labelOf(PAYMENT_STATE_LABELS, order.payment_state)}
          {order.refunded_cents > 0
            ? ` · ${t("{amount} refunded or in progress", { amount: formatPrice(order.refunded_cents / 100) })}`
            : ""}
          {order.test_payment ? ` (${t("test payment")})` : ""}
        </Row>
        <Row label={t("Placed")}>
          <time dateTime={order.created_at}>{when(order.created_at)}</time>
        </Row>
        <Row label={t("Customer")}>
          {`${order.billing_address.firstname} ${order.billing_address.lastname}`} ·{" "}
          <a href={`mailto:${order.customer_email}`}>{order.customer_email}</a>
          {order.customer_id === null ? ` (${t("guest")})` : ""}
        </Row>
        <Row label={t("Payment method")}>{paymentMethodTitle(order.payment_method)}</Row>
        <Row label={t("Shipping method")}>{order.shipping_description ?? "–"}</Row>
        {order.delivered_at ? (
          <Row label={t("Delivered")}>
            <time dateTime={order.delivered_at}>{when(order.delivered_at)}</time>
          </Row>
        ) : null}
      </dl>

      <section className="bo__section" aria-labelledby="bo-actions">
        <h2 id="bo-actions">{t("Actions")}</h2>
        <OrderActions order={order} result={result} allowed={allowed} limitEur={limitEur} />
      </section>

      <section className="bo__section" aria-labelledby="bo-lines">
        <h2 id="bo-lines">{t("Order lines")}</h2>
        <Lines order={order} />
        <Totals order={order} />
      </section>

      <section className="bo__section" aria-labelledby="bo-addresses">
        <h2 id="bo-addresses">{t("Addresses")}</h2>
        <div className="bo__cards">
          {order.pickup ? (
            <Address
              title={t("Pick-up point")}
              lines={[
                order.pickup.name,
                order.pickup.street,
                `${order.pickup.postcode} ${order.pickup.city}`,
              ]}
            />
          ) : (
            <Address title={t("Shipping address")} lines={addressLines(shipTo)} />
          )}
          <Address title={t("Billing address")} lines={addressLines(order.billing_address)} />
        </div>
      </section>

      <Shipments order={order} />
      <Refunds order={order} mayRefund={session.permissions.includes("orders.refund")} />
      {ORDER_PAGE_SECTIONS.map(({ id, Section }) => (
        <Section key={id} order={order} session={session} />
      ))}
      <Payments order={order} />
      <Mails order={order} />
      <Timeline order={order} />
    </article>
  );
}
