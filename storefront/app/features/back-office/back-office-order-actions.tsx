import { CARRIER_NAMES, CARRIERS, formatPrice, t } from "@etalage/core";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { currentSession, failureOf, postJson } from "./back-office-api.ts";
import { cents, type OrderActionKind, type OrderDetail } from "./back-office-order-data.ts";

/**
 * The order page's forms: ship, refund, cancel, deliver and retry a failed refund. Each form holds
 * its own Idempotency-Key, so sending it twice (a double click, a lost answer) does it once; the
 * page gives the forms new keys after an action succeeded. The server decides what is allowed and
 * how much may be refunded; these forms only offer what it said it allows.
 */

export type OrderActionResult =
  | { ok: true; nonce: string; message: string }
  | { ok: false; nonce: string; error: string; field?: string | undefined };

const nonce = () => crypto.randomUUID();

/** A field of the form by the server's path: `body.lines[1].qty` is the second line sent. */
function fieldOf(path: string | undefined, intent: string, lineIds: number[]): string | undefined {
  if (!path) return undefined;
  const line = /^body\.lines\[(\d+)\]/.exec(path);
  const prefix = intent === "ship" ? "bo-ship" : "bo-refund";
  if (line) {
    const id = lineIds[Number(line[1])];
    return id === undefined ? undefined : `${prefix}-qty-${id}`;
  }
  if (path === "body.trackingNumber") return "bo-ship-tracking";
  if (path === "body.carrier") return "bo-ship-carrier";
  if (path === "body.shipping") return "bo-refund-shipping";
  return undefined;
}

/** Units per line of the form's `qty-<id>` fields; `all` when every line asks what is left. */
function unitsOf(form: FormData, prefix: string) {
  const lines: { id: number; qty: number }[] = [];
  for (const [name, value] of form.entries()) {
    const id = new RegExp(`^${prefix}-(\\d+)$`).exec(name)?.[1];
    const qty = Number(value);
    if (id && Number.isInteger(qty) && qty > 0) lines.push({ id: Number(id), qty });
  }
  return lines;
}

/** Sends the form's action to /api/beheer/orders with the session's CSRF token and the form's key. */
export async function actOnOrder(form: FormData, orderNumber: string): Promise<OrderActionResult> {
  const intent = String(form.get("intent") ?? "");
  const key = String(form.get("key") ?? "") || nonce();
  const base = `/orders/${encodeURIComponent(orderNumber)}`;
  let path: string;
  let body: Record<string, unknown> = {};
  let lineIds: number[] = [];
  switch (intent) {
    case "ship": {
      const lines = unitsOf(form, "ship-qty");
      if (lines.length === 0)
        return {
          ok: false,
          nonce: nonce(),
          error: t("Choose at least one unit to ship"),
          field: firstField(form, "ship-qty", "bo-ship"),
        };
      const whole = form.get("ship-all") === String(lines.reduce((sum, l) => sum + l.qty, 0));
      body = {
        carrier: String(form.get("carrier") ?? ""),
        trackingNumber: String(form.get("trackingNumber") ?? "").trim(),
        ...(whole ? {} : { lines }),
      };
      lineIds = lines.map((l) => l.id);
      path = `${base}/ship`;
      break;
    }
    case "refund": {
      const lines = unitsOf(form, "refund-qty");
      const shipping = form.get("shipping") === "on";
      if (lines.length === 0 && !shipping)
        return {
          ok: false,
          nonce: nonce(),
          error: t("Choose the units to refund, or the shipping"),
          field: firstField(form, "refund-qty", "bo-refund"),
        };
      body = { ...(lines.length ? { lines } : {}), ...(shipping ? { shipping: true } : {}) };
      lineIds = lines.map((l) => l.id);
      path = `${base}/refund`;
      break;
    }
    case "refund-all":
      path = `${base}/refund`;
      break;
    case "retry":
      path = `${base}/refunds/${Number(form.get("refund"))}/retry`;
      break;
    case "cancel":
      path = `${base}/cancel`;
      break;
    case "deliver":
      path = `${base}/deliver`;
      break;
    default:
      return { ok: false, nonce: nonce(), error: t("Back office: your role may not do this") };
  }
  try {
    const csrf = (await currentSession())?.csrf_token;
    const answer = await postJson<Record<string, unknown>>(path, body, csrf, { "idempotency-key": key });
    return { ok: true, nonce: nonce(), message: doneMessage(intent, answer) };
  } catch (error) {
    const failure = failureOf(error);
    return {
      ok: false,
      nonce: nonce(),
      error: failure.error,
      field: fieldOf(failure.field, intent, lineIds),
    };
  }
}

function firstField(form: FormData, prefix: string, id: string): string | undefined {
  for (const name of form.keys()) {
    const line = new RegExp(`^${prefix}-(\\d+)$`).exec(name)?.[1];
    if (line) return `${id}-qty-${line}`;
  }
  return undefined;
}

function doneMessage(intent: string, answer: Record<string, unknown>): string {
  switch (intent) {
    case "ship": {
      const shipment = answer.shipment as { carrier: keyof typeof CARRIER_NAMES; trackingNumber: string };
      return t("Shipped with {carrier}, tracking number {tracking}. The customer is mailed.", {
        carrier: CARRIER_NAMES[shipment.carrier],
        tracking: shipment.trackingNumber,
      });
    }
    case "cancel":
      return answer.cancellation === "done"
        ? t("The order is cancelled.")
        : t("The cancellation is asked of the payment provider: the order is cancelled when it confirms.");
    case "deliver":
      return t("The order is marked delivered.");
    default: {
      const refund = answer.refund as { amountCents: number };
      return t(
        "A refund of {amount} is asked of the payment provider: it is in progress until the provider confirms.",
        {
          amount: cents(refund.amountCents),
        },
      );
    }
  }
}

/** Props every field of a form gets: its error linked to it when the answer named it. */
function errorProps(id: string, result: OrderActionResult | undefined) {
  return result && !result.ok && result.field === id
    ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` }
    : {};
}

function FieldError({ id, result }: { id: string; result: OrderActionResult | undefined }) {
  return result && !result.ok && result.field === id ? (
    <span id={`${id}-error`} className="bo__field-error">
      {result.error}
    </span>
  ) : null;
}

function IdempotencyKey() {
  const [key] = useState(nonce);
  return <input type="hidden" name="key" value={key} />;
}

interface FormProps {
  order: OrderDetail;
  result: OrderActionResult | undefined;
  busy: boolean;
}

function ShipForm({ order, result, busy }: FormProps) {
  const lines = order.lines.filter((l) => l.left_to_ship > 0);
  const all = lines.reduce((sum, l) => sum + l.left_to_ship, 0);
  return (
    <Form method="post" className="bo__action" aria-labelledby="bo-ship-title">
      <h3 id="bo-ship-title">{t("Ship")}</h3>
      <IdempotencyKey />
      <input type="hidden" name="ship-all" value={all} />
      <div className="bo__field">
        <label htmlFor="bo-ship-carrier">{t("Carrier")}</label>
        <select
          id="bo-ship-carrier"
          name="carrier"
          defaultValue="postnl"
          {...errorProps("bo-ship-carrier", result)}
        >
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_NAMES[c]}
            </option>
          ))}
        </select>
        <FieldError id="bo-ship-carrier" result={result} />
      </div>
      <div className="bo__field">
        <label htmlFor="bo-ship-tracking">{t("Tracking number")}</label>
        <input
          id="bo-ship-tracking"
          name="trackingNumber"
          required
          minLength={8}
          maxLength={40}
          pattern="[A-Za-z0-9]{8,40}"
          autoComplete="off"
          aria-describedby="bo-ship-tracking-hint"
          {...errorProps("bo-ship-tracking", result)}
        />
        <span id="bo-ship-tracking-hint" className="bo__hint">
          {t("8 to 40 letters or digits")}
        </span>
        <FieldError id="bo-ship-tracking" result={result} />
      </div>
      <fieldset className="bo__units">
        <legend>{t("Units in this parcel")}</legend>
        {lines.map((l) => {
          const id = `bo-ship-qty-${l.id}`;
          return (
            <div key={l.id} className="bo__unit">
              <label htmlFor={id}>
                {l.name} <span className="bo__hint">({t("{n} left to ship", { n: l.left_to_ship })})</span>
              </label>
              <input
                id={id}
                name={`ship-qty-${l.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.left_to_ship}
                defaultValue={l.left_to_ship}
                {...errorProps(id, result)}
              />
              <FieldError id={id} result={result} />
            </div>
          );
        })}
      </fieldset>
      <button type="submit" name="intent" value="ship" className="bo__button" disabled={busy}>
        {t("Ship and mail the customer")}
      </button>
    </Form>
  );
}

function RefundForm({ order, result, busy, limitEur }: FormProps & { limitEur: number | null }) {
  const lines = order.lines.filter((l) => l.left_to_refund > 0);
  const shippingLeft = !order.shipping_refunded && order.shipping_cents > 0;
  const left = order.paid_cents - order.refunded_cents;
  return (
    <Form method="post" className="bo__action" aria-labelledby="bo-refund-title">
      <h3 id="bo-refund-title">{t("Refund")}</h3>
      <IdempotencyKey />
      {limitEur !== null ? (
        <p className="bo__hint">
          {t("You may refund up to {amount} at a time.", { amount: formatPrice(limitEur) })}
        </p>
      ) : null}
      <fieldset className="bo__units">
        <legend>{t("Units to refund")}</legend>
        {lines.map((l) => {
          const id = `bo-refund-qty-${l.id}`;
          return (
            <div key={l.id} className="bo__unit">
              <label htmlFor={id}>
                {l.name}{" "}
                <span className="bo__hint">
                  (
                  {t("{n} left to refund, {price} each", {
                    n: l.left_to_refund,
                    price: formatPrice(l.price_incl_tax),
                  })}
                  )
                </span>
              </label>
              <input
                id={id}
                name={`refund-qty-${l.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.left_to_refund}
                defaultValue={0}
                {...errorProps(id, result)}
              />
              <FieldError id={id} result={result} />
            </div>
          );
        })}
        {shippingLeft ? (
          <div className="bo__check">
            <input
              id="bo-refund-shipping"
              name="shipping"
              type="checkbox"
              {...errorProps("bo-refund-shipping", result)}
            />
            <label htmlFor="bo-refund-shipping">
              {t("Refund the shipping ({amount})", { amount: cents(order.shipping_cents) })}
            </label>
            <FieldError id="bo-refund-shipping" result={result} />
          </div>
        ) : null}
      </fieldset>
      <div className="bo__actions">
        <button type="submit" name="intent" value="refund" className="bo__button" disabled={busy}>
          {t("Refund the chosen units")}
        </button>
        <button
          type="submit"
          name="intent"
          value="refund-all"
          className="bo__button bo__button--quiet"
          disabled={busy}
        >
          {t("Refund all that is left ({amount})", { amount: cents(left) })}
        </button>
      </div>
    </Form>
  );
}

function CancelForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="bo__action" aria-labelledby="bo-cancel-title">
      <h3 id="bo-cancel-title">{t("Cancel")}</h3>
      <IdempotencyKey />
      <p className="bo__hint">{t("The stock goes back; a payment is cancelled or refunded in full.")}</p>
      <div className="bo__check">
        <input id="bo-cancel-sure" name="sure" type="checkbox" required />
        <label htmlFor="bo-cancel-sure">{t("Yes, cancel this order")}</label>
      </div>
      <button
        type="submit"
        name="intent"
        value="cancel"
        className="bo__button bo__button--quiet"
        disabled={busy}
      >
        {t("Cancel the order")}
      </button>
    </Form>
  );
}

function DeliverForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="bo__action" aria-labelledby="bo-deliver-title">
      <h3 id="bo-deliver-title">{t("Delivered")}</h3>
      <IdempotencyKey />
      <p className="bo__hint">{t("The return period counts from the delivery.")}</p>
      <button
        type="submit"
        name="intent"
        value="deliver"
        className="bo__button bo__button--quiet"
        disabled={busy}
      >
        {t("Mark as delivered")}
      </button>
    </Form>
  );
}

/** A failed refund's button: the same lines and shipping asked again. */
export function RetryRefund({ refundId }: { refundId: number }) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <IdempotencyKey />
      <input type="hidden" name="refund" value={refundId} />
      <button
        type="submit"
        name="intent"
        value="retry"
        className="bo__button bo__button--quiet"
        disabled={busy}
      >
        {t("Ask again")}
      </button>
    </Form>
  );
}

/** The forms of the actions both the order's state (the server's `actions`) and the role allow. */
export function OrderActions({
  order,
  result,
  allowed,
  limitEur,
}: {
  order: OrderDetail;
  result: OrderActionResult | undefined;
  allowed: OrderActionKind[];
  limitEur: number | null;
}) {
  const busy = useNavigation().state !== "idle";
  if (allowed.length === 0) return <p>{t("Nothing can be done with this order now.")}</p>;
  return (
    <div className="bo__action-list">
      {allowed.includes("ship") ? <ShipForm order={order} result={result} busy={busy} /> : null}
      {allowed.includes("refund") ? (
        <RefundForm order={order} result={result} busy={busy} limitEur={limitEur} />
      ) : null}
      {allowed.includes("deliver") ? <DeliverForm busy={busy} /> : null}
      {allowed.includes("cancel") ? <CancelForm busy={busy} /> : null}
    </div>
  );
}
