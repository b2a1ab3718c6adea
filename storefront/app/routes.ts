import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("layouts/default-layout.tsx", [
    index("routes/home.tsx"),
    route("pwa.html", "routes/home.tsx", { id: "pwa-home" }),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/minimal-layout.tsx", [route("error", "routes/error.tsx")]),
] satisfies RouteConfig;
