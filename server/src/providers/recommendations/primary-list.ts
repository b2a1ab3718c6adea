/**
 * The primary list of landing and search pages in Elevate's shape (vendor-apis §3.3): products
 * of the catalogue index for a base filter (a landing page's category and preset filters, or a
 * search text) plus the shopper's `f.*` facets, sorted and paged, with TEXT, COLOR, SIZE and
 * RANGE facets whose counts leave each facet's own selection out.
 */
import type { Facet, PrimaryList, SortType, TextFacetValue } from "@apptus/esales-api";
import { type AppliedFilter, type AppliedSort, type DictionaryKey, t } from "@etalage/core";
import type { CatalogIndex } from "../../catalog-index/catalog-index.ts";
import type { CatalogFacts } from "./catalog-facts.ts";
import { productGroupOf } from "./product-groups.ts";

/** The facets a page offers, in the order shown, with Elevate's kind. */
const FACETS: readonly { id: string; type: "TEXT" | "COLOR" | "SIZE" }[] = [
  { id: "color", type: "COLOR" },
  { id: "size", type: "SIZE" },
  { id: "brand", type: "TEXT" },
  { id: "material", type: "TEXT" },
  { id: "fit", type: "TEXT" },
  { id: "pattern", type: "TEXT" },
  { id: "collar", type: "TEXT" },
  { id: "sleeve_length", type: "TEXT" },
];
const PRICE = "price";
/** Enough values for "show more" after the first 5 (browsing §9). */
const FACET_VALUES = 30;

/** Elevate's sort names we offer, with the catalogue sort behind each and its Dutch label. */
const SORTS: Record<string, { sort: AppliedSort[]; label: DictionaryKey } | undefined> = {
  RELEVANCE: { sort: [], label: "Relevance" },
  NEWEST_FIRST: { sort: [{ field: "created_at", options: "desc" }], label: "Newest" },
  PRICE_ASCENDING: { sort: [{ field: "final_price", options: "asc" }], label: "Price ascending" },
  PRICE_DESCENDING: { sort: [{ field: "final_price", options: "desc" }], label: "Price descending" },
  NAME: { sort: [{ field: "name", options: "asc" }], label: "Name" },
};
const SORT_TYPES = Object.keys(SORTS) as SortType[];

/** The shopper's facet choices: `f.color=49|50`, `f.price.min=50`. */
export interface FacetSelection {
  values: Map<string, string[]>;
  range: { min?: number; max?: number };
}

export interface PrimaryListRequest {
  /** Filters of the page itself (a landing page's category and presets); not shown as selected. */
  base: AppliedFilter[];
  searchText?: string;
  selection: FacetSelection;
  sort: string | undefined;
  skip: number;
  limit: number;
}

export function primaryList(
  catalog: CatalogIndex,
  facts: CatalogFacts,
  request: PrimaryListRequest,
  sizeLabel: (v: unknown) => string | undefined,
): PrimaryList {
  const { selection } = request;
  const chosen: AppliedFilter[] = [];
  for (const [id, values] of selection.values)
    if (values.length > 0) chosen.push({ attribute: id, value: { in: values }, scope: "catalog" });
  const priceFilter = rangeFilter(selection.range);
  const filters = [...request.base, ...chosen, ...(priceFilter ? [priceFilter] : [])];
  const selected = SORTS[request.sort ?? ""] ? (request.sort as SortType) : "RELEVANCE";
  const text = request.searchText?.trim() ? request.searchText : undefined;
  const result = catalog.searchProducts({
    _appliedFilters: filters,
    _availableFilters: FACETS.map((f) => ({
      field: f.id,
      scope: "catalog" as const,
      options: { size: FACET_VALUES },
    })),
    _appliedSort: SORTS[selected]!.sort,
    ...(text ? { _searchText: text } : {}),
    from: request.skip,
    size: request.limit,
  });
  const facets: Facet[] = [];
  // A page that presets an attribute ("Zwarte sneakers") offers no facet for it: its counts
  // would leave the preset out, as a shopper's own choice is left out of its facet.
  const preset = new Set(request.base.map((f) => f.attribute));
  for (const def of FACETS) {
    if (preset.has(def.id)) continue;
    const agg = result.aggregations.filters.find((f) => f.attribute_code === def.id);
    const picked = new Set(selection.values.get(def.id) ?? []);
    const values: (TextFacetValue & { color?: string })[] = (agg?.options ?? []).map((o) => ({
      id: o.id,
      label: o.label,
      selected: picked.has(o.id),
      count: o.count,
      ...(o.swatch ? { color: o.swatch } : {}),
    }));
    if (values.length === 0) continue;
    const label = agg?.title ?? def.id;
    const selectedCount = values.filter((v) => v.selected).length;
    if (def.type === "COLOR") {
      facets.push({
        id: def.id,
        label,
        type: "COLOR",
        selectedCount,
        values: values.map((v) => ({ ...v, color: v.color ?? "#d3d3d3" })),
      });
    } else if (def.type === "SIZE") {
      const order = sizeOrder(catalog);
      values.sort((a, b) => (order.get(a.id) ?? 1e9) - (order.get(b.id) ?? 1e9));
      facets.push({
        id: def.id,
        label,
        type: "SIZE",
        selectedCount,
        sizeTypes: [{ label, formats: [{ format: "EU", values }] }],
      });
    } else {
      facets.push({ id: def.id, label, type: "TEXT", sort: "RELEVANCE", selectedCount, values });
    }
  }
  const bounds = priceBounds(catalog, [...request.base, ...chosen], text);
  if (bounds) {
    facets.push({
      id: PRICE,
      label: t("Price"),
      type: "RANGE",
      unit: "EUR",
      min: bounds.min,
      max: bounds.max,
      ...(selection.range.min !== undefined ? { minSelected: selection.range.min } : {}),
      ...(selection.range.max !== undefined ? { maxSelected: selection.range.max } : {}),
    });
  }
  const productGroups = result.items.map((p, i) => {
    const f = facts.byKey.get(p.sku);
    return f ? productGroupOf(f, "primary", request.skip + i, sizeLabel) : undefined;
  });
  return {
    sort: {
      selected,
      options: SORT_TYPES.filter((s) => s !== "RELEVANCE" || text || request.base.length > 0).map((id) => ({
        id,
        label: t(SORTS[id]!.label),
      })),
    },
    productGroups: productGroups.filter((g) => g !== undefined),
    totalHits: result.total,
    facets,
  };
}

function rangeFilter(range: FacetSelection["range"]): AppliedFilter | undefined {
  if (range.min === undefined && range.max === undefined) return undefined;
  return {
    attribute: PRICE,
    value: {
      ...(range.min !== undefined ? { gte: range.min } : {}),
      ...(range.max !== undefined ? { lte: range.max } : {}),
    },
    scope: "catalog",
  };
}

/** The cheapest and dearest price among the page's products with every filter but the price. */
function priceBounds(
  catalog: CatalogIndex,
  filters: AppliedFilter[],
  text: string | undefined,
): { min: number; max: number } | undefined {
  const ends = (options: "asc" | "desc") =>
    catalog.searchProducts({
      _appliedFilters: filters,
      _appliedSort: [{ field: "final_price", options }],
      ...(text ? { _searchText: text } : {}),
      size: 1,
    }).items[0];
  const low = ends("asc");
  const high = ends("desc");
  if (!low || !high) return undefined;
  return {
    min: Math.floor(Number(low.final_price_incl_tax ?? 0)),
    max: Math.ceil(Number(high.final_price_incl_tax ?? 0)),
  };
}

const sizeOrders = new WeakMap<object, Map<string, number>>();

function sizeOrder(catalog: CatalogIndex): Map<string, number> {
  const snapshot = catalog.snapshot();
  let order = sizeOrders.get(snapshot);
  if (!order) {
    const options = snapshot.attributeByCode.get("size")?.options ?? [];
    order = new Map(options.map((o, i) => [String(o.value), o.sort_order ?? i]));
    sizeOrders.set(snapshot, order);
  }
  return order;
}

/** A landing page's `filter_attributes` as catalogue filters; a two-element list on price is a range (browsing §4). */
export function presetFilters(filterAttributes: string): AppliedFilter[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(filterAttributes);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [];
  const out: AppliedFilter[] = [];
  for (const [code, value] of Object.entries(parsed as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (code === PRICE && values.length === 2) {
      const [min, max] = values.map(Number);
      out.push({
        attribute: PRICE,
        value: {
          ...(Number.isFinite(min) ? { gte: min } : {}),
          ...(Number.isFinite(max) ? { lte: max } : {}),
        },
        scope: "catalog",
      });
    } else if (values.length > 0) {
      out.push({ attribute: code, value: { in: values }, scope: "catalog" });
    }
  }
  return out;
}

/** The facet ids a page accepts in `f.*`. */
export const FACET_IDS: ReadonlySet<string> = new Set([...FACETS.map((f) => f.id), PRICE]);
