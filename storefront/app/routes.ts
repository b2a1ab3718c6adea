import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table of browsing §2. Unmatched paths go to the URL dispatcher, then page-not-found. */
export default [
  layout("layouts/default-layout.tsx", [
    index("routes/home.tsx"),
    route("pwa.html", "routes/home.tsx", { id: "pwa-home" }),
    route("c/:slug", "routes/category.tsx"),
    route("p/:parentSku/:slug", "routes/product.tsx", { id: "product" }),
    route("p/:parentSku/:slug/:childSku", "routes/product.tsx", { id: "configurable-product" }),
    route("catalogsearch/result", "routes/search.tsx"),
    route("storyblok", "routes/storyblok.tsx"),
    route("l/elevate/*", "routes/landing.tsx"),
    route("favorieten", "routes/favorites.tsx"),
    // Issue 29: product comparison, kept in the browser.
    route("vergelijken", "routes/compare.tsx"),
    // Accounts (issue 12)
    route("login", "routes/login.tsx"),
    route("password/reset", "routes/password-reset.tsx"),
    route("my-account", "routes/my-account.tsx", { id: "my-account" }),
    route("my-account/details", "routes/my-account.tsx", { id: "my-account-details" }),
    route("my-account/addresses", "routes/my-account.tsx", { id: "my-account-addresses" }),
    route("my-account/orders", "routes/my-account.tsx", { id: "my-account-orders" }),
    route("my-account/orders/:orderNumber", "routes/my-account.tsx", { id: "my-account-order" }),
    route("my-account/favorites", "routes/my-account.tsx", { id: "my-account-favorites" }),
    // Issue 18: the store locator.
    route("storelocator", "routes/storelocator.tsx"),
    route("storelocator/:storeId", "routes/store.tsx"),
    // Newsletter (issue 15): the mailed links
    route("nieuwsbrief/bevestigen", "routes/newsletter-confirm.tsx"),
    route("nieuwsbrief/uitschrijven", "routes/newsletter-unsubscribe.tsx"),
    // Checkout (issue 13).
    route("checkout", "routes/checkout.tsx"),
    route("checkout-return", "routes/checkout-return.tsx"),
    route("checkout-failed", "routes/checkout-failed.tsx"),
    // A guest's order status, linked from the confirmation mail (issue 13).
    route("bestelling/:orderNumber", "routes/order-status.tsx"),
    route("*", "routes/dispatcher.tsx"),
  ]),
  layout("layouts/minimal-layout.tsx", [
    route("error", "routes/error.tsx"),
    // Issue 25: a return's printable label, reached as its order's page is.
    route("retour/:returnNumber", "routes/return-label.tsx"),
  ]),
  // The back office (issue 25): one route, its pages its own modules (routes/beheer.tsx).
  route("beheer/*", "routes/beheer.tsx"),
  layout("layouts/empty-layout.tsx", [
    route("storyblok-empty", "routes/storyblok.tsx", { id: "storyblok-empty" }),
  ]),
] satisfies RouteConfig;
