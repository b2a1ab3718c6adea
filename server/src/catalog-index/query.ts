/**
 * A product search against one snapshot: filters, the catalogue's own filters (browsing §5),
 * full text, facets, sort and page (contract "Catalogue").
 */
import { type AppliedFilter as CoreFilter, catalogFilters, lookupTable, type Product } from "@etalage/core";
import { type Bits, intersectAll, popcount } from "./bitset.ts";
import { facetOf, facetTitle } from "./facets.ts";
import type { FieldDef } from "./fields.ts";
import { type CompiledFilter, compileFilter } from "./filters.ts";
import { pageDocs, type SortSpec } from "./paging.ts";
import {
  type AttributeMetadata,
  DEFAULT_SIZE,
  type FacetFilter,
  type FilterSetting,
  type ProductQuery,
  type ProductSearchResult,
  QueryError,
  type SortFieldOption,
} from "./query-types.ts";
import type { Snapshot, SortField } from "./snapshot.ts";
import { searchText, type TextHits } from "./text-search.ts";

export interface QueryOptions {
  /** The store setting to list out-of-stock products in category listings (browsing §5). */
  listOutOfStock?: boolean;
}

/** Sort choices of a listing (browsing §9), labelled in Dutch. */
const SORT_FIELDS: readonly SortFieldOption[] = [
  { label: "Positie", id: "category.position:asc", type: "sort" },
  { label: "Nieuwste", id: "updated_at:desc", type: "sort" },
  { label: "Prijs laag-hoog", id: "final_price:asc", type: "sort" },
  { label: "Prijs hoog-laag", id: "final_price:desc", type: "sort" },
];
const RELEVANCE_SORT: SortFieldOption = { label: "Relevantie", id: "_score:desc", type: "sort" };

const SORT_ALIASES = lookupTable<SortField | "position" | "relevance">({
  "category.position": "position",
  position: "position",
  final_price: "final_price",
  price: "final_price",
  updated_at: "updated_at",
  created_at: "created_at",
  name: "name",
  id: "id",
  _score: "relevance",
  relevance: "relevance",
});

export function searchProducts(
  snapshot: Snapshot,
  query: ProductQuery,
  options: QueryOptions = {},
): ProductSearchResult {
  const from = Math.max(0, Math.floor(query.from ?? 0));
  const size = (query.size ?? DEFAULT_SIZE) > 0 ? Math.floor(query.size ?? DEFAULT_SIZE) : DEFAULT_SIZE;
  // Untrimmed: a trailing space says the last word is complete (no prefix completion).
  const text = query._searchText ?? "";
  const searching = text.trim() !== "";

  const filters: CompiledFilter[] = (query._appliedFilters ?? []).map((f, i) =>
    compileFilter(snapshot, f, `_appliedFilters[${i}]`),
  );
  const asked = new Set(filters.map((f) => f.def.name));
  const system: Bits[] = catalogFilters({
    scope: searching ? "search" : "catalog",
    listOutOfStock: !searching && (options.listOutOfStock ?? true),
  })
    .filter((f) => !asked.has(snapshot.fields.resolve(f.attribute)?.name ?? f.attribute))
    .map((f: CoreFilter) => compileFilter(snapshot, f, "catalog").bits);

  let hits: TextHits | undefined;
  if (searching) {
    hits = searchText(snapshot.text, text);
    system.push(hits.bits);
  }

  const base = intersectAll(snapshot.all, [...system, ...filters.map((f) => f.bits)]);
  const total = popcount(base);
  const specs = sortSpecs(snapshot, query, filters, hits);
  const docs = pageDocs(base, total, snapshot.size, specs, from, size);

  const facetBases = new Map<string, Bits>();
  const facets: FacetFilter[] = [];
  const filterSettings: Record<string, FilterSetting> = {};
  const metadata = new Map<string, AttributeMetadata>();
  const seen = new Set<string>();
  (query._availableFilters ?? []).forEach((request, i) => {
    const path = `_availableFilters[${i}]`;
    const def = snapshot.fields.resolve(request.field);
    if (!def) throw new QueryError(`${path}.field`, `Unknown filter attribute "${request.field}"`);
    const id = `${request.field}:${request.scope ?? "default"}`;
    if (seen.has(id)) return;
    seen.add(id);
    let facetBase = facetBases.get(def.group);
    if (!facetBase) {
      facetBase = intersectAll(snapshot.all, [
        ...system,
        ...filters.filter((f) => f.group !== def.group).map((f) => f.bits),
      ]);
      facetBases.set(def.group, facetBase);
    }
    facets.push(facetOf(snapshot, request, def, facetBase, path));
    filterSettings[request.field] = {
      title: facetTitle(def),
      urlKey: request.field,
      isCollapsed: false,
    };
    addMetadata(metadata, def);
  });
  for (const f of filters) addMetadata(metadata, f.def);

  return {
    items: docs.map((doc) => snapshot.products[doc] as Product),
    total,
    start: from,
    perPage: size,
    aggregations: {
      filters: facets,
      filterSettings,
      sortFields: searching ? [RELEVANCE_SORT, ...SORT_FIELDS] : [...SORT_FIELDS],
    },
    attributeMetadata: [...metadata.values()],
  };
}

function addMetadata(into: Map<string, AttributeMetadata>, def: FieldDef) {
  const a = def.attribute;
  if (!a || into.has(a.attribute_code)) return;
  into.set(a.attribute_code, {
    attribute_id: a.attribute_id,
    attribute_code: a.attribute_code,
    frontend_label: a.frontend_label,
    options: a.options.map((o) => ({
      label: o.label,
      value: String(o.value),
      ...(o.swatch ? { swatch: o.swatch } : {}),
    })),
  });
}

/**
 * The asked sort; by default relevance when searching, else the position in the filtered
 * category (browsing §9 default sort), else id. A position sort uses the first category filtered.
 */
function sortSpecs(
  snapshot: Snapshot,
  query: ProductQuery,
  filters: CompiledFilter[],
  hits: TextHits | undefined,
): SortSpec[] {
  const category = filters.find((f) => f.def.name === "category_ids" && f.keys.length > 0)?.keys[0];
  const positions = category !== undefined ? snapshot.positions.get(Number(category)) : undefined;
  const specs: SortSpec[] = [];
  const asked = query._appliedSort ?? [];
  asked.forEach((sort, i) => {
    const field = SORT_ALIASES[sort.field];
    if (!field) throw new QueryError(`_appliedSort[${i}].field`, `Unknown sort field "${sort.field}"`);
    const desc = sort.options === "desc";
    if (field === "relevance") {
      if (hits && specs.length === 0) specs.push({ kind: "relevance", docs: hits.docs });
    } else if (field === "position") {
      if (positions) specs.push({ kind: "key", key: positions, desc });
    } else {
      specs.push({ kind: "key", key: snapshot.sorts[field], desc });
    }
  });
  if (specs.length > 0) return specs;
  if (hits && asked.length === 0) return [{ kind: "relevance", docs: hits.docs }];
  if (positions) return [{ kind: "key", key: positions, desc: false }];
  return [{ kind: "key", key: snapshot.sorts.id, desc: false }];
}
