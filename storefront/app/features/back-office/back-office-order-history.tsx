import { paymentMethodTitle, t } from "@etalage/core";
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { ScrollRegion } from "./back-office-frame.tsx";
import { RetryRefund } from "./back-office-order-actions.tsx";
import {
  cents,
  EVENT_LABELS,
  labelOf,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  REFUND_STATUS_LABELS,
  when,
} from "./back-office-order-data.ts";

/** The order page's record of what happened: parcels, refunds, payments, notifications, mails, timeline. */

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="bo__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={caption}>
      <table className="bo__table">
        <caption className="bo__visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const ACTOR_LABELS: Record<string, string> = {
  shop: t("Actor: the shop"),
  payment: t("Actor: the payment provider"),
  "admin-api": t("Actor: the admin API"),
};

export const Time = ({ at }: { at: string | null }) => (at ? <time dateTime={at}>{when(at)}</time> : null);

export function Shipments({ order }: { order: OrderDetail }) {
  return (
    <Section id="bo-shipments" title={t("Shipments")}>
      {order.shipments.length === 0 ? (
        <p>{t("Nothing has shipped yet.")}</p>
      ) : (
        <Table caption={t("Shipments")} head={[t("Date"), t("Carrier"), t("Tracking number"), t("Units")]}>
          {order.shipments.map((s) => (
            <tr key={s.id} data-testid="shipment">
              <td>
                <Time at={s.created_at} />
              </td>
              <td>{s.carrier_name}</td>
              <td>
                <a href={s.tracking_url} target="_blank" rel="noopener noreferrer">
                  {s.tracking_number}
                </a>
              </td>
              <td>{s.lines.map((l) => `${l.qty} × ${l.name}`).join(", ")}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

export function Refunds({ order, mayRefund }: { order: OrderDetail; mayRefund: boolean }) {
  const { revalidate, state } = useRevalidator();
  const names = new Map(order.lines.map((l) => [l.id, l.name]));
  const waiting = order.refunds.some((r) => r.status === "requested");
  return (
    <Section id="bo-refunds" title={t("Refunds")}>
      {order.refunds.length === 0 ? (
        <p>{t("Nothing is refunded.")}</p>
      ) : (
        <Table caption={t("Refunds")} head={[t("Date"), t("Amount"), t("What"), t("Status")]}>
          {order.refunds.map((r) => (
            <tr key={r.id} data-testid="refund">
              <td>
                <Time at={r.created_at} />
              </td>
              <td className="bo__num">{cents(r.amount_cents)}</td>
              <td>
                {[
                  ...r.lines.map((l) => `${l.qty} × ${names.get(l.itemId) ?? l.itemId}`),
                  ...(r.shipping ? [t("shipping")] : []),
                ].join(", ")}
              </td>
              <td>
                <span className={`bo__state bo__state--${r.status}`}>{REFUND_STATUS_LABELS[r.status]}</span>
                {r.status === "failed" && mayRefund ? <RetryRefund refundId={r.id} /> : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {waiting ? (
        <div className="bo__waiting">
          <p>{t("A refund waits for the payment provider's confirmation.")}</p>
          <button
            type="button"
            className="bo__button bo__button--quiet"
            onClick={() => void revalidate()}
            disabled={state !== "idle"}
          >
            {t("Refresh")}
          </button>
        </div>
      ) : null}
    </Section>
  );
}

export function Payments({ order }: { order: OrderDetail }) {
  return (
    <Section id="bo-payments" title={t("Payments")}>
      <Table
        caption={t("Payment attempts")}
        head={[
          t("Date"),
          t("Reference"),
          t("PSP reference"),
          t("Method"),
          t("Status"),
          t("Result"),
          t("Amount"),
        ]}
      >
        {order.payment_attempts.map((p) => (
          <tr key={p.reference}>
            <td>
              <Time at={p.created_at} />
            </td>
            <td>{p.reference}</td>
            <td className="bo__code">{p.psp_reference ?? "–"}</td>
            <td>{paymentMethodTitle(p.method)}</td>
            <td>
              {p.status}
              {p.pays_order ? <span className="bo__hint"> ({t("pays the order")})</span> : null}
            </td>
            <td>{p.result_code ?? "–"}</td>
            <td className="bo__num">{cents(p.amount_cents)}</td>
          </tr>
        ))}
      </Table>
      {order.modifications.length > 0 ? (
        <>
          <h3>{t("Requests to the payment provider")}</h3>
          <Table
            caption={t("Requests to the payment provider")}
            head={[t("Date"), t("Kind"), t("Reference"), t("PSP reference"), t("Status"), t("Amount")]}
          >
            {order.modifications.map((m) => (
              <tr key={m.id}>
                <td>
                  <Time at={m.createdAt} />
                </td>
                <td>{m.kind}</td>
                <td>{m.reference}</td>
                <td className="bo__code">{m.pspReference ?? "–"}</td>
                <td>
                  {m.status}
                  {m.failureReason ? <span className="bo__hint"> ({m.failureReason})</span> : null}
                </td>
                <td className="bo__num">{m.amountCents === null ? "–" : cents(m.amountCents)}</td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
      <h3>{t("Notifications received")}</h3>
      {order.notifications.length === 0 ? (
        <p>{t("No notifications yet.")}</p>
      ) : (
        <Table
          caption={t("Notifications received")}
          head={[t("Received"), t("Event"), t("Success"), t("PSP reference"), t("Reason")]}
        >
          {order.notifications.map((n) => (
            <tr key={`${n.received_at}-${n.event_code}-${n.psp_reference}-${n.success}`}>
              <td>
                <Time at={n.received_at} />
              </td>
              <td>{n.event_code}</td>
              <td>{n.success ? t("yes") : t("no")}</td>
              <td className="bo__code">{n.psp_reference ?? "–"}</td>
              <td>{n.reason}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

export function Mails({ order }: { order: OrderDetail }) {
  return (
    <Section id="bo-mails" title={t("Mails sent")}>
      <Table caption={t("Mails sent")} head={[t("Date"), t("To"), t("Subject"), t("Status")]}>
        {order.mails.map((m) => (
          <tr key={m.id} data-testid="mail">
            <td>
              <Time at={m.sent_at ?? m.created_at} />
            </td>
            <td>{m.to}</td>
            <td>{m.subject}</td>
            <td>{m.status}</td>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/** What a step of the timeline adds: the parcel's tracking number, a refund's amount. */
function eventDetails(data: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof data.trackingNumber === "string")
    parts.push(`${String(data.carrier ?? "").toUpperCase()} ${data.trackingNumber}`);
  if (typeof data.amountCents === "number") parts.push(cents(data.amountCents));
  if (typeof data.from === "string" && typeof data.to === "string")
    parts.push(`${labelOf(ORDER_STATUS_LABELS, data.from)} → ${labelOf(ORDER_STATUS_LABELS, data.to)}`);
  return parts.join(" · ");
}

export function Timeline({ order }: { order: OrderDetail }) {
  return (
    <Section id="bo-timeline" title={t("Timeline")}>
      <ol className="bo__timeline" data-testid="timeline">
        {order.timeline.map((e) => (
          <li key={e.id}>
            <Time at={e.at} /> <strong>{labelOf(EVENT_LABELS, e.type)}</strong>{" "}
            <span className="bo__hint">
              {e.actor.startsWith("staff:") ? e.actor.slice("staff:".length) : labelOf(ACTOR_LABELS, e.actor)}
              {eventDetails(e.data) ? ` · ${eventDetails(e.data)}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
