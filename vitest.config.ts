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
// Test files share their worker's module cache (isolate: false): a file imports only what an
// earlier file in that worker has not, which took most of the unit tests' time. A file that
// replaces modules with vi.mock keeps a worker of its own, so its mocks never reach another file.
const mocking = ["storefront/app/features/cart/cart-engine.test.ts"];
const storefrontTests = [
  "storefront/app/**/*.test.ts",
  "storefront/vite/**/*.test.ts",
  "storefront/pwa/**/*.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["core/src/**/*.test.ts"], isolate: false } },
      { test: { name: "storefront", include: storefrontTests, exclude: mocking, isolate: false } },
      { test: { name: "storefront-mocks", include: mocking } },
      {
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          // Two files run at a time now: a test that starts servers of its own (a restart, a second
          // instance) shares the machine with another file's and may take twice as long.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Every file works on a database of its own (a copy of the one global setup seeded), so
          // files run side by side; a worker keeps the server's modules and the storefront build
          // loaded from one file to the next instead of importing them again for each.
          isolate: false,
          maxWorkers: 2,
          // A project with its own maxWorkers runs in a group of its own: after the unit tests.
          sequence: { groupOrder: 1 },
          globalSetup: ["server/test/global-setup.ts"],
          setupFiles: ["server/test/helpers/file-database.ts"],
        },
      },
    ],
  },
});
