import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { nl } from "../core/src/i18n/nl-NL.ts";
import { compileTranslationsPlugin } from "./vite/compile-translations.ts";

const dir = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    reactRouter(),
    compileTranslationsPlugin({ dictionary: nl, sourceDirs: [dir("app"), dir("../core/src")] }),
  ],
  build: {
    assetsInlineLimit: 2048,
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
              test: /storefront[\\/]app[\\/](root\.tsx|layouts[\\/]|lib[\\/]|ui[\\/]|features[\\/](shell|modals|notifications|offline|newsletter|search[\\/]search-(bar|field|sidebar|store)))/,
              tags: ["$initial"],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
