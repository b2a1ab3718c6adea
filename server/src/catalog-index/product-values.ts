/**
 * Reading filterable values off catalogue documents. Option values are compared as strings
 * ("49"), whatever JSON type the catalogue or the client used.
 */
import type { ConfigurableChild, Product } from "@etalage/core";

/** A child counts for `catalog`-scoped filters while enabled (browsing §9: status 2+ is disabled). */
export const isEnabledChild = (child: ConfigurableChild) => Number(child.status ?? 1) < 2;

/**
 * The keys of a raw value, one by one (a list gives each element, a multiselect "1,2" each part):
 * no array, for the index build's hot loops.
 */
export function eachKey(value: unknown, multiselect: boolean, add: (key: string) => void): void {
  if (value === null || value === undefined || value === "") return;
  if (typeof value === "string") {
    if (multiselect && value.includes(",")) {
      for (const part of value.split(",")) if (part.trim()) add(part.trim());
    } else add(value);
  } else if (typeof value === "number") {
    if (Number.isFinite(value)) add(String(value));
  } else if (typeof value === "boolean") add(value ? "1" : "0");
  else if (Array.isArray(value)) for (const v of value) eachKey(v, multiselect, add);
}

/** A scalar from the client as an index key; booleans as "1"/"0" like the catalogue's flags. */
export function keyOfInput(value: unknown): string | undefined {
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (value === "true" || value === "false") return value === "true" ? "1" : "0";
  if (typeof value === "string") return value;
  return undefined;
}

/** An attribute value of a configurable child: its own field, else its custom_attributes entry. */
export function childValue(child: ConfigurableChild, code: string): unknown {
  const own = child[code];
  if (own !== undefined && own !== null) return own;
  return child.custom_attributes?.find((a) => a.attribute_code === code)?.value;
}

/** A dotted path ("stock.is_in_stock") of a document; through a list it gives every element's value. */
export function valueAt(doc: unknown, path: string): unknown {
  return walk(doc, path.split("."));
}

function walk(at: unknown, parts: readonly string[]): unknown {
  if (parts.length === 0) return at;
  if (Array.isArray(at)) {
    return at.flatMap((item) => {
      const v = walk(item, parts);
      return Array.isArray(v) ? v : v === undefined ? [] : [v];
    });
  }
  if (at === null || typeof at !== "object") return undefined;
  return walk((at as Record<string, unknown>)[parts[0]!], parts.slice(1));
}

/** Epoch milliseconds of a catalogue date ("2026-03-01 10:00:00" read as UTC, consistently). */
export function timeOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value === "") return Number.NaN;
  const iso = /^\d{4}-\d{2}-\d{2} \d/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  return Date.parse(iso);
}

export function enabledChildren(product: Product): ConfigurableChild[] {
  return (product.configurable_children ?? []).filter(isEnabledChild);
}
