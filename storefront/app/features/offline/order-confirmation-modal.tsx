import { t } from "@etalage/core";
import { useEffect, useEffectEvent, useState } from "react";
import { notify } from "../../lib/notification-store.ts";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { OfflineOrderLines } from "./offline-order-lines.tsx";
import { continuePlaced, offlineOrders } from "./offline-order-watch.ts";
import type { OfflineOrder } from "./offline-orders.ts";
import "./offline-order.css";

/**
 * The order-confirmation modal (transactional §2), opened by the offline-order confirmation
 * event: the orders placed offline, which are not orders until the shopper confirms them here and
 * the server takes them. Confirm sends them (under the lock all tabs share, each with its own
 * idempotency key); cancel drops them without a call. The cart is untouched either way.
 */
export default function OrderConfirmationModal({ close }: ModalProps<"order-confirmation">) {
  const [orders, setOrders] = useState<OfflineOrder[] | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useEffectEvent((waiting: OfflineOrder[]) => {
    // Sent meanwhile (another tab, or automatically): nothing left to confirm.
    if (waiting.length === 0) close();
    else setOrders(waiting);
  });
  useEffect(() => {
    void offlineOrders().waiting().then(loaded);
  }, []);

  const confirm = async () => {
    setBusy(true);
    const results = await offlineOrders().send();
    close();
    if (continuePlaced(results)) return;
    if (results.some((r) => r.outcome.kind === "waiting"))
      notify({
        type: "warning",
        message: t("Your order could not be sent yet. We try again when you are online."),
      });
  };
  const cancel = async () => {
    setBusy(true);
    for (const order of orders ?? []) await offlineOrders().discard(order.order_id);
    close();
    notify({ type: "info", message: t("Your offline order was cancelled.") });
  };

  return (
    <Dialog title={t("Order waiting!")} onClose={close}>
      <div className="dialog__message">
        <p>{t("You placed this order while you were offline. It is placed once you confirm it.")}</p>
        {orders?.map((order) => (
          <OfflineOrderLines key={order.order_id} order={order} />
        ))}
        <div className="offline-order__actions">
          <button type="button" className="button" disabled={busy || !orders} onClick={() => void confirm()}>
            {t("Confirm the order")}
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={busy || !orders}
            onClick={() => void cancel()}
          >
            {t("Cancel the order")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
