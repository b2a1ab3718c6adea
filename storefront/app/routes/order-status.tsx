import { pageTitle, t } from "@etalage/core";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { OrderDetails } from "../features/orders/order-details.tsx";
import ReturnAction from "../features/returns/return-action.tsx";
import { servicesContext } from "../lib/server-context.ts";
import { GuestAccountOffer } from "../pages/checkout/guest-account-offer.tsx";
import type { Route } from "./+types/order-status";
import "../pages/checkout/checkout.css";

/**
 * `/bestelling/{orderNumber}?token=`: a guest's order as the confirmation mail links to it (issue
 * 13). The token opens it; without it, or with a wrong one, the page is not found, the same as an
 * order that does not exist. The shopper's own page: never cached (the HTML cache never stores
 * `/bestelling`), never indexed, and its URL (the token) is sent to no other page as a referrer.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await context.get(servicesContext).checkout.orderStatus(params.orderNumber, token);
  if (!found) throw data(null, { status: 404, headers: PRIVATE });
  return data({ ...found, token }, { headers: PRIVATE });
}

const PRIVATE = { "cache-control": "private, no-store" };

export function headers() {
  return PRIVATE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? t("Order {number}", { number: loaderData.order.increment_id })
    : t("Order not found");
  return [
    { title: pageTitle(title) },
    { name: "robots", content: "noindex" },
    // The token in this page's URL goes to no other request, not even the shop's own assets.
    { name: "referrer", content: "no-referrer" },
  ];
}

/** The account offer changes nothing the page shows: it is not read again after it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

/** The account offer (the thank-you page's own): the guest's order joins the account just made. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  if (text("intent") !== "claim") return data({ claimed: false }, { status: 400, headers: PRIVATE });
  const claimed = await context
    .get(servicesContext)
    .checkout.claim(params.orderNumber, text("token"), text("customerToken"));
  return data({ claimed }, { status: claimed ? 200 : 400, headers: PRIVATE });
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order, guest, token } = loaderData;
  return (
    <main className="checkout order-status">
      <h1>{t("Order {number}", { number: order.increment_id })}</h1>
      <OrderDetails order={order} />
      {order.shipments && order.shipments.length > 0 && (
        <ReturnAction orderNumber={order.increment_id} token={token} />
      )}
      {guest && <GuestAccountOffer orderNumber={order.increment_id} orderToken={token} guest={guest} />}
      <p>{t("Questions about your order? Our customer service is glad to help.")}</p>
      <p>
        <Link to="/">{t("Continue shopping")}</Link>
      </p>
    </main>
  );
}
