import { pageTitle, t } from "@etalage/core";
import { data, redirect } from "react-router";
import { servicesContext } from "../lib/server-context.ts";
import { clientErrors, formErrors, orderBodyOf, valuesOf } from "../pages/checkout/checkout-form.ts";
import { liveSummary } from "../pages/checkout/checkout-live-action.ts";
import { CheckoutPage } from "../pages/checkout/checkout-page.tsx";
import { cartCookieHeader, cartIdFromCookie } from "../session/cart-cookie.ts";
import type { ShellHandle } from "../shell/use-shell-options.ts";
import type { Route } from "./+types/checkout";

/**
 * Checkout (transactional §2): the shop's header, footer and the selling-points dock hidden
 * (minimal distraction; the checkout's own header leads back to the cart), never cached, never indexed.
 */
export const handle: ShellHandle = {
  shell: { hideFooter: true, hideMobileHeader: true, hideSellingPoints: true, checkoutHeader: true },
};

export function headers() {
  return { "cache-control": "no-store" };
}

export function meta() {
  return [{ title: pageTitle(t("Checkout")) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const cartId = cartIdFromCookie(request.headers.get("cookie"));
  const summary = cartId ? await services.checkout.summary(cartId, "NL") : null;
  return { summary, stores: services.checkout.stores(), idempotencyKey: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const cartId = cartIdFromCookie(request.headers.get("cookie"));
  const { customerToken, ...values } = valuesOf(await request.formData());
  // The live summary (a fetcher): the shipping choice kept on the cart, totals and customer again.
  if (values.intent === "summary") return liveSummary(services, cartId, customerToken, values.shipping);
  const points = values.postcode ? services.checkout.servicePoints(values.postcode) : null;
  const answer = (errors: Record<string, string>, message: string | null, status = 400) =>
    data({ values, errors, message, points }, { status });
  if (values.intent === "points") return answer({}, null, 200);
  if (!cartId) return answer({}, "Your cart is empty.");
  const errors = clientErrors(values);
  if (Object.keys(errors).length > 0) return answer(errors, "Please fix the validation errors");
  const key = /^[\w-]{8,64}$/.test(values.idempotencyKey ?? "")
    ? values.idempotencyKey!
    : crypto.randomUUID();
  const placed = await services.checkout.place(key, orderBodyOf(values, cartId, key), customerToken);
  if (!placed.ok && placed.limited) return answer({}, placed.message, 429);
  if (!placed.ok && placed.totalChanged) {
    // The page shows the new total (the shipping chosen kept on the cart) before the shopper commits again.
    if (values.shipping) await services.checkout.chooseShipping(cartId, values.shipping, customerToken);
    return answer({}, placed.message, 409);
  }
  if (!placed.ok) {
    const lines = placed.names ?? placed.skus;
    const message = lines ? `${t(placed.message)} (${lines.join(", ")})` : placed.message;
    return answer(formErrors(placed.fields, values), message, 409);
  }
  // The cart became the order: the cookie goes, so the next visit starts a new cart.
  const secure = services.publicUrl.startsWith("https:");
  throw redirect(placed.next, { status: 303, headers: { "set-cookie": cartCookieHeader(null, secure) } });
}

export default function Checkout({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The live summary's answers go to its fetcher; the page's own post answers the form.
  const actionData = answer && "values" in answer ? answer : undefined;
  return (
    <CheckoutPage
      summary={loaderData.summary === "customer" ? null : loaderData.summary}
      customerCart={loaderData.summary === "customer"}
      stores={loaderData.stores}
      points={actionData?.points ?? null}
      values={actionData?.values ?? {}}
      errors={actionData?.errors ?? {}}
      message={actionData?.message ?? null}
      idempotencyKey={loaderData.idempotencyKey}
    />
  );
}
