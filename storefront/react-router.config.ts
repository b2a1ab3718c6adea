import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Nine routes: ship the whole (small) manifest with the page, so an offline click never needs a
  // route lookup the network cannot answer.
  routeDiscovery: { mode: "initial" },
  // Separate builds side by side (parallel e2e runs); the server reads the same variable.
  buildDirectory: process.env.ETALAGE_STOREFRONT_BUILD ?? "build",
} satisfies Config;
