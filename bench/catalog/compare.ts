/**
 * Comparability checks: the engines must answer the same question before their timings are put
 * side by side. Each check says whether it agrees and, when not, how.
 */
import type { BrowseOutcome } from "./data.ts";

export interface Check {
  engine: string;
  check: string;
  agree: boolean;
  detail: string;
}

/** Counts of the options `ours` returned, compared with the other engine's count for the same option. */
function facetDiff(ours: Record<string, number>, other: Record<string, number> | undefined): string[] {
  const out: string[] = [];
  for (const [key, n] of Object.entries(ours)) {
    const m = other?.[key];
    if (m !== n) out.push(`${key}: ${n} vs ${m ?? "absent"}`);
  }
  return out;
}

export function compareBrowse(
  engine: string,
  ours: readonly BrowseOutcome[],
  theirs: readonly BrowseOutcome[],
  facets: readonly string[],
  options: { pageAsSet?: boolean } = {},
): Check[] {
  const checks: Check[] = [];
  const totals = ours.map((o, i) => [o.total, theirs[i]?.total] as const);
  checks.push({
    engine,
    check: `total hits of ${ours.length} browses`,
    agree: totals.every(([a, b]) => a === b),
    detail: totals.map(([a, b]) => (a === b ? `${a}` : `${a}≠${b}`)).join(", "),
  });
  const pages = ours.map((o, i) => {
    const other = theirs[i]?.pageIds ?? [];
    if (JSON.stringify(o.pageIds) === JSON.stringify(other)) return "same";
    const sameSet =
      o.pageIds.length === other.length && [...o.pageIds].sort().join() === [...other].sort().join();
    return sameSet ? "same ids, ties ordered differently" : "different";
  });
  checks.push({
    engine,
    check: "page of 24 (ids in order)",
    agree: pages.every((p) => p === "same" || (options.pageAsSet === true && p !== "different")),
    detail: [...new Set(pages)].join("; "),
  });
  for (const facet of facets) {
    const diffs = ours.flatMap((o, i) =>
      facetDiff(o.facets[facet] ?? {}, theirs[i]?.facets[facet]).map((d) => `#${i} ${d}`),
    );
    checks.push({
      engine,
      check: `facet ${facet} counts`,
      agree: diffs.length === 0,
      detail: diffs.length === 0 ? "equal" : `${diffs.length} differ, e.g. ${diffs.slice(0, 3).join("; ")}`,
    });
  }
  return checks;
}
