/**
 * Our in-process catalogue index: build time (median of 3), heap after build, faceted browse and
 * text search latencies, measured through the public API the route uses (`searchProducts`).
 */
import { CatalogIndex } from "../../server/src/catalog-index/catalog-index.ts";
import type { ProductSearchResult } from "../../server/src/catalog-index/query-types.ts";
import type { CatalogData } from "../../server/src/catalog-index/snapshot.ts";
import { heapUsedAfterGc, memoryAfterGc } from "../lib/memory.ts";
import { type Latency, median, summarize, timeSync } from "../lib/stats.ts";
import { type Breakdown, breakdown } from "./breakdown.ts";
import {
  type BrowseOutcome,
  type BrowseQuery,
  FACET_SIZE,
  type FlatProduct,
  flatten,
  ourBrowseQuery,
  PAGE_SIZE,
  TEXT_QUERIES,
} from "./data.ts";

export interface TextFigure {
  query: string;
  total: number;
  p50: number;
  top: string[];
}

export interface OursResult {
  buildMs: number[];
  buildMedianMs: number;
  heapBeforeBytes: number;
  heapAfterBytes: number;
  /** Typed-array memory the build added (outside the JS heap). */
  arrayBuffersBytes: number;
  browse: Latency;
  text: Latency;
  textPerQuery: TextFigure[];
  /** What one HTTP answer costs in-process, stage by stage. */
  breakdown: Breakdown;
  /** Results of the first few browses, for the comparability checks. */
  samples: BrowseOutcome[];
  /** The other engines' input, made from the index's priced parents; the index itself is not kept. */
  flat: FlatProduct[];
}

const BUILDS = 3;

function outcomeOf(result: ProductSearchResult): BrowseOutcome {
  const facets: Record<string, Record<string, number>> = {};
  for (const f of result.aggregations.filters)
    facets[f.attribute_code] = Object.fromEntries(f.options.map((o) => [o.id, o.count]));
  return { total: result.total, pageIds: result.items.map((p) => p.id), facets };
}

export function benchOurs(
  data: CatalogData,
  queries: readonly BrowseQuery[],
  log: (line: string) => void,
  sampleCount: number,
): OursResult {
  const before = memoryAfterGc();
  const heapBeforeBytes = before.heapUsed;
  const buildMs: number[] = [];
  let index: CatalogIndex | undefined;
  for (let i = 0; i < BUILDS; i++) {
    // Drop the previous build first, so a build does not pay for collecting the last one.
    index = undefined;
    heapUsedAfterGc();
    const start = performance.now();
    index = CatalogIndex.fromData(data);
    buildMs.push(performance.now() - start);
  }
  const after = memoryAfterGc();
  const heapAfterBytes = after.heapUsed;
  const arrayBuffersBytes = after.arrayBuffers - before.arrayBuffers;
  const catalog = index!;
  log(
    `  ours: built in ${buildMs.map((ms) => ms.toFixed(0)).join(" / ")} ms; heap ${(heapAfterBytes / 2 ** 20).toFixed(0)} MB`,
  );

  const bodies = queries.map(ourBrowseQuery);
  const samples = bodies.slice(0, sampleCount).map((q) => outcomeOf(catalog.searchProducts(q)));
  for (const [i, s] of samples.entries()) {
    // The checks are only worth something if the engines return the facets asked for.
    if (Object.keys(s.facets).length !== 4)
      throw new Error(`ours: browse ${i} returned ${Object.keys(s.facets)}`);
    for (const options of Object.values(s.facets))
      if (Object.keys(options).length > FACET_SIZE) throw new Error("ours: more than 10 facet options");
  }

  // Warm-up: every query twice, so the JIT has seen every path before the clock runs.
  for (let round = 0; round < 2; round++) for (const q of bodies) catalog.searchProducts(q);
  for (let round = 0; round < 20; round++)
    for (const text of TEXT_QUERIES) catalog.searchProducts({ _searchText: text, size: PAGE_SIZE });

  heapUsedAfterGc();
  // ≥ 2,000 runs: the query set cycled 15 times (3,000), bounded at 30 s in case of a regression.
  const browseSamples = timeSync({ maxRuns: bodies.length * 15, maxMs: 30_000 }, (i) =>
    catalog.searchProducts(bodies[i % bodies.length]!),
  );
  const browse = summarize(browseSamples);

  heapUsedAfterGc();
  const perQuery = TEXT_QUERIES.map(() => [] as number[]);
  const textSamples = timeSync({ maxRuns: TEXT_QUERIES.length * 150, maxMs: 20_000 }, (i) => {
    const k = i % TEXT_QUERIES.length;
    const start = performance.now();
    catalog.searchProducts({ _searchText: TEXT_QUERIES[k], size: PAGE_SIZE });
    perQuery[k]!.push(performance.now() - start);
  });
  const text = summarize(textSamples);
  const textPerQuery = TEXT_QUERIES.map((query, k) => {
    const r = catalog.searchProducts({ _searchText: query, size: PAGE_SIZE });
    return {
      query,
      total: r.total,
      p50: median(perQuery[k]!),
      top: r.items.slice(0, 3).map((p) => String(p.name)),
    };
  });
  heapUsedAfterGc();
  const costs = breakdown(catalog, queries);

  const flat = flatten(data, catalog.snapshot().products);
  return {
    buildMs,
    buildMedianMs: median(buildMs),
    heapBeforeBytes,
    heapAfterBytes,
    arrayBuffersBytes,
    browse,
    text,
    textPerQuery,
    breakdown: costs,
    samples,
    flat,
  };
}
