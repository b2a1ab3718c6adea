import { pageTitle, t } from "@etalage/core";
import { Form, redirect } from "react-router";
import type { ShellHandle } from "../features/shell/use-shell-options.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/checkout-failed";
import "../features/checkout/checkout.css";

export const handle: ShellHandle = {
  shell: { hideFooter: true, hideMobileHeader: true, hideSellingPoints: true },
};

export function headers() {
  return { "cache-control": "no-store" };
}

export function meta() {
  return [{ title: pageTitle(t("Payment failed")) }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { orderId: url.searchParams.get("orderId") ?? "", token: url.searchParams.get("token") ?? "" };
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
      {actionData?.message && (
        <p role="alert" className="checkout__alert">
          {t(actionData.message)}
        </p>
      )}
      <Form method="post" reloadDocument>
        <input type="hidden" name="orderId" value={loaderData.orderId} />
        <input type="hidden" name="token" value={loaderData.token} />
        <fieldset>
          <legend>{t("Pay order {n} again with another method", { n: loaderData.orderId })}</legend>
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
    </main>
  );
}
