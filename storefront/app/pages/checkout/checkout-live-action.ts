import type { CheckoutCustomer, CheckoutSummary, StorefrontServices } from "../../lib/server-context.ts";

export interface LiveSummary {
  intent: "summary";
  summary: CheckoutSummary | null;
  customer: CheckoutCustomer | null;
}

/**
 * The checkout's live summary, asked by the page after hydration and after every change that
 * moves the totals (shipping method, coupon): the chosen method is kept on the cart first, so the
 * server's total segments carry its line before the order is placed. With the logged-in shopper's
 * token the customer's own cart and details come back too.
 */
export async function liveSummary(
  services: StorefrontServices,
  cartId: string | null,
  customerToken: string | undefined,
  shipping: string | undefined,
): Promise<LiveSummary> {
  const token = customerToken || undefined;
  const customer = token ? await services.checkout.customer(token) : null;
  if (!cartId) return { intent: "summary", summary: null, customer };
  if (shipping) await services.checkout.chooseShipping(cartId, shipping, token);
  const summary = await services.checkout.summary(cartId, "NL", token);
  return { intent: "summary", summary: summary === "customer" ? null : summary, customer };
}
