import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

/**
 * API tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (.ci/run
 * creates a fresh database per run). Either way global setup migrates and seeds the run's template
 * once: on PGlite every server copies the template folder; on PostgreSQL every test file works on
 * a database copied from it (file-database.ts). So no file sees another's orders, clicks or queued
 * contacts (a shared database made popularity and the outboxes depend on which files ran before).
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** TEST_DATABASE_URL as global setup found it: the run's template database ("" on PGlite). */
    postgresTemplate: string;
  }
}

/** This test file's PostgreSQL database (file-database.ts points TEST_DATABASE_URL at it), if any. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** The prefix of a run's database copies, so global teardown can drop them all. */
export function fileDatabasePrefix(templateUrl: string): string {
  return `${decodeURIComponent(new URL(templateUrl).pathname.slice(1)).slice(0, 40)}_f`;
}

/** The server's maintenance database, for CREATE and DROP DATABASE. */
export function adminUrl(templateUrl: string): string {
  const url = new URL(templateUrl);
  url.pathname = "/postgres";
  return url.toString();
}

/** A new PostgreSQL database copied from the run's template (global setup migrated and seeded it). */
export async function copyTemplateDatabase(templateUrl: string): Promise<string> {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  // Unique per copy, whichever worker asks; PostgreSQL names stop at 63 bytes.
  const name = `${fileDatabasePrefix(templateUrl)}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl(templateUrl) });
  await admin.connect();
  try {
    // Two workers may copy the template at the same moment: PostgreSQL refuses a copy while
    // another session is in the template, so a refused copy is tried again shortly after.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a copy made by copyTemplateDatabase. */
export async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

export async function copyTemplate(): Promise<{ dataDir: string; dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "etalage-test-"));
  await cp(inject("pgliteTemplate"), dataDir, { recursive: true });
  return { dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}
