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
    // Checkout (issue 13).
    route("checkout", "routes/checkout.tsx"),
    route("checkout-return", "routes/checkout-return.tsx"),
    route("checkout-failed", "routes/checkout-failed.tsx"),
    route("*", "routes/dispatcher.tsx"),
  ]),
  layout("layouts/minimal-layout.tsx", [route("error", "routes/error.tsx")]),
  layout("layouts/empty-layout.tsx", [
    route("storyblok-empty", "routes/storyblok.tsx", { id: "storyblok-empty" }),
  ]),
] satisfies RouteConfig;
