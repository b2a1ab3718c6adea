import {
  OFFLINE_ORDER_MESSAGES,
  type OfflineOrderMode,
  offlineOrderMode,
  sendsWithoutAsking,
  t,
} from "@etalage/core";
import { createStorage } from "../../lib/storage.ts";
import { notify } from "../notifications/notification-store.ts";
import {
  createOfflineOrders,
  type OfflineOrder,
  type OfflineOrderResult,
  type OfflineOrders,
} from "./offline-orders.ts";

/** Opens the order-confirmation modal (transactional §2): `detail.orders` are the waiting orders. */
export const OFFLINE_ORDER_CONFIRMATION_EVENT = "offline-order-confirmation";

export interface WatchOptions {
  mode?: OfflineOrderMode;
  /** The checkout's thank-you state: waiting orders go without asking there. */
  isThankYouPage?: () => boolean;
  events?: EventTarget;
  online?: () => boolean;
  /** Asks the shopper to confirm; by default 'Order waiting!' with the confirm action. */
  announce?: (waiting: OfflineOrder[]) => void;
  /** Told of what sending without asking brought. */
  onSent?: (results: OfflineOrderResult[]) => void;
}

/**
 * Back online (and on a page that loads online with orders left from before): waiting orders are
 * sent when configured (`VITE_OFFLINE_ORDERS=auto`) or on the thank-you page; otherwise the
 * shopper is asked ('Order waiting!'), and the action opens the confirmation modal.
 */
export function watchOfflineOrders(orders: OfflineOrders, options: WatchOptions = {}): () => void {
  const mode = options.mode ?? offlineOrderMode(import.meta.env.VITE_OFFLINE_ORDERS);
  const events = options.events ?? window;
  const online = options.online ?? (() => navigator.onLine);
  const announce = options.announce ?? ((waiting: OfflineOrder[]) => askToConfirm(events, waiting));
  let asked = false;

  const backOnline = async () => {
    const waiting = await orders.waiting();
    if (waiting.length === 0) return;
    if (sendsWithoutAsking(mode, options.isThankYouPage?.() ?? false)) {
      options.onSent?.(await orders.send());
      return;
    }
    if (asked) return;
    asked = true;
    announce(waiting);
  };
  const listener = () => {
    asked = false;
    void backOnline();
  };
  events.addEventListener("online", listener);
  if (online()) void backOnline();
  return () => events.removeEventListener("online", listener);
}

function askToConfirm(events: EventTarget, waiting: OfflineOrder[]) {
  notify({
    type: "warning",
    message: t(OFFLINE_ORDER_MESSAGES.waiting),
    hasNoTimeout: true,
    action1: {
      label: t(OFFLINE_ORDER_MESSAGES.confirm),
      action: () =>
        events.dispatchEvent(
          new CustomEvent(OFFLINE_ORDER_CONFIRMATION_EVENT, { detail: { orders: waiting } }),
        ),
    },
  });
}

let shared: OfflineOrders | undefined;

/** This browser's offline orders (IndexedDB `orders`): checkout stores an order placed offline here. */
export function offlineOrders(): OfflineOrders {
  shared ??= createOfflineOrders({ storage: createStorage("orders"), onSettled: tellRefusal });
  return shared;
}

/** A refused order is said to be not placed, with the reason, never shown as a success. */
function tellRefusal({ outcome }: OfflineOrderResult) {
  if (outcome.kind !== "refused") return;
  notify({
    type: "danger",
    message: `${t("Your order was not placed.")} ${t(outcome.message)}`,
    hasNoTimeout: true,
    action1: { label: t("OK") },
  });
}

/** Started once a page has loaded (use-service-worker.ts), with the service worker. */
export function startOfflineOrders(): void {
  watchOfflineOrders(offlineOrders());
}
