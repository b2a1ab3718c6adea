import { afterAll, beforeAll, inject } from "vitest";
import { copyTemplateDatabase, dropDatabase } from "./test-database.ts";

/*
 * On PostgreSQL (TEST_DATABASE_URL), every test file works on a database of its own: a copy of the
 * one global setup migrated and seeded (CREATE DATABASE … TEMPLATE, a file copy inside the server,
 * no migrations or seed again). So test files can run side by side as they do on PGlite, and a
 * file's rows never show up in another's answers. The servers of one file share its database.
 * On PGlite each server copies the template folder instead (test-database.ts).
 */

const template = inject("postgresTemplate");
let fileDatabase: string | undefined;

if (template) {
  beforeAll(async () => {
    fileDatabase = await copyTemplateDatabase(template);
    process.env.TEST_DATABASE_URL = fileDatabase;
  });

  afterAll(async () => {
    process.env.TEST_DATABASE_URL = template;
    const done = fileDatabase;
    fileDatabase = undefined;
    if (done) await dropDatabase(done);
  });
}
