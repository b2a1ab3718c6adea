/** Route query of a listing: filter or sort name → one value or several (browsing §2: "Filters and sort live in the route query"). */
export type FilterQuery = Readonly<Record<string, string | readonly string[]>>;

/** One clickable filter value (browsing §3 "Filter option"). */
export interface FilterVariant {
  /** The filter's name in the query, e.g. `color`, `price`, `sort`. */
  type: string;
  id: string | number;
  /** A single-choice filter: a new value replaces the old one. */
  single?: boolean;
}

/** Filters that hold one value and are not attribute filters (VSF1's systemFilterNames). */
export const SYSTEM_FILTER_NAMES: readonly string[] = ["sort"];
/** The page parameter, dropped when a filter changes (browsing §2 "Category listing page"). */
export const PAGE_PARAM = "page";

/**
 * The query after clicking `variant` (browsing §4 "Filters and listing"): a value already chosen is
 * removed, otherwise added; system filters hold a single value (clicking it again clears it);
 * single-choice filters replace their value. Ids compare as text, as they come back from the URL
 * as text (VSF1 compared with === and missed numeric ids). The page parameter is dropped.
 */
export function toggleFilterValue(
  query: FilterQuery,
  variant: FilterVariant,
  systemFilterNames: readonly string[] = SYSTEM_FILTER_NAMES,
): Record<string, string | string[]> {
  const next: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key !== PAGE_PARAM) next[key] = typeof value === "string" ? value : [...value];
  }
  const id = String(variant.id);
  const current = query[variant.type];
  const values = current === undefined ? [] : typeof current === "string" ? [current] : [...current];
  if (systemFilterNames.includes(variant.type)) {
    if (values.length === 1 && values[0] === id) delete next[variant.type];
    else next[variant.type] = id;
    return next;
  }
  const chosen = values.includes(id)
    ? values.filter((v) => v !== id)
    : variant.single
      ? [id]
      : [...values, id];
  if (chosen.length === 0) delete next[variant.type];
  else next[variant.type] = chosen;
  return next;
}

export interface RangeBounds {
  /** null: open at this end ("*" or left out). */
  min: number | null;
  max: number | null;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?|\*)?`;
const RANGE_TEXT = new RegExp(`^\\s*${NUMBER}\\s*-\\s*${NUMBER}\\s*$`);

/**
 * A filter value that parses as a two-element list becomes min and max bounds (browsing §4): a
 * two-element array, the price query's "lower-upper" ("50-100", "150.0-*") or JSON "[50,100]".
 * Bounds given the wrong way round are swapped. Anything else, or two open ends, is null.
 */
export function parseRangeValue(value: unknown): RangeBounds | null {
  let pair: unknown[] | null = null;
  if (Array.isArray(value)) pair = value;
  else if (typeof value === "string") {
    const text = value.trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) pair = parsed;
      } catch {
        return null;
      }
    } else {
      const m = RANGE_TEXT.exec(text);
      if (m) pair = [m[1] ?? "*", m[2] ?? "*"];
    }
  }
  if (pair?.length !== 2) return null;
  const [min, max] = pair.map(toBound) as [number | null | undefined, number | null | undefined];
  if (min === undefined || max === undefined || (min === null && max === null)) return null;
  return min !== null && max !== null && min > max ? { min: max, max: min } : { min, max };
}

function toBound(raw: unknown): number | null | undefined {
  if (raw === null || raw === "*" || raw === "") return null;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The price query value, "lower-upper" (browsing §2); an open end is "*". */
export function formatRangeValue(bounds: RangeBounds): string {
  return `${bounds.min ?? "*"}-${bounds.max ?? "*"}`;
}
