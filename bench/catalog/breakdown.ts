/**
 * What one `/api/catalog` product answer costs before it reaches the socket, stage by stage, in
 * this process: the index query, the route's zod response encoding (fastify-type-provider-zod's
 * serializer runs `safeEncode` on `searchResponse`), JSON.stringify, the UTF-8 length Fastify
 * computes for Content-Length, and `_source_include` projection with a listing-tile field list.
 * It explains the HTTP figure: when the server is CPU-bound, requests/s ≈ 1 / (sum of stages +
 * HTTP and GC overhead).
 */
import { searchResponse } from "../../server/src/api/catalog/validators.ts";
import type { CatalogIndex } from "../../server/src/catalog-index/catalog-index.ts";
import type { ProductSearchResult } from "../../server/src/catalog-index/query-types.ts";
import { applySource, sourceFilter } from "../../server/src/services/catalog-search-source.ts";
import { summarize, timeSync } from "../lib/stats.ts";
import { type BrowseQuery, ourBrowseQuery } from "./data.ts";

/** Fields a product tile needs (name, link, image, prices, swatches, sizes in stock). */
export const LISTING_FIELDS = [
  "id",
  "sku",
  "type_id",
  "name",
  "url_path",
  "image",
  "price_incl_tax",
  "final_price_incl_tax",
  "special_price_incl_tax",
  "*_options",
  "configurable_children.sku",
  "configurable_children.color",
  "configurable_children.size",
  "configurable_children.stock.is_in_stock",
];

export interface Stage {
  stage: string;
  /** Mean ms per answer over the query set (means add up; percentiles do not). */
  meanMs: number;
  p50Ms: number;
}

export interface Breakdown {
  stages: Stage[];
  meanBytes: number;
  meanBytesWithListingFields: number;
}

/** The route hands the index's answer to the serializer as the schema's type (route.ts does the same cast). */
type SearchResponse = Parameters<typeof searchResponse.safeEncode>[0];

export function breakdown(catalog: CatalogIndex, queries: readonly BrowseQuery[]): Breakdown {
  const bodies = queries.map(ourBrowseQuery);
  const results: ProductSearchResult[] = bodies.map((q) => catalog.searchProducts(q));
  const asResponse = (r: ProductSearchResult) => r as unknown as SearchResponse;
  const encoded = results.map((r) => {
    const e = searchResponse.safeEncode(asResponse(r));
    if (!e.success) throw new Error("the response schema rejects a search answer");
    return e.data;
  });
  const texts = encoded.map((e) => JSON.stringify(e));
  const filter = sourceFilter(LISTING_FIELDS, []);
  const n = queries.length;
  const stage = (name: string, fn: (i: number) => unknown, maxMs = 3_000): Stage => {
    timeSync({ maxRuns: n, maxMs: 1_000 }, (i) => fn(i % n));
    const s = summarize(timeSync({ maxRuns: n * 5, maxMs }, (i) => fn(i % n)));
    return { stage: name, meanMs: s.mean, p50Ms: s.p50 };
  };
  const stages = [
    stage("index: searchProducts", (i) => catalog.searchProducts(bodies[i]!)),
    stage("zod safeEncode(searchResponse)", (i) => searchResponse.safeEncode(asResponse(results[i]!))),
    stage("JSON.stringify", (i) => JSON.stringify(encoded[i]!)),
    stage("Buffer.byteLength (Content-Length)", (i) => Buffer.byteLength(texts[i]!)),
    stage("_source_include listing fields (24 items)", (i) =>
      results[i]!.items.map((item) => applySource(item, filter)),
    ),
  ];
  const meanBytes = texts.reduce((a, t) => a + Buffer.byteLength(t), 0) / n;
  const meanBytesWithListingFields =
    results.reduce(
      (a, r) =>
        a +
        Buffer.byteLength(JSON.stringify({ ...r, items: r.items.map((item) => applySource(item, filter)) })),
      0,
    ) / n;
  return { stages, meanBytes, meanBytesWithListingFields };
}
