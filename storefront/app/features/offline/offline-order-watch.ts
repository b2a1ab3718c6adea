import {
  OFFLINE_ORDER_MESSAGES,
  type OfflineOrderMode,
  type OfflineOrderOutcome,
  offlineOrderChanged,
  offlineOrderMode,
  type PricedLine,
  placedOrderNextUrl,
  sendsWithoutAsking,
  t,
} from "@etalage/core";
import { notify } from "../../lib/notification-store.ts";
import { createStorage } from "../../lib/storage.ts";
import { customerToken } from "../../session/account-store.ts";
import { emit } from "../../session/events.ts";
import { openModal } from "../../session/modal-store.ts";
import {
  createOfflineOrders,
  type OfflineOrder,
  type OfflineOrderResult,
  type OfflineOrders,
} from "./offline-orders.ts";
import { ORDERS_STORAGE } from "./orders-database.ts";

/** Opens the order-confirmation modal (transactional §2): `detail.orders` are the waiting orders. */
const OFFLINE_ORDER_CONFIRMATION_EVENT = "offline-order-confirmation";

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
/** The checkout's thank-you state of an order stored offline is showing (setThankYouPage). */
let onThankYouPage = false;
let settling: Promise<unknown> = Promise.resolve();

/** Told of every offline order the server placed or refused; `detail` is its `OfflineOrderResult`. */
export const OFFLINE_ORDER_SETTLED_EVENT = "offline-order-settled";

/** This browser's offline orders (IndexedDB `orders`): checkout stores an order placed offline here. */
export function offlineOrders(): OfflineOrders {
  shared ??= createOfflineOrders({
    storage: createStorage(ORDERS_STORAGE),
    token: customerToken,
    check: cartUnchanged,
    onSettled: (result) => {
      // Bounded: the next page must not wait on a cart engine that cannot load.
      settling = Promise.race([settleCart(result), new Promise<void>((done) => setTimeout(done, 3000))]);
      // The checkout's thank-you state says it itself, in the page.
      if (result.outcome.kind === "refused" && !onThankYouPage) tellRefusal(result.outcome.message);
      window.dispatchEvent(new CustomEvent(OFFLINE_ORDER_SETTLED_EVENT, { detail: result }));
    },
  });
  return shared;
}

/**
 * Before an order goes: the server cart it is made of still has the lines and prices the shopper
 * saw when placing it (core's `offlineOrderChanged`), or it is refused unsent. No answer keeps it
 * waiting; an answer without totals (a cart ordered or gone) leaves the decision to the server.
 */
async function cartUnchanged(order: OfflineOrder): Promise<OfflineOrderOutcome | null> {
  const token = customerToken();
  const response = await fetch(
    `/api/ext/tritonx/cart/totals?cartId=${encodeURIComponent(order.body.cart_id as string)}`,
    {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    },
  );
  if (response.status >= 500 || response.status === 429 || response.status === 408)
    return { kind: "waiting" };
  if (!response.ok) return null;
  const now = ((await response.json()) as { result?: { items?: PricedLine[] } }).result?.items;
  if (!Array.isArray(now)) return null;
  return offlineOrderChanged(order.cart_items as PricedLine[], now)
    ? { kind: "refused", message: OFFLINE_ORDER_MESSAGES.changed }
    : null;
}

/**
 * The cart is left alone while an order waits: the server cart is what the order is made of, so
 * nothing may empty it before the server answers. Its answer goes to the cart
 * (features/cart/cart-reactions.ts).
 */
function settleCart({ outcome }: OfflineOrderResult): Promise<void> {
  if (outcome.kind !== "placed" && outcome.kind !== "refused") return Promise.resolve();
  return emit("offline-order-settled", { placed: outcome.kind === "placed" });
}

/** A refused order is said to be not placed, with the reason, never shown as a success. */
function tellRefusal(message: string) {
  notify({
    type: "danger",
    message: `${t("Your order was not placed.")} ${t(message)} ${t("Your cart still holds the products.")}`,
    hasNoTimeout: true,
    action1: { label: t("OK") },
  });
}

/** The first placed order continues where it must: its payment, or its thank-you page. */
export function continuePlaced(results: OfflineOrderResult[]): boolean {
  const placed = results.find((r) => r.outcome.kind === "placed")?.outcome;
  if (placed?.kind !== "placed") return false;
  // The cart is dropped first: the next page must not bring the ordered cart's cookie back.
  const url = placedOrderNextUrl(placed.order);
  void settling.finally(() => window.location.assign(url));
  return true;
}

/** Sent without asking away from the checkout: said, with the way on (pay, or see the order). */
function tellPlaced(results: OfflineOrderResult[]) {
  if (onThankYouPage) {
    continuePlaced(results);
    return;
  }
  for (const { outcome } of results) {
    if (outcome.kind !== "placed") continue;
    const url = placedOrderNextUrl(outcome.order);
    notify({
      type: "success",
      message: `${t("Thank you for your order!")} ${t("Your order number is {n}.", { n: outcome.order.orderNumber })}`,
      hasNoTimeout: true,
      action1: {
        label: outcome.order.payment?.action?.url ? t("Pay now") : t("View your order"),
        action: () => window.location.assign(url),
      },
    });
  }
}

/** The checkout shows an order it stored offline (its thank-you state): back online it goes without asking. */
export function setThankYouPage(value: boolean): void {
  onThankYouPage = value;
}

let started = false;

/**
 * Started once per page: after load with the service worker (use-service-worker.ts), and by the
 * checkout when it stores an order offline (a browser without a worker still sends it).
 */
export function startOfflineOrders(): void {
  if (started) return;
  started = true;
  window.addEventListener(OFFLINE_ORDER_CONFIRMATION_EVENT, () => openModal("order-confirmation"));
  watchOfflineOrders(offlineOrders(), { isThankYouPage: () => onThankYouPage, onSent: tellPlaced });
}
