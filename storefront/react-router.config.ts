import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Separate builds side by side (parallel e2e runs); the server reads the same variable.
  buildDirectory: process.env.ETALAGE_STOREFRONT_BUILD ?? "build",
} satisfies Config;
