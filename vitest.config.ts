import { defineConfig } from "vitest/config";

// Vitest 5's reporter calls Map.groupBy (Node 21+) when a test fails; on Node 20 that hid every
// failure message behind a TypeError. The config runs in the main process, so this covers it.
if (!("groupBy" in Map)) {
  Object.defineProperty(Map, "groupBy", {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// `npm test`: unit tests of core and the storefront, API tests of the server over real HTTP.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["core/src/**/*.test.ts"] } },
      {
        test: {
          name: "storefront",
          include: [
            "storefront/app/**/*.test.ts",
            "storefront/vite/**/*.test.ts",
            "storefront/pwa/**/*.test.ts",
          ],
        },
      },
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
