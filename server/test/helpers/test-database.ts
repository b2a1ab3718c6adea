import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

/**
 * API tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (.ci/run
 * creates a fresh database per run). On PGlite, global setup seeds one template data folder per
 * run (so two runs side by side cannot disturb each other) and every test file works on its own
 * copy of it.
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export async function copyTemplate(): Promise<{ dataDir: string; dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "etalage-test-"));
  await cp(inject("pgliteTemplate"), dataDir, { recursive: true });
  return { dataDir, dispose: () => rm(dataDir, { recursive: true, force: true }) };
}
