import type { CatalogRecord } from "@etalage/core";
import type { Db } from "../db/client.ts";
import { notifyCatalogChanged } from "./catalog-events.ts";
import { checkAgainstDatabase, checkWithinFile } from "./catalog-import/check.ts";
import { formatIssue, type ImportIssue, type LineRecord, sortIssues } from "./catalog-import/issues.ts";
import { parseCatalogLines, validateRecord } from "./catalog-import/parse.ts";
import { type ImportSummary, writeRecords } from "./catalog-import/write.ts";

export type { ImportIssue } from "./catalog-import/issues.ts";
export { formatIssue } from "./catalog-import/issues.ts";
export type { ImportSummary } from "./catalog-import/write.ts";

/**
 * The one catalogue importer: files (CLI, admin endpoint) and the demo seed go through the same
 * validation and the same writer. All or nothing: any problem anywhere and nothing is written.
 */

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; issues: ImportIssue[] };

/** Thrown by `importCatalog` for records that fail validation; carries every problem. */
class CatalogImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    const shown = issues.slice(0, 20).map(formatIssue).join("\n");
    super(`Catalogue import refused (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n${shown}`);
  }
}

export interface ImportOptions {
  /** Check and write everything, then roll back: the answer an import would give, nothing kept. */
  dryRun?: boolean;
}

/** Imports NDJSON text, one record a line (docs/catalog-import.md). */
export async function importCatalogText(
  db: Db,
  text: string,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const parsed = parseCatalogLines(text);
  return run(db, parsed.records, parsed.issues, options);
}

/**
 * Imports records handed over in-process (the seed). "Line" in a problem report is the record's
 * 1-based position in the list. Throws `CatalogImportError` when a record is wrong.
 */
export async function importCatalog(db: Db, records: readonly CatalogRecord[]): Promise<ImportSummary> {
  const valid: LineRecord[] = [];
  const issues: ImportIssue[] = [];
  records.forEach((record, i) => {
    const result = validateRecord(record, i + 1);
    if ("record" in result) valid.push(result.record);
    else issues.push(...result.issues);
  });
  const outcome = await run(db, valid, issues);
  if (!outcome.ok) throw new CatalogImportError(outcome.issues);
  return outcome.summary;
}

/** Thrown inside the transaction to roll it back. */
class Rollback extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super("rollback");
  }
}

async function run(
  db: Db,
  records: LineRecord[],
  lineIssues: ImportIssue[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const within = checkWithinFile(records);
  const issues = [...lineIssues, ...within.issues];
  if (records.length === 0 && issues.length === 0) {
    return { ok: false, issues: [{ line: 1, path: "", message: "the file holds no records" }] };
  }
  try {
    const summary = await db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Database checks run even when the file already failed, so one report lists everything.
      issues.push(...(await checkAgainstDatabase(db, within.keys)));
      if (issues.length > 0) throw new Rollback({ ok: false, issues: sortIssues(issues) });
      const summary = await writeRecords(
        db,
        records.map((r) => r.record),
      );
      if (options.dryRun) throw new Rollback({ ok: true, summary });
      await notifyCatalogChanged(db, { summary });
      return summary;
    });
    return { ok: true, summary };
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}
