import { rm } from "node:fs/promises";
import { openDatabase } from "../src/db/client.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";
import { TEMPLATE_DIR, testDatabaseUrl } from "./helpers/test-database.ts";

/** Migrates and seeds the test database once for the whole run (see helpers/test-database.ts). */
export default async function setup() {
  const databaseUrl = testDatabaseUrl();
  if (!databaseUrl) await rm(TEMPLATE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ databaseUrl, dataDir: TEMPLATE_DIR });
  await seedIfEmpty(database.db);
  await database.close();
}
