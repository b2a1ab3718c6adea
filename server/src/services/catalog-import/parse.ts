import type { CatalogRecord, Product } from "@etalage/core";
import type { z } from "zod";
import { findBadText } from "../../http/input.ts";
import { type ImportIssue, type LineRecord, pathText } from "./issues.ts";
import { catalogRecordSchema } from "./schemas.ts";

const RECORD_TYPES = ["product", "category", "attribute", "taxrule", "redirect", "landing_page"];

export interface ParsedLines {
  records: LineRecord[];
  issues: ImportIssue[];
}

/**
 * Splits NDJSON into records and validates every line, collecting every problem rather than
 * stopping at the first: whoever fixes the file wants the whole list at once. Blank lines are
 * skipped; line numbers count them, so they match an editor's.
 */
export function parseCatalogLines(text: string): ParsedLines {
  const records: LineRecord[] = [];
  const issues: ImportIssue[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const source = index === 0 ? raw.replace(/^\uFEFF/, "") : raw;
    if (source.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(source);
    } catch (error) {
      issues.push({ line, path: "", message: `not valid JSON (${(error as Error).message})` });
      return;
    }
    // The request's text rule (http/input.ts) saw only the file's text: an escaped "\u0000" in a
    // record would reach PostgreSQL, which refuses it in jsonb.
    const bad = findBadText(json, [], true);
    if (bad) {
      issues.push({ line, path: bad.path, message: bad.message });
      return;
    }
    const result = validateRecord(json, line);
    if ("record" in result) records.push(result.record);
    else issues.push(...result.issues);
  });
  return { records, issues };
}

/** Validates one record (a parsed line, or one record handed over in-process by the seed). */
export function validateRecord(
  value: unknown,
  line: number,
): { record: LineRecord } | { issues: ImportIssue[] } {
  const parsed = catalogRecordSchema.safeParse(value);
  if (!parsed.success) return { issues: parsed.error.issues.map((issue) => toIssue(issue, line)) };
  const record = parsed.data as CatalogRecord;
  if (record.type === "product") fillStockIds(record.data);
  return { record: { line, record } };
}

/** `stock.product_id` and `stock.sku` may be left out of a file: they can only be the product's own. */
function fillStockIds(product: Product) {
  for (const item of [product, ...(product.configurable_children ?? [])]) {
    item.stock.product_id ??= item.id;
    item.stock.sku ??= item.sku;
  }
}

function toIssue(issue: z.core.$ZodIssue, line: number): ImportIssue {
  const path = pathText(issue.path);
  if (issue.code === "invalid_union" && path === "type") {
    return { line, path, message: `must be one of ${RECORD_TYPES.join(", ")}` };
  }
  const missing = issue.code === "invalid_type" && / received undefined$/.test(issue.message);
  return { line, path, message: missing ? "is required" : issue.message };
}
