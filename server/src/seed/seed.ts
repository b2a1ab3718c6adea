import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, meta } from "../db/schema.ts";
import { type ImportSummary, importCatalog } from "../services/catalog-import.ts";
import { seedDemoContent } from "../services/cms/demo-content.ts";
import { seedDemoCartRules } from "./demo-cart-rules.ts";
import { generateDemoCatalog } from "./demo-catalog.ts";
import { seedDemoCustomer } from "./demo-customer.ts";

/** Seeds the demo catalogue into an empty database; a database with a catalogue is left alone. */
export async function seedIfEmpty(db: Db): Promise<ImportSummary | undefined> {
  // The CMS content keeps its own first-start mark, so a shop seeded before the CMS gets it too.
  await seedDemoContent(db);
  // Coupons check their own table, so a database seeded before cart rules existed gets them too.
  await seedDemoCartRules(db);
  // The demo customer likewise, for shops seeded before accounts existed (issue 12).
  await seedDemoCustomer(db);
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return undefined;
  const summary = await importCatalog(db, generateDemoCatalog());
  await db
    .insert(meta)
    .values({ key: "seed", value: { name: "demo", at: new Date().toISOString(), summary } })
    .onConflictDoNothing();
  return summary;
}
