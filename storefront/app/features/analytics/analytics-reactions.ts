import { on } from "../../session/events.ts";
import { applyConsent } from "./data-layer.ts";

/*
 * The data layer hears the shop through the session's events (session/events.ts): analytics imports
 * no feature, and no feature imports analytics. Loaded with every page (shell/reactions.ts).
 */

// Consent Mode first and at once: the tags wait for it.
on("consent-changed", ({ choice }) => applyConsent(choice));

let pushed: Promise<unknown> = Promise.resolve();

/** GA4's events from chunks of their own, pushed in the order they happened. */
function inOrder<Code>(load: () => Promise<Code>, push: (code: Code) => void): Promise<unknown> {
  const next = pushed.then(load).then(push);
  // One that failed (its chunk did not load) does not hold up the next.
  pushed = next.catch(() => undefined);
  return next;
}
const ecommerce = () => import("./ecommerce-events.ts");

on("list-viewed", (event) => inOrder(ecommerce, (events) => events.listViewed(event)));
on("list-item-selected", (event) => inOrder(ecommerce, (events) => events.listItemSelected(event)));
on("product-viewed", (event) => inOrder(ecommerce, (events) => events.productViewed(event)));
on("cart-changed", (event) => inOrder(ecommerce, (events) => events.cartChanged(event)));
on("cart-viewed", (event) => inOrder(ecommerce, (events) => events.cartViewed(event)));
// The thank-you state only.
on("order-placed", ({ order, lines }) =>
  inOrder(
    () => import("./checkout-events.ts"),
    (events) => events.trackPurchase(order, lines),
  ),
);
