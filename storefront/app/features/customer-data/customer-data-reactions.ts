import { profilingAllowed } from "../../session/consent-store.ts";
import { on } from "../../session/events.ts";

/*
 * The customer-data platform's reports (transactional §4 "Customer-analytics commands"), heard
 * through the session's events. Every one waits for consent to analytics or marketing, and the
 * platform's code loads only then (docs/decisions/0023). Loaded with every page (shell/reactions.ts).
 */
const engage = () => import("./engage-client.ts");

on("consent-changed", ({ choice }) => {
  if (profilingAllowed(choice)) return engage().then((client) => client.watchCart());
});
on("product-viewed", ({ sku }) => {
  if (profilingAllowed()) return engage().then((client) => client.reportProductView(sku));
});
on("store-chosen", ({ storeId }) => {
  if (profilingAllowed()) return engage().then((client) => client.reportFavouriteStore(storeId));
});
on("order-placed", ({ order, orderToken }) => {
  if (profilingAllowed())
    return engage().then((client) => client.reportOrderPlaced(order.increment_id, orderToken));
});
