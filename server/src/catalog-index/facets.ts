import { lookupTable, MAX_FACET_SIZE } from "@etalage/core";
/**
 * Facet counts (contract "Catalogue" aggregations). An option's count is the size of the result
 * of every OTHER filter intersected with the option's documents, so choosing "Blauw" does not
 * hide "Zwart": a shopper can widen a multi-select filter. Counts come from bitset AND +
 * popcount, or, when the other filters leave few documents, from walking those documents.
 */
import { type Bits, forEachBit, popcount, popcountAnd } from "./bitset.ts";
import type { FieldDef, Scope, TermDef } from "./fields.ts";
import { type AvailableFilter, type FacetFilter, type FacetOption, QueryError } from "./query-types.ts";
import type { Snapshot } from "./snapshot.ts";

/** Filter aggregation size (browsing §9). */
const FACET_SIZE = 10;
const collator = new Intl.Collator("nl", { sensitivity: "base", numeric: true });

const TITLES = lookupTable<string>({
  price: "Prijs",
  category_ids: "Categorie",
  visibility: "Zichtbaarheid",
  status: "Status",
  type_id: "Producttype",
  new: "Nieuw",
  sale: "Sale",
  "stock.is_in_stock": "Op voorraad",
});

export function facetTitle(def: FieldDef): string {
  return def.attribute?.frontend_label ?? TITLES[def.group] ?? TITLES[def.name] ?? def.name;
}

export function facetOf(
  snapshot: Snapshot,
  request: AvailableFilter,
  def: FieldDef,
  base: Bits,
  path: string,
): FacetFilter {
  const title = facetTitle(def);
  if (def.kind === "numeric" && def.group === "price") {
    const options: FacetOption[] = [];
    for (const { bucket, bits } of snapshot.priceBuckets) {
      const count = popcountAnd(base, bits);
      if (count === 0) continue;
      options.push({
        id: bucket.id,
        label: bucket.label,
        count,
        type: "price",
        from: bucket.from,
        ...(bucket.to !== undefined ? { to: bucket.to } : {}),
        single: true,
      });
    }
    return { attribute_code: request.field, title, options };
  }
  if (def.kind !== "term") throw new QueryError(`${path}.field`, `"${request.field}" cannot be aggregated`);
  const limit = Math.min(
    MAX_FACET_SIZE,
    Math.max(1, Math.floor(Number(request.options?.size ?? FACET_SIZE))),
  );
  return {
    attribute_code: request.field,
    title,
    options: termOptions(snapshot, def, request.scope ?? "default", base, limit),
  };
}

function termOptions(
  snapshot: Snapshot,
  def: TermDef,
  scope: Scope,
  base: Bits,
  limit: number,
): FacetOption[] {
  const field = def.scopes[scope];
  const counts = new Int32Array(field.keys.length);
  const baseCount = popcount(base);
  // Walking the result costs about (docs × values per doc); intersecting, (values × words).
  if (baseCount * Math.max(1, field.valuesPerDoc) < field.keys.length * base.length) {
    forEachBit(base, (doc) => {
      for (let i = field.docStart[doc]!; i < field.docStart[doc + 1]!; i++) counts[field.valueIds[i]!]!++;
    });
  } else {
    for (let id = 0; id < field.keys.length; id++) counts[id] = popcountAnd(base, field.bitsAt(id));
  }
  const labelOf = labeller(snapshot, def);
  const options: FacetOption[] = [];
  field.keys.forEach((key, id) => {
    const count = counts[id]!;
    if (count === 0) return;
    const { label, swatch } = labelOf(key);
    options.push({ id: key, label, count, type: def.group, ...(swatch ? { swatch } : {}) });
  });
  options.sort((a, b) => b.count - a.count || collator.compare(a.label, b.label) || (a.id < b.id ? -1 : 1));
  return options.slice(0, limit);
}

function labeller(snapshot: Snapshot, def: TermDef): (key: string) => { label: string; swatch?: string } {
  if (def.attribute) {
    const options = new Map(def.attribute.options.map((o) => [String(o.value), o]));
    return (key) => {
      const option = options.get(key);
      return { label: option?.label ?? key, ...(option?.swatch ? { swatch: option.swatch } : {}) };
    };
  }
  if (def.name === "category_ids") {
    return (key) => ({ label: snapshot.categoryById.get(Number(key))?.name ?? key });
  }
  return (key) => ({ label: key });
}
