/**
 * `_source_include` / `_source_exclude` (contract "Catalogue"): dotted field paths, `*` matching
 * any one path segment (or, alone, everything), applied to every item of a search answer. Lists
 * are walked through: "configurable_children.sku" keeps the sku of every child. Items are copied;
 * the index's documents are never changed.
 */
type Pattern = string[];

export interface SourceFilter {
  include: Pattern[];
  exclude: Pattern[];
}

export function sourceFilter(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): SourceFilter | undefined {
  const parse = (list: readonly string[]) =>
    list
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split("."));
  const filter = { include: parse(include), exclude: parse(exclude) };
  return filter.include.length === 0 && filter.exclude.length === 0 ? undefined : filter;
}

const segmentMatches = (pattern: string, segment: string) =>
  pattern === "*" ||
  pattern === segment ||
  (pattern.includes("*") &&
    new RegExp(
      `^${pattern
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    ).test(segment));

/** The pattern covers the path (equal or an ancestor of it). */
const covers = (pattern: Pattern, path: readonly string[]) =>
  pattern.length <= path.length && pattern.every((seg, i) => segmentMatches(seg, path[i]!));

/** The pattern reaches below the path. */
const below = (pattern: Pattern, path: readonly string[]) =>
  pattern.length > path.length && path.every((seg, i) => segmentMatches(pattern[i]!, seg));

export function applySource<T>(item: T, filter: SourceFilter | undefined): T {
  if (!filter) return item;
  return project(item, [], filter, filter.include.length === 0) as T;
}

function project(value: unknown, path: readonly string[], filter: SourceFilter, included: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, path, filter, included));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (filter.exclude.some((p) => covers(p, at))) continue;
    const keep = included || filter.include.some((p) => covers(p, at));
    if (keep) {
      out[key] = filter.exclude.some((p) => below(p, at)) ? project(child, at, filter, true) : child;
    } else if (filter.include.some((p) => below(p, at)) && child !== null && typeof child === "object") {
      const projected = project(child, at, filter, false);
      if (Array.isArray(projected) || Object.keys(projected as object).length > 0) out[key] = projected;
    }
  }
  return out;
}
