import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * routes/dispatcher.tsx loads the category, product and CMS pages' code lazily and links their
 * stylesheets through the `*-page-styles.ts` modules: a stylesheet missing there would arrive
 * only with the code, and the page would reflow.
 */
const app = path.resolve(import.meta.dirname, "../..");
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"|^\s*import\s+"(\.{1,2}\/[^"]+)"/gm;

/** The stylesheets a module imports, directly or through the modules it imports. */
function stylesheetsOf(entry: string, seen = new Set<string>()): Set<string> {
  const sheets = new Set<string>();
  if (seen.has(entry)) return sheets;
  seen.add(entry);
  for (const match of readFileSync(entry, "utf8").matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(entry), match[1] ?? match[2]!);
    if (target.endsWith(".css")) sheets.add(path.relative(app, target));
    else if (/\.tsx?$/.test(target)) for (const s of stylesheetsOf(target, seen)) sheets.add(s);
  }
  return sheets;
}

describe("page stylesheets for the URL dispatcher", () => {
  for (const [page, styles] of [
    ["features/catalog/category-page.tsx", "features/catalog/category-page-styles.ts"],
    ["pages/product/product-page.tsx", "pages/product/product-page-styles.ts"],
    ["features/cms/cms-views.ts", "features/cms/cms-page-styles.ts"],
  ] as const) {
    it(`${styles} links every stylesheet of ${page}`, () => {
      const needed = stylesheetsOf(path.join(app, page));
      const linked = stylesheetsOf(path.join(app, styles));
      // The shell's own stylesheets are linked on every page of the default layout anyway.
      const shell = stylesheetsOf(path.join(app, "layouts/default-layout.tsx"));
      const missing = [...needed].filter((s) => !linked.has(s) && !shell.has(s));
      expect(missing).toEqual([]);
    });
  }
});
