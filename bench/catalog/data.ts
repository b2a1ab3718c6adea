/**
 * The catalogue suite's input, the same for every engine: the synthetic catalogue (20,000
 * parents, 100,000 children), a deterministic set of faceted-browse queries and a list of
 * realistic Dutch text searches, plus the flat per-parent rows Orama and PostgreSQL load.
 */
import type { Product } from "@etalage/core";
import { PRICE_BUCKETS } from "../../server/src/catalog-index/prices.ts";
import type { ProductQuery } from "../../server/src/catalog-index/query-types.ts";
import type { CatalogData } from "../../server/src/catalog-index/snapshot.ts";

export { PRICE_BUCKETS };
export const PAGE_SIZE = 24;
/** Facet size of the contract ("term facets keep 10 options"). */
export const FACET_SIZE = 10;
/** The catalogue scope's system filters (core visibility.ts: CATALOG_VISIBILITY, CATALOG_STATUS). */
export const CATALOG_VISIBILITY = [2, 3, 4];
export const CATALOG_STATUS = [0, 1];
/** A text search sees visibility 3 and 4 only (core visibility.ts: SEARCH_VISIBILITY). */
export const SEARCH_VISIBILITY = [3, 4];

/** One faceted browse, engine-neutral: category + colour + size, facets, price sort, one page. */
export interface BrowseQuery {
  category: number;
  colors: string[];
  sizes: string[];
  sort: "asc" | "desc";
  page: number;
}

/** mulberry32: tiny, fast and the same on every machine, so the query set never changes. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const pool = [...list];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(int(0, pool.length - 1), 1)[0]!);
    return out;
  };
  return { next, int, sample };
}

/**
 * ~200 varied browses: top categories (≈2,000 parents) and leaves (≈200), one to six colours and
 * one to eight sizes (so results range from a handful to hundreds), both price sorts, and mostly
 * the first page with some later ones, as shoppers page.
 */
export function browseQueries(data: CatalogData, count = 200, seed = 2026): BrowseQuery[] {
  const r = rng(seed);
  const optionValues = (code: string) =>
    data.attributes.find((a) => a.attribute_code === code)!.options.map((o) => String(o.value));
  const colors = optionValues("color");
  const sizes = optionValues("size");
  const tops = data.categories.filter((c) => c.level === 2).map((c) => c.id);
  const leaves = data.categories.filter((c) => c.level === 3).map((c) => c.id);
  const queries: BrowseQuery[] = [];
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    queries.push({
      category: r.next() < 0.4 ? tops[r.int(0, tops.length - 1)]! : leaves[r.int(0, leaves.length - 1)]!,
      colors: r.sample(colors, r.int(1, 6)),
      sizes: r.sample(sizes, r.int(1, 8)),
      sort: r.next() < 0.5 ? "asc" : "desc",
      page: roll < 0.6 ? 0 : roll < 0.85 ? 1 : r.int(2, 4),
    });
  }
  return queries;
}

/** The faceted browse as our API body (contract "Catalogue"), paging included. */
export function ourBrowseQuery(q: BrowseQuery): ProductQuery {
  return {
    _appliedFilters: [
      { attribute: "category_ids", value: { in: [q.category] }, scope: "default" },
      { attribute: "color", value: { in: q.colors }, scope: "catalog" },
      { attribute: "size", value: { in: q.sizes }, scope: "catalog" },
    ],
    _availableFilters: [
      { field: "color", scope: "catalog" },
      { field: "size", scope: "catalog" },
      { field: "brand", scope: "default" },
      { field: "price", scope: "catalog" },
    ],
    _appliedSort: [{ field: "final_price", options: q.sort }],
    from: q.page * PAGE_SIZE,
    size: PAGE_SIZE,
  };
}

/**
 * What shoppers type: plain words, an adjective + noun, a compound the catalogue does not
 * contain whole ("wintertrui"), typos, a parent sku and a child sku.
 */
export const TEXT_QUERIES = [
  "blauw overhemd",
  "sneaker",
  "leren riem",
  "wintertrui",
  "sneker",
  "overhmed",
  "zwarte jeans",
  "wollen sjaal",
  "chelsea boot",
  "slim fit overhemd",
  "kasjmier trui",
  "regenjas",
  "SYN100123",
  "SYN104567-3",
] as const;

/** One parent as Orama and PostgreSQL store it; catalog-scoped values include enabled children's. */
export interface FlatProduct {
  id: number;
  sku: string;
  childSkus: string[];
  name: string;
  brand: string;
  brandLabel: string;
  categoryIds: number[];
  categoryNames: string[];
  colors: string[];
  sizes: string[];
  /** Final price including tax, as the index computes it. */
  price: number;
  visibility: number;
  status: number;
}

/** The catalogue scope of the contract: the parent's value or any enabled child's (status < 2). */
function catalogValues(p: Product, code: string): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (v !== undefined && v !== null && v !== "") out.add(String(v));
  };
  add(p[code]);
  for (const child of p.configurable_children ?? []) {
    if (Number(child.status ?? 1) >= 2) continue;
    add(child[code] ?? child.custom_attributes?.find((a) => a.attribute_code === code)?.value);
  }
  return [...out];
}

/**
 * Flat rows from priced parents (the index's snapshot products), so every engine filters and
 * sorts on exactly the same prices; computing prices is part of our build and not of theirs.
 */
export function flatten(data: CatalogData, priced: readonly Product[]): FlatProduct[] {
  const brandLabel = new Map(
    data.attributes
      .find((a) => a.attribute_code === "brand")!
      .options.map((o) => [String(o.value), o.label] as const),
  );
  const categoryName = new Map(data.categories.map((c) => [c.id, c.name] as const));
  return priced.map((p) => {
    const categoryIds = [
      ...new Set([...(p.category_ids ?? []), ...(p.category ?? []).map((c) => c.category_id)]),
    ];
    return {
      id: p.id,
      sku: p.sku,
      childSkus: (p.configurable_children ?? []).map((c) => c.sku),
      name: String(p.name ?? ""),
      brand: String(p.brand ?? ""),
      brandLabel: brandLabel.get(String(p.brand)) ?? "",
      categoryIds,
      categoryNames: categoryIds.map((id) => categoryName.get(id) ?? "").filter(Boolean),
      colors: catalogValues(p, "color"),
      sizes: catalogValues(p, "size"),
      price: Number(p.final_price_incl_tax),
      visibility: Number(p.visibility),
      status: Number(p.status ?? 1),
    };
  });
}

/** The figures of one browse result that every engine can produce, for the comparability checks. */
export interface BrowseOutcome {
  total: number;
  pageIds: number[];
  /** facet → option key → count (only the options the engine returned). */
  facets: Record<string, Record<string, number>>;
}
