import { type OfflineOrderOutcome, t } from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { OfflineOrderLines } from "../../features/offline/offline-order-lines.tsx";
import {
  OFFLINE_ORDER_SETTLED_EVENT,
  offlineOrders,
  setThankYouPage,
  startOfflineOrders,
} from "../../features/offline/offline-order-watch.ts";
import type { OfflineOrder, OfflineOrderResult } from "../../features/offline/offline-orders.ts";
import { useOnline } from "../../features/offline/use-online.ts";
import type { CheckoutSummary } from "../../lib/server-context.ts";
import { readCartCookie } from "../../session/cart-cookie.ts";
import { clientErrors, orderBodyOf, valuesOf } from "./checkout-form.ts";
import "../../features/offline/offline-order.css";

export interface OfflineCheckout {
  /** The checkout form's submit: offline, the order is stored instead of posted. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Field errors found before storing (the server cannot check them now). */
  errors: Record<string, string>;
  /** The order stored offline: the checkout shows its thank-you state. */
  order: OfflineOrder | null;
}

/**
 * Placing an order without a connection (transactional §4 "Offline"; issue 17). Online the form
 * posts as ever. Offline its order body, with the form's idempotency key as the order's id, is
 * stored on this device and the checkout shows 'Order waiting!'. It is not an order until the
 * server takes it: back online it goes from here (the thank-you state) or, elsewhere, once the
 * shopper confirms it (offline-order-watch.ts).
 */
export function useOfflineCheckout(summary: CheckoutSummary | null): OfflineCheckout {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [order, setOrder] = useState<OfflineOrder | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine || !summary) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Looking up pick-up points needs the server; the button does nothing offline.
    if (submitter?.value !== "place") return;
    const form = event.currentTarget;
    const values = valuesOf(new FormData(form, submitter));
    const found = clientErrors(values);
    const cartId = readCartCookie();
    setErrors(found);
    if (Object.keys(found).length > 0 || !cartId) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    const key = values.idempotencyKey ?? crypto.randomUUID();
    void offlineOrders()
      .store(orderBodyOf(values, cartId, key), summary.lines, summary.grandTotal)
      .then((stored) => {
        startOfflineOrders();
        setOrder(stored);
        window.scrollTo(0, 0);
      });
  };
  return { onSubmit, errors, order };
}

/**
 * The checkout's thank-you state for an order stored offline: waiting, then placed (the shopper
 * goes on to pay or to the order's thank-you page) or refused with the reason, never a success
 * before the server said so.
 */
export function OfflineOrderPlaced({ order }: { order: OfflineOrder }) {
  const online = useOnline();
  const [outcome, setOutcome] = useState<OfflineOrderOutcome | null>(null);
  useEffect(() => {
    setThankYouPage(true);
    const settled = (event: Event) => {
      const result = (event as CustomEvent<OfflineOrderResult>).detail;
      if (result.order.order_id === order.order_id) setOutcome(result.outcome);
    };
    window.addEventListener(OFFLINE_ORDER_SETTLED_EVENT, settled);
    return () => {
      setThankYouPage(false);
      window.removeEventListener(OFFLINE_ORDER_SETTLED_EVENT, settled);
    };
  }, [order.order_id]);

  if (outcome?.kind === "refused")
    return (
      <main className="checkout checkout--done">
        <h1>{t("Your order was not placed.")}</h1>
        <p role="alert">{t(outcome.message)}</p>
        <p>{t("Your cart still holds the products.")}</p>
        <p>
          <a href="/checkout">{t("Back to the checkout")}</a>
        </p>
      </main>
    );
  return (
    <main className="checkout checkout--done">
      <h1>{outcome?.kind === "placed" ? t("Thank you for your order!") : t("Order waiting!")}</h1>
      <p role="status">
        {outcome?.kind === "placed"
          ? t("Your order number is {n}.", { n: outcome.order.orderNumber })
          : online
            ? t("Your order is being sent…")
            : t("Your order is saved on this device. It is sent as soon as you are online again.")}
      </p>
      <OfflineOrderLines order={order} />
    </main>
  );
}
