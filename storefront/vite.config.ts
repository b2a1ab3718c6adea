import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { nl } from "../core/src/i18n/nl-NL.ts";
import { compileTranslationsPlugin } from "./vite/compile-translations.ts";

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * What every page of the default layout statically needs (docs/decisions/0007), and the price
 * formatting every page type shows (a file of its own cost each page more than its size). Of the
 * shared layers (docs/decisions/0035) only what every page uses: not the product card and listing
 * (ui/products/), the Elevate client or the cart's lock. Of offline (docs/decisions/0021) only the
 * badge and the worker's registration: the stored orders and IndexedDB (idb, lib/storage) load
 * with the checkout, the worker's chunk or the cart engine, which use them.
 */
const SHELL =
  /storefront[\\/]app[\\/](root\.tsx|layouts[\\/]|lib[\\/](?!use-hydrated|with-lock|elevate[\\/]|storage)|ui[\\/](?!products[\\/]|privacy-link)|shell[\\/](?!use-tracking-start)|session[\\/]modal-store|features[\\/](offline[\\/](offline-badge|orders-database|use-online|use-service-worker)|newsletter|search[\\/]search-(bar|sidebar|store)))|core[\\/]src[\\/]i18n[\\/]format\.ts$/;
const ALWAYS_LOADED = /(^|\/)(framework|shell)-[\w-]+\.(js|css)$/;
/**
 * ...except the minimal layout (only /error), which would otherwise bring its frame to every page.
 */
const NOT_SHELL =
  /storefront[\\/]app[\\/](layouts[\\/]minimal-layout\.tsx|shell[\\/](minimal-shell\.tsx|default-blocks\.ts|service-links\.ts))/;

export default defineConfig({
  plugins: [
    reactRouter(),
    compileTranslationsPlugin({
      dictionary: nl,
      sourceDirs: [dir("app"), dir("../core/src"), dir("../server/src")],
    }),
  ],
  build: {
    assetsInlineLimit: 2048,
    modulePreload: {
      // Every document loads these with root: listing them again in each lazy import's preload
      // list only adds bytes to the chunks that import lazily (docs/decisions/0007).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Few chunks compress better than many (a page's JS was 22 files; docs/decisions/0007):
        // the framework, the shell every page of the default layout needs, then per page.
        // Only modules some route imports statically ($initial): lazy ones keep their own chunk.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: "shell",
              test: (id) => SHELL.test(id) && !NOT_SHELL.test(id),
              tags: ["$initial"],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
