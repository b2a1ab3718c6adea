import { formatPrice, pageTitle, t } from "@etalage/core";
import { Form, Link, redirect } from "react-router";
import { servicesContext } from "../lib/server-context.ts";
import type { ShellHandle } from "../shell/use-shell-options.ts";
import type { Route } from "./+types/checkout-failed";
import "../pages/checkout/checkout.css";

export const handle: ShellHandle = {
  shell: { hideFooter: true, hideMobileHeader: true, hideSellingPoints: true },
};

export function headers() {
  return { "cache-control": "no-store" };
}

export function meta() {
  return [{ title: pageTitle(t("Payment failed")) }, { name: "robots", content: "noindex" }];
}

/** The failed payment's order: what happened to the payment and the amount (issue 23). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("orderId") ?? "";
  const token = url.searchParams.get("token") ?? "";
  const settled = await context.get(servicesContext).checkout.settle(orderId, token, {});
  const known = settled.state !== "unknown";
  return {
    orderId,
    token,
    amount: known ? settled.grandTotal : null,
    reason: known ? (settled.payment ?? null) : null,
    paid: settled.state === "paid" || settled.state === "cod",
  };
}

/** What happened, in the shopper's words. */
function reasonText(reason: string | null): string {
  if (reason === "cancelled") return t("You cancelled the payment.");
  if (reason === "expired") return t("The payment took too long and has expired.");
  if (reason === "refused") return t("Your bank or card company refused the payment.");
  return t("The payment did not go through.");
}

/** Pays the same order again with the method chosen: never a second order. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const orderId = String(form.get("orderId") ?? "");
  const token = String(form.get("token") ?? "");
  const retried = await context
    .get(servicesContext)
    .checkout.retry(orderId, token, String(form.get("method") ?? ""));
  if (!retried.ok) return { message: retried.message };
  throw redirect(retried.url, 303);
}

export default function CheckoutFailed({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="checkout">
      <h1>{t("Payment failed")}</h1>
      <p className="checkout__alert" role="status">
        {reasonText(loaderData.reason)}{" "}
        {loaderData.amount !== null &&
          t("Your order {n} of {amount} is waiting for its payment.", {
            n: loaderData.orderId,
            amount: formatPrice(loaderData.amount),
          })}
      </p>
      {actionData?.message && (
        <p role="alert" className="checkout__alert">
          {t(actionData.message)}
        </p>
      )}
      <Form method="post" reloadDocument>
        <input type="hidden" name="orderId" value={loaderData.orderId} />
        <input type="hidden" name="token" value={loaderData.token} />
        <fieldset>
          <legend>{t("Try again, or choose another method")}</legend>
          <p className="checkout__choice">
            <input type="radio" id="retry-ideal" name="method" value="ideal" defaultChecked />
            <label htmlFor="retry-ideal">iDEAL</label>
          </p>
          <p className="checkout__choice">
            <input type="radio" id="retry-card" name="method" value="card" />
            <label htmlFor="retry-card">Creditcard</label>
          </p>
        </fieldset>
        <button type="submit" className="checkout__place">
          {t("Pay now")}
        </button>
      </Form>
      <p className="checkout__back">
        <Link to="/">{t("Continue shopping")}</Link>
      </p>
    </main>
  );
}
