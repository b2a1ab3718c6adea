import { formatPrice, t } from "@etalage/core";
import { useEffect } from "react";
import { Form, Link, redirect } from "react-router";
import { forgetDetails } from "../features/checkout/checkout-persist.ts";
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
  return [{ title: `${t("Checkout")} – Etalage` }, { name: "robots", content: "noindex" }];
}

/** The shopper's return from the payment page: settled with the provider, then paid, pending or failed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("orderId") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const settled = await context
    .get(servicesContext)
    .checkout.settle(orderId, token, url.searchParams.get("redirectResult"));
  if (settled.state === "failed")
    throw redirect(`/checkout-failed?orderId=${orderId}&token=${encodeURIComponent(token)}`, 303);
  return { ...settled, token };
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { state, orderNumber, grandTotal, test, token } = loaderData;
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
      <p>
        <Link to="/">{t("Continue shopping")}</Link>
      </p>
    </main>
  );
}
