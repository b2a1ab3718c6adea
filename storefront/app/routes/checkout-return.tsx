import { formatPrice, pageTitle, t } from "@etalage/core";
import { useEffect } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { OrderDetails } from "../features/orders/order-details.tsx";
import type { OrderDetail } from "../lib/server-context.ts";
import { servicesContext } from "../lib/server-context.ts";
import { forgetDetails } from "../pages/checkout/checkout-persist.ts";
import { GuestAccountOffer } from "../pages/checkout/guest-account-offer.tsx";
import { useOrderPlaced } from "../pages/checkout/use-checkout-tracking.ts";
import type { ShellHandle } from "../shell/use-shell-options.ts";
import type { Route } from "./+types/checkout-return";
import "../pages/checkout/checkout.css";

export const handle: ShellHandle = {
  shell: { hideFooter: true, hideMobileHeader: true, hideSellingPoints: true },
};

export function headers() {
  return { "cache-control": "no-store" };
}

export function meta() {
  return [{ title: pageTitle(t("Checkout")) }, { name: "robots", content: "noindex" }];
}

/** The shopper's return from the payment page: settled with the provider, then paid, pending or failed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("orderId") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const services = context.get(servicesContext);
  const settled = await services.checkout.settle(orderId, token, {
    sessionId: url.searchParams.get("sessionId"),
    sessionResult: url.searchParams.get("sessionResult"),
    redirectResult: url.searchParams.get("redirectResult"),
  });
  if (settled.state === "failed")
    throw redirect(`/checkout-failed?orderId=${orderId}&token=${encodeURIComponent(token)}`, 303);
  const guest = settled.state === "unknown" ? null : await services.checkout.guestOrder(orderId, token);
  // The whole order, as its mail and status page show it (issue 23).
  const detail = settled.state === "unknown" ? null : await services.checkout.orderStatus(orderId, token);
  return { ...settled, token, guest, order: detail?.order ?? null, email: detail?.email ?? null };
}

/** The account offer changes no payment: the page is not settled again after it (no second sessionResult). */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

/** The thank-you page's account offer: the guest's order joins the account just made. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  if (text("intent") !== "claim") return data({ claimed: false }, { status: 400 });
  const claimed = await context
    .get(servicesContext)
    .checkout.claim(text("orderId"), text("token"), text("customerToken"));
  return data({ claimed }, { status: claimed ? 200 : 400 });
}

/** When the shopper has the order, by how it comes (the terms: sent the same day before 22:00). */
function deliveryPromise(order: OrderDetail): string {
  if (order.pickup?.kind === "store") return t("We e-mail you as soon as your order is ready in the store.");
  if (order.pickup)
    return t("Ordered before 22:00 on a working day: at the pick-up point the next working day.");
  return t("Ordered before 22:00 on a working day: delivered the next working day.");
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { state, orderNumber, grandTotal, test, token, guest, order, email } = loaderData;
  useOrderPlaced(loaderData.analytics, token);
  // The order is placed: the checkout details kept in this browser go.
  useEffect(() => {
    if (state !== "unknown") void forgetDetails().catch(() => {});
  }, [state]);
  if (state === "unknown")
    return (
      <main className="checkout">
        <h1>{t("Order not found")}</h1>
        <Link to="/">{t("Continue shopping")}</Link>
      </main>
    );
  const done = state === "paid" || state === "cod";
  return (
    <main className="checkout checkout--done">
      <h1>{done ? t("Thank you for your order!") : t("Your payment is being processed.")}</h1>
      <p>{t("Your order number is {n}.", { n: orderNumber })}</p>
      {email && (
        <p>
          {state === "cod"
            ? t("We have sent a confirmation to {email}.", { email })
            : t("You will receive a confirmation at {email}.", { email })}
        </p>
      )}
      {order && <p className="checkout__promise">{deliveryPromise(order)}</p>}
      <p className="checkout__paid">
        {state === "paid" &&
          t("We have received your payment of {amount}.", { amount: formatPrice(grandTotal) })}
        {state === "cod" &&
          (order?.pickup?.kind === "store"
            ? t("You pay {amount} in the store.", { amount: formatPrice(grandTotal) })
            : t("You pay {amount} on delivery.", { amount: formatPrice(grandTotal) }))}
        {state === "pending" && formatPrice(grandTotal)}
      </p>
      {test && <p className="checkout__test">{t("Test payment: no money is charged.")}</p>}
      {state === "pending" && (
        <Form method="get" role="status">
          <input type="hidden" name="orderId" value={orderNumber} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="checkout__place">
            {t("Check again")}
          </button>
        </Form>
      )}
      {guest && <GuestAccountOffer orderNumber={orderNumber} orderToken={token} guest={guest} />}
      {order && <OrderDetails order={order} />}
      <p>
        <Link to="/">{t("Continue shopping")}</Link>
      </p>
    </main>
  );
}
