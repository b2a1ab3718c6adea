/**
 * The same catalogue in Orama 3 (a general in-process search engine): build, heap, the same
 * faceted browse through `where` + `facets` + `sortBy`, and the same text searches with typo
 * tolerance and the contract's field boosts. Loops are bounded by time as well as count: Orama's
 * browse is tens of milliseconds, so ≥ 2,000 runs would not fit the suite's budget.
 */
import { create, insert, type Results, search, type TypedDocument } from "@orama/orama";
import { stemmer } from "@orama/stemmers/dutch";
import { heapUsedAfterGc, memoryAfterGc } from "../lib/memory.ts";
import { type Latency, median, summarize, timeSync } from "../lib/stats.ts";
import {
  type BrowseOutcome,
  type BrowseQuery,
  CATALOG_STATUS,
  CATALOG_VISIBILITY,
  FACET_SIZE,
  type FlatProduct,
  PAGE_SIZE,
  PRICE_BUCKETS,
  SEARCH_VISIBILITY,
  TEXT_QUERIES,
} from "./data.ts";
import type { TextFigure } from "./ours.ts";

const schema = {
  id: "string",
  sku: "string",
  childSkus: "string[]",
  name: "string",
  brand: "enum",
  brandLabel: "string",
  categoryIds: "enum[]",
  categoryNames: "string[]",
  colors: "enum[]",
  sizes: "enum[]",
  price: "number",
  visibility: "enum",
  status: "enum",
} as const;

function createDb() {
  return create({
    schema,
    components: {
      // Dutch stems like our index ("schoenen" → "schoen"); skus are matched as written.
      tokenizer: {
        language: "dutch",
        stemming: true,
        stemmer,
        stemmerSkipProperties: ["sku", "childSkus"],
      },
    },
  });
}
type Db = ReturnType<typeof createDb>;
type Doc = TypedDocument<Db>;

/**
 * Orama's number ranges include both ends; ours are [from, to). Prices have cents, so a bound a
 * hair below `to` gives the same buckets. The key Orama reports is `${from}-${to}`.
 */
const RANGES = PRICE_BUCKETS.map((b) => ({
  id: b.id,
  from: b.from,
  to: b.to !== undefined ? b.to - 1e-6 : Number.MAX_SAFE_INTEGER,
}));
const bucketIdOf = new Map(RANGES.map((r) => [`${r.from}-${r.to}`, r.id]));

const TEXT_PROPERTIES = ["name", "sku", "childSkus", "brandLabel", "categoryNames"] as const;
/** Contract boosts: name 4, sku 2 (child skus count as sku), the rest 1. */
const BOOST = { name: 4, sku: 2, childSkus: 2 };
/** The contract's fuzziness 2; Orama applies it to every word whatever its length. */
const TOLERANCE = 2;
const DISJUNCTIVE_MS = 6_000;

function docOf(p: FlatProduct): Doc {
  return {
    id: String(p.id),
    sku: p.sku,
    childSkus: p.childSkus,
    name: p.name,
    brand: p.brand,
    brandLabel: p.brandLabel,
    categoryIds: p.categoryIds,
    categoryNames: p.categoryNames,
    colors: p.colors,
    sizes: p.sizes,
    price: p.price,
    visibility: p.visibility,
    status: p.status,
  } as Doc;
}

/** Orama answers synchronously with its default components; a promise would mean our timing lies. */
function sync<T>(value: T | Promise<T>): T {
  if (value instanceof Promise) throw new Error("Orama answered asynchronously; timings would be wrong");
  return value;
}

type FacetName = "colors" | "sizes" | "brand" | "price";
const ALL_FACETS: readonly FacetName[] = ["colors", "sizes", "brand", "price"];

/** One Orama query; `without` leaves a filter out (for a facet that must ignore its own filter). */
function browse(
  db: Db,
  q: BrowseQuery,
  facetNames: readonly FacetName[] = ALL_FACETS,
  without?: "colors" | "sizes",
  limit = PAGE_SIZE,
): Results<Doc> {
  const facets: Record<string, { limit: number } | { ranges: { from: number; to: number }[] }> = {};
  for (const name of facetNames)
    facets[name] =
      name === "price" ? { ranges: RANGES.map(({ from, to }) => ({ from, to })) } : { limit: FACET_SIZE };
  return sync(
    search(db, {
      where: {
        categoryIds: { containsAny: [q.category] },
        ...(without === "colors" ? {} : { colors: { containsAny: q.colors } }),
        ...(without === "sizes" ? {} : { sizes: { containsAny: q.sizes } }),
        visibility: { in: CATALOG_VISIBILITY },
        status: { in: CATALOG_STATUS },
      },
      facets,
      // A facet-only query needs no order.
      ...(limit > 0 ? { sortBy: { property: "price", order: q.sort === "asc" ? "ASC" : "DESC" } } : {}),
      limit,
      offset: limit > 0 ? q.page * PAGE_SIZE : 0,
    }),
  ) as Results<Doc>;
}

/**
 * Our facet semantics in Orama: a selected filter's own facet counts without that filter (so a
 * shopper can widen a multi-select), which Orama's single query cannot express: 3 queries.
 */
function browseDisjunctive(db: Db, q: BrowseQuery): BrowseOutcome {
  const main = outcomeOf(browse(db, q, ["brand", "price"]));
  const colors = outcomeOf(browse(db, q, ["colors"], "colors", 0));
  const sizes = outcomeOf(browse(db, q, ["sizes"], "sizes", 0));
  return { ...main, facets: { ...main.facets, color: colors.facets.color!, size: sizes.facets.size! } };
}

function textSearch(db: Db, term: string): Results<Doc> {
  return sync(
    search(db, {
      term,
      properties: [...TEXT_PROPERTIES],
      tolerance: TOLERANCE,
      boost: BOOST,
      where: { visibility: { in: SEARCH_VISIBILITY }, status: { in: CATALOG_STATUS } },
      limit: PAGE_SIZE,
    }),
  ) as Results<Doc>;
}

/**
 * Orama counts facets over the whole filtered result and does not sort or cut enum facets; all
 * options are kept, so the checks can look up any option ours returned (ties cut differently).
 */
function outcomeOf(r: Results<Doc>): BrowseOutcome {
  const facets: Record<string, Record<string, number>> = {};
  const names: Record<string, string> = { colors: "color", sizes: "size", brand: "brand", price: "price" };
  for (const [field, facet] of Object.entries(r.facets ?? {})) {
    const entries = Object.entries(facet.values).filter(([, n]) => n > 0);
    if (field === "price")
      facets.price = Object.fromEntries(entries.map(([k, n]) => [bucketIdOf.get(k) ?? k, n]));
    else facets[names[field] ?? field] = Object.fromEntries(entries);
  }
  return { total: r.count, pageIds: r.hits.map((h) => Number(h.id)), facets };
}

export interface OramaResult {
  buildMs: number[];
  buildMedianMs: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  /** Typed-array memory the build added (outside the JS heap). */
  arrayBuffersBytes: number;
  browse: Latency;
  /** The browse with our facet semantics (3 queries); a shorter run, for the comparison only. */
  browseDisjunctive: Latency;
  text: Latency;
  textPerQuery: TextFigure[];
  samples: BrowseOutcome[];
  /** The same browses in our semantics (a facet ignores its own filter): 1 + 2 queries each. */
  samplesDisjunctive: BrowseOutcome[];
  tolerance: number;
}

export function benchOrama(
  flat: readonly FlatProduct[],
  queries: readonly BrowseQuery[],
  log: (line: string) => void,
  sampleCount: number,
): OramaResult {
  const before = memoryAfterGc();
  const heapBeforeBytes = before.heapUsed;
  const buildMs: number[] = [];
  let db: Db | undefined;
  const buildsStarted = performance.now();
  // Up to 3 builds for a median, but stop early if they are slow (suite budget).
  for (let i = 0; i < 3 && (i === 0 || performance.now() - buildsStarted < 12_000); i++) {
    db = undefined;
    heapUsedAfterGc();
    const start = performance.now();
    const fresh = createDb();
    for (const p of flat) sync(insert(fresh, docOf(p)));
    buildMs.push(performance.now() - start);
    db = fresh;
  }
  const after = memoryAfterGc();
  const heapAfterBytes = after.heapUsed;
  const arrayBuffersBytes = after.arrayBuffers - before.arrayBuffers;
  const orama = db!;
  log(
    `  orama: built in ${buildMs.map((ms) => ms.toFixed(0)).join(" / ")} ms; heap ${(heapAfterBytes / 2 ** 20).toFixed(0)} MB`,
  );

  const samples = queries.slice(0, sampleCount).map((q) => outcomeOf(browse(orama, q)));
  const samplesDisjunctive = queries.slice(0, sampleCount).map((q) => browseDisjunctive(orama, q));

  // Warm-up bounded at 3 s: one pass over the query set when Orama is fast enough.
  timeSync({ maxRuns: queries.length, maxMs: 3_000 }, (i) => browse(orama, queries[i]!));
  timeSync({ maxRuns: TEXT_QUERIES.length * 3, maxMs: 2_000 }, (i) =>
    textSearch(orama, TEXT_QUERIES[i % TEXT_QUERIES.length]!),
  );

  heapUsedAfterGc();
  const browseSamples = timeSync({ maxRuns: 2_000, maxMs: 15_000 }, (i) =>
    browse(orama, queries[i % queries.length]!),
  );
  heapUsedAfterGc();
  const disjunctiveSamples = timeSync({ maxRuns: 2_000, maxMs: DISJUNCTIVE_MS }, (i) =>
    browseDisjunctive(orama, queries[i % queries.length]!),
  );
  heapUsedAfterGc();
  const perQuery = TEXT_QUERIES.map(() => [] as number[]);
  const textSamples = timeSync({ maxRuns: TEXT_QUERIES.length * 50, maxMs: 8_000 }, (i) => {
    const k = i % TEXT_QUERIES.length;
    const start = performance.now();
    textSearch(orama, TEXT_QUERIES[k]!);
    perQuery[k]!.push(performance.now() - start);
  });
  const textPerQuery = TEXT_QUERIES.map((query, k) => {
    const r = textSearch(orama, query);
    return {
      query,
      total: r.count,
      p50: median(perQuery[k]!),
      top: r.hits.slice(0, 3).map((h) => h.document.name),
    };
  });
  return {
    buildMs,
    buildMedianMs: median(buildMs),
    heapBeforeBytes,
    heapAfterBytes,
    arrayBuffersBytes,
    browse: summarize(browseSamples),
    browseDisjunctive: summarize(disjunctiveSamples),
    text: summarize(textSamples),
    textPerQuery,
    samples,
    samplesDisjunctive,
    tolerance: TOLERANCE,
  };
}
