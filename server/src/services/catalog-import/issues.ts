import type { CatalogRecord } from "@etalage/core";

/** One problem with an import: where (line and field path) and what. */
export interface ImportIssue {
  /** 1-based line of the file (or position in the record list for an in-process import). */
  line: number;
  /** Field path inside the line, e.g. `data.configurable_children[2].price`; empty for the line itself. */
  path: string;
  message: string;
}

/** A record with the line it came from, so every later check can point back at the file. */
export interface LineRecord {
  line: number;
  record: CatalogRecord;
}

export function formatIssue(issue: ImportIssue): string {
  return issue.path
    ? `line ${issue.line}: ${issue.path}: ${issue.message}`
    : `line ${issue.line}: ${issue.message}`;
}

export function pathText(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((text, part) => {
    if (typeof part === "number") return `${text}[${part}]`;
    return text ? `${text}.${String(part)}` : String(part);
  }, "");
}

/** Issues in file order, so a report reads top to bottom. */
export function sortIssues(issues: ImportIssue[]): ImportIssue[] {
  return issues.sort((a, b) => a.line - b.line);
}
