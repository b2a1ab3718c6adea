import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { seedIfEmpty } from "../src/seed/seed.ts";
import { adminUrl, fileDatabasePrefix } from "./helpers/test-database.ts";

/**
 * Migrates and seeds the test database once for the whole run: on PGlite a template data folder
 * every server copies (helpers/test-database.ts), on PostgreSQL the TEST_DATABASE_URL database,
 * which every test file copies as a template into a database of its own (helpers/file-database.ts).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const template = await mkdtemp(path.join(tmpdir(), "etalage-test-template-"));
  project.provide("pgliteTemplate", template);
  project.provide("postgresTemplate", databaseUrl ?? "");
  const database = await openDatabase({ databaseUrl, dataDir: template });
  await seedIfEmpty(database.db);
  // No session may stay in a template database while it is copied.
  await database.close();
  return async () => {
    await rm(template, { recursive: true, force: true });
    if (databaseUrl) await dropFileDatabases(databaseUrl);
  };
}

/** What a file left behind (a crashed file skips its afterAll) and the vendors' databases go with the run. */
async function dropFileDatabases(templateUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [fileDatabasePrefix(templateUrl)],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
