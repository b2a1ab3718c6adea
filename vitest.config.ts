import { defineConfig } from "vitest/config";

// `npm test`: unit tests of core and the storefront, API tests of the server over real HTTP.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["core/src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ["server/test/global-setup.ts"],
        },
      },
    ],
  },
});
