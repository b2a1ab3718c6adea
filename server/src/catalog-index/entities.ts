/**
 * Catalogue search over the small entity types (contract "Catalogue": category, attribute,
 * taxrule, redirect, landing_page; cms_page and cms_block are the CMS port's published stories,
 * handed in by the caller as `docs`). These are hundreds of documents at most, so filters are a
 * scan; each type names the fields it may be filtered and sorted on, so a typo is a 400, not an
 * empty list.
 */

import { operations } from "./filters.ts";
import { keyOfInput, valueAt } from "./product-values.ts";
import {
  type AppliedFilter,
  DEFAULT_SIZE,
  type ProductQuery,
  QueryError,
  type Scalar,
  type SearchResult,
} from "./query-types.ts";
import type { Snapshot } from "./snapshot.ts";
import { normalize } from "./text-analysis.ts";

export const ENTITY_TYPES = [
  "product",
  "category",
  "attribute",
  "taxrule",
  "cms_page",
  "cms_block",
  "redirect",
  "landing_page",
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

interface EntityDef {
  docs: (s: Snapshot) => readonly object[];
  fields: readonly string[];
  /** Default order, then the fields `_appliedSort` may name. */
  sort: readonly { field: string; options: "asc" | "desc" }[];
  /** Fields `_searchText` looks in. */
  text: readonly string[];
}

const ENTITIES: Record<Exclude<EntityType, "product">, EntityDef> = {
  category: {
    docs: (s) => s.categories,
    fields: [
      "id",
      "parent_id",
      "parent_ids",
      "level",
      "name",
      "slug",
      "url_key",
      "url_path",
      "path",
      "is_active",
      "include_in_menu",
      "position",
      "product_count",
      "children_count",
    ],
    sort: [{ field: "position", options: "asc" }],
    text: ["name"],
  },
  attribute: {
    docs: (s) => s.attributes,
    fields: [
      "attribute_id",
      "attribute_code",
      "frontend_input",
      "is_user_defined",
      "is_visible",
      "is_visible_on_front",
      "is_comparable",
      "is_filterable",
      "position",
    ],
    sort: [{ field: "position", options: "asc" }],
    text: ["attribute_code", "frontend_label"],
  },
  taxrule: {
    docs: (s) => s.taxRules,
    fields: [
      "id",
      "code",
      "priority",
      "product_tax_class_ids",
      "customer_tax_class_ids",
      "rates.tax_country_id",
    ],
    sort: [{ field: "id", options: "asc" }],
    text: ["code"],
  },
  redirect: {
    docs: (s) => s.redirects,
    fields: ["id", "request_path", "target_path", "redirect_type"],
    sort: [{ field: "id", options: "asc" }],
    text: ["request_path", "target_path"],
  },
  landing_page: {
    docs: (s) => s.landingPages,
    fields: ["id", "url_path", "category_id", "title"],
    sort: [{ field: "id", options: "asc" }],
    text: ["url_path", "title"],
  },
  cms_page: {
    docs: () => [],
    fields: ["id", "identifier", "page_id", "is_active", "uuid", "full_slug", "component"],
    sort: [{ field: "id", options: "asc" }],
    text: ["identifier", "title"],
  },
  cms_block: {
    docs: () => [],
    fields: ["id", "identifier", "block_id", "is_active", "uuid", "full_slug", "component"],
    sort: [{ field: "id", options: "asc" }],
    text: ["identifier", "title"],
  },
};

const collator = new Intl.Collator("nl", { sensitivity: "base", numeric: true });

export function searchEntities(
  snapshot: Snapshot,
  type: Exclude<EntityType, "product">,
  query: ProductQuery,
  /** Documents the snapshot does not hold (cms_page, cms_block); the snapshot's own otherwise. */
  docs?: readonly object[],
): SearchResult<object> {
  const def = ENTITIES[type];
  const from = Math.max(0, Math.floor(query.from ?? 0));
  const size = (query.size ?? DEFAULT_SIZE) > 0 ? Math.floor(query.size ?? DEFAULT_SIZE) : DEFAULT_SIZE;
  const tests = (query._appliedFilters ?? []).map((f, i) => compile(def, f, `_appliedFilters[${i}]`));
  for (const [i, f] of (query._availableFilters ?? []).entries()) {
    if (!def.fields.includes(f.field))
      throw new QueryError(`_availableFilters[${i}].field`, `Unknown filter attribute "${f.field}"`);
  }
  const sorts = (query._appliedSort ?? []).map((s, i) => {
    if (!def.fields.includes(s.field))
      throw new QueryError(`_appliedSort[${i}].field`, `Unknown sort field "${s.field}"`);
    return { field: s.field, options: s.options ?? "asc" };
  });
  const text = normalize(query._searchText ?? "").trim();

  const matches = (docs ?? def.docs(snapshot)).filter(
    (doc) =>
      tests.every((test) => test(doc)) &&
      (text === "" || def.text.some((field) => normalize(String(valueAt(doc, field) ?? "")).includes(text))),
  );
  const order = [...sorts, ...def.sort];
  matches.sort((a, b) => {
    for (const { field, options } of order) {
      const c = compareValues(valueAt(a, field), valueAt(b, field));
      if (c !== 0) return options === "desc" ? -c : c;
    }
    return 0;
  });
  return {
    items: matches.slice(from, from + size),
    total: matches.length,
    start: from,
    perPage: size,
    aggregations: { filters: [], filterSettings: {}, sortFields: [] },
    attributeMetadata: [],
  };
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  return collator.compare(String(a), String(b));
}

type Test = (doc: object) => boolean;

function compile(def: EntityDef, filter: AppliedFilter, path: string): Test {
  if (!def.fields.includes(filter.attribute)) {
    throw new QueryError(`${path}.attribute`, `Unknown filter attribute "${filter.attribute}"`);
  }
  const ops = operations(filter.value);
  if (ops.length === 0) throw new QueryError(`${path}.value`, "needs an operator");
  const tests = ops.map(([op, raw]): Test => {
    const wanted = (Array.isArray(raw) ? raw : [raw]).map((v) => keyOfInput(v));
    const valuesOf = (doc: object) => {
      const v = valueAt(doc, filter.attribute);
      return (Array.isArray(v) ? v : [v]).map((x) => keyOfInput(x as Scalar));
    };
    switch (op) {
      case "eq":
      case "in":
        return (doc) => valuesOf(doc).some((v) => v !== undefined && wanted.includes(v));
      case "neq":
      case "nin":
        return (doc) => !valuesOf(doc).some((v) => v !== undefined && wanted.includes(v));
      default: {
        const bound = Number(wanted[0]);
        if (wanted.length !== 1 || !Number.isFinite(bound))
          throw new QueryError(`${path}.value.${op}`, "must be a number");
        const pass = {
          gt: (x: number) => x > bound,
          gte: (x: number) => x >= bound,
          lt: (x: number) => x < bound,
          lte: (x: number) => x <= bound,
        }[op as "gt" | "gte" | "lt" | "lte"];
        return (doc) => valuesOf(doc).some((v) => v !== undefined && v !== "" && pass(Number(v)));
      }
    }
  });
  return (doc) => tests.every((t) => t(doc));
}
