import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";

/** Migrates and seeds the test database once for the whole run (see helpers/test-database.ts). */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const template = await mkdtemp(path.join(tmpdir(), "etalage-test-template-"));
  project.provide("pgliteTemplate", template);
  const database = await openDatabase({ databaseUrl, dataDir: template });
  await seedIfEmpty(database.db);
  await database.close();
  return () => rm(template, { recursive: true, force: true });
}
