import { formatPrice, pageTitle, t } from "@etalage/core";
import { useEffect } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { useOrderPlaced } from "../features/analytics/use-checkout-tracking.ts";
import { forgetDetails } from "../features/checkout/checkout-persist.ts";
import { GuestAccountOffer } from "../features/checkout/guest-account-offer.tsx";
import type { ShellHandle } from "../features/shell/use-shell-options.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/checkout-return";
import "../features/checkout/checkout.css";

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
  const settled = await services.checkout.settle(orderId, token, url.searchParams.get("redirectResult"));
  if (settled.state === "failed")
    throw redirect(`/checkout-failed?orderId=${orderId}&token=${encodeURIComponent(token)}`, 303);
  const guest = settled.state === "unknown" ? null : await services.checkout.guestOrder(orderId, token);
  return { ...settled, token, guest };
}

/** The account offer changes no payment: the page is not settled again after it (no second redirectResult). */
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

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { state, orderNumber, grandTotal, test, token, guest } = loaderData;
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
      <p>{formatPrice(grandTotal)}</p>
      {state === "paid" && <p>{t("We have received your payment.")}</p>}
      {state === "cod" && <p>{t("You pay on delivery.")}</p>}
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
      <p>
        <Link to="/">{t("Continue shopping")}</Link>
      </p>
    </main>
  );
}
