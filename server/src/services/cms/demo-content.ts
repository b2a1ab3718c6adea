import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { meta } from "../../db/schema.ts";
import { serverRoot } from "../../paths.ts";
import {
  type ContentDocument,
  type ContentImportSummary,
  formatImportIssue,
  importContent,
} from "./content-import.ts";
import { CmsStore } from "./stories.ts";

/** The demo shop's stories: home, menus, footer, selling points, category content, content pages. */
export const demoContentDir = path.join(serverRoot, "content");

const SEED_KEY = "seed-cms";

export async function readContentDir(dir = demoContentDir): Promise<ContentDocument[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (file) => ({
      source: file,
      data: JSON.parse(await readFile(path.join(dir, file), "utf8")),
    })),
  );
}

/**
 * Imports the demo content once, on the first start of a database (through the same import as
 * `npm run content:import`). Marked in `meta`, so content an editor deleted does not come back.
 */
export async function seedDemoContent(db: Db): Promise<ContentImportSummary | undefined> {
  const [done] = await db.select().from(meta).where(eq(meta.key, SEED_KEY));
  if (done) return undefined;
  const outcome = await importContent(new CmsStore(db), await readContentDir());
  if (!outcome.ok) {
    throw new Error(`The demo content does not import: ${outcome.issues.map(formatImportIssue).join("; ")}`);
  }
  await db
    .insert(meta)
    .values({ key: SEED_KEY, value: { at: new Date().toISOString(), summary: outcome.summary } })
    .onConflictDoNothing();
  return outcome.summary;
}
