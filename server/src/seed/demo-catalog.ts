/**
 * The demo catalogue: a Dutch menswear and footwear shop of about 1,650 products and 9,000 sizes,
 * generated from small vocabulary tables with a seeded PRNG. The same seed gives the same bytes on
 * every run, so tests, screenshots and benchmarks can rely on exact names, prices and counts.
 */
import type { CatalogRecord } from "@etalage/core";
import { buildAttributes, buildTaxRules } from "./demo-attributes.ts";
import { buildCategories } from "./demo-categories.ts";
import { applyEdgeCases, applyLabels, assignCategories } from "./demo-merch.ts";
import { type Draft, generatePlan, type Ids } from "./demo-products.ts";
import { createRng } from "./demo-random.ts";
import { buildLandingPages, buildRedirects } from "./demo-routes.ts";
import { generateSets } from "./demo-sets.ts";
import { PLANS } from "./demo-styles.ts";

/** Changing the seed (or any table) changes the catalogue; the test's snapshot says so. */
const DEMO_SEED = 20_260_301;

const FIRST_PARENT_ID = 1000;
const FIRST_CHILD_ID = 100_000;

/**
 * Records in import order: tax rules, attributes, categories, products (anything a set links to
 * comes before the set), redirects, landing pages.
 */
export function generateDemoCatalog(): CatalogRecord[] {
  const rng = createRng(DEMO_SEED);
  const ids: Ids = { parent: FIRST_PARENT_ID, child: FIRST_CHILD_ID };

  const drafts: Draft[] = PLANS.flatMap((plan) => generatePlan(rng, ids, plan));
  applyEdgeCases(rng, drafts);
  drafts.push(...generateSets(rng, ids, drafts));
  applyLabels(rng, drafts);
  assignCategories(rng, drafts);

  const products = drafts.map((d) => d.product);
  return [
    ...buildTaxRules().map((data) => ({ type: "taxrule" as const, data })),
    ...buildAttributes().map((data) => ({ type: "attribute" as const, data })),
    ...buildCategories(products).map((data) => ({ type: "category" as const, data })),
    ...products.map((data) => ({ type: "product" as const, data })),
    ...buildRedirects(products).map((data) => ({ type: "redirect" as const, data })),
    ...buildLandingPages().map((data) => ({ type: "landing_page" as const, data })),
  ];
}
