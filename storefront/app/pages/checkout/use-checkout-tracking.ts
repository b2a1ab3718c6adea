import type { TrackedOrder, TrackedProduct } from "@etalage/core";
import { type RefObject, useEffect, useRef } from "react";
import {
  keepCheckoutLines,
  trackBeginCheckout,
  trackPaymentChoice,
  trackShippingChoice,
} from "../../features/analytics/checkout-events.ts";
import { trackedLine } from "../../features/analytics/tracked.ts";
import { loadCartEngine } from "../../features/cart/cart-api.ts";
import type { CheckoutSummary } from "../../lib/server-context.ts";
import { readCartCookie } from "../../session/cart-cookie.ts";
import { cartViewStore } from "../../session/cart-state.ts";
import { emit } from "../../session/events.ts";

/*
 * The checkout page's data layer (transactional §4): begin_checkout on entering, and the spec's
 * 'checkout options' as add_shipping_info and add_payment_info when the shopper chooses a method.
 * The form posts as a document, so a choice left at its default is told as the order is placed.
 */

/** The server's lines, for when the client cart is not there (storage cleared, JavaScript late). */
function summaryLines(summary: CheckoutSummary): TrackedProduct[] {
  return summary.lines.map((line) => ({
    sku: line.sku,
    name: line.name,
    price: line.qty > 0 ? line.row_total_incl_tax / line.qty : line.row_total_incl_tax,
    quantity: line.qty,
  }));
}

/** The client cart once the engine restored it: it knows each line's parent product and brand. */
async function cartLines(): Promise<{ lines: TrackedProduct[]; coupon?: string } | null> {
  await loadCartEngine();
  const view = cartViewStore.get();
  if (!view.ready || view.items.length === 0) return null;
  const coupon = view.totals?.couponCode ?? undefined;
  return { lines: view.items.map(trackedLine), ...(coupon ? { coupon } : {}) };
}

function checkedValue(form: HTMLFormElement, name: string): string {
  return form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? "";
}

export function useCheckoutTracking(
  formRef: RefObject<HTMLFormElement | null>,
  summary: CheckoutSummary | null,
  /** What the shopper sent, when this page is the answer to a refused submit. */
  sent: Readonly<Record<string, string | undefined>>,
): void {
  const lines = useRef<TrackedProduct[]>([]);
  const coupon = useRef<string | undefined>(undefined);
  // A refused submit already told its choices; the page it answers shows them chosen.
  const told = useRef({ shipping: sent.shipping ?? "", payment: sent.payment ?? "" });
  const returning = Object.keys(sent).length > 0;
  const begun = useRef(false);
  const hasLines = (summary?.lines.length ?? 0) > 0;

  useEffect(() => {
    if (!summary || !hasLines) return;
    lines.current = summaryLines(summary);
    let live = true;
    void cartLines()
      .catch(() => null)
      .then((cart) => {
        if (!live) return;
        if (cart) {
          lines.current = cart.lines;
          coupon.current = cart.coupon;
        }
        keepCheckoutLines(lines.current);
        if (returning || begun.current) return;
        begun.current = true;
        trackBeginCheckout(lines.current, coupon.current);
      });
    return () => {
      live = false;
    };
    // The summary is asked again as the shopper chooses (use-checkout-live.ts): its lines are
    // kept fresh, but the page is begun once.
  }, [summary, hasLines, returning]);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !summary || !hasLines) return;
    const tier = (value: string) => {
      const method = summary.shippingMethods.find((m) => `${m.carrier_code}:${m.method_code}` === value);
      return method?.method_title ?? value;
    };
    const payment = (code: string) => summary.paymentMethods.find((m) => m.code === code)?.title ?? code;
    const tell = (name: "shipping" | "payment") => {
      const value = checkedValue(form, name);
      if (!value || told.current[name] === value) return;
      told.current[name] = value;
      if (name === "shipping") trackShippingChoice(lines.current, tier(value), coupon.current);
      else trackPaymentChoice(lines.current, payment(value), coupon.current);
    };
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.name === "shipping" || target?.name === "payment") tell(target.name);
    };
    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null;
      if (submitter?.value !== "place") return;
      if (!summary.virtual) tell("shipping");
      tell("payment");
      keepCheckoutLines(lines.current);
      keepOrderedCart(readCartCookie());
    };
    form.addEventListener("change", onChange);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit);
    };
  }, [formRef, summary, hasLines]);
}

/** The cart the placed order was made of, until the thank-you page let it go. */
const ORDERED_CART_KEY = "etalage-checkout-cart";

function keepOrderedCart(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(ORDERED_CART_KEY, token);
  } catch {
    // Storage off: the cart engine finds the ordered cart closed at its next sync.
  }
}

function takeOrderedCart(): string | null {
  try {
    const token = sessionStorage.getItem(ORDERED_CART_KEY);
    sessionStorage.removeItem(ORDERED_CART_KEY);
    return token;
  } catch {
    return null;
  }
}

/**
 * The thank-you state of a placed order: `purchase` once, whatever reloads follow; the
 * customer-data reports (cart emptied, the order for the favourites); and the cart that became
 * the order leaves this browser, so its lines do not come back in a new cart. Only the cart this
 * tab sent to checkout: a later reload of the page leaves a new cart alone.
 */
export function useOrderPlaced(
  analytics: { order: TrackedOrder; lines: TrackedProduct[] } | undefined,
  orderToken: string,
): void {
  const orderNumber = analytics?.order.increment_id;
  const latest = useRef(analytics);
  latest.current = analytics;
  useEffect(() => {
    if (!orderNumber || !latest.current) return;
    // purchase in the data layer, the order for the customer-data platform (their reactions).
    void emit("order-placed", { order: latest.current.order, lines: latest.current.lines, orderToken });
    if (takeOrderedCart())
      void loadCartEngine()
        .then((engine) => engine.detachCart())
        .catch(() => {});
  }, [orderNumber, orderToken]);
}
