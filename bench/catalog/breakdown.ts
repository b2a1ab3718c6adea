/**
 * What one `/api/catalog` product answer costs before it reaches the socket, stage by stage, in
 * this process: the index query; the answer's bytes put together from each product's encoding
 * (kept per field list), with whole documents and with a listing-tile `_source_include`; the
 * compiled projection itself; a whole answer through `catalogAnswer` without and with the answer
 * cache; brotli of an answer; and, for comparison, what the route did before (zod `safeEncode`
 * of the answer, `JSON.stringify`, the UTF-8 length for Content-Length). When the server is
 * CPU-bound, requests/s ≈ 1 / (these + HTTP and GC overhead).
 */
import zlib from "node:zlib";
import { searchResponse } from "../../server/src/api/catalog/validators.ts";
import {
  type CatalogIndex,
  DEFAULT_ANSWER_CACHE_BYTES,
} from "../../server/src/catalog-index/catalog-index.ts";
import type { ProductQuery, ProductSearchResult } from "../../server/src/catalog-index/query-types.ts";
import { answerBytes, catalogAnswer } from "../../server/src/services/catalog-search.ts";
import { projectionFor, sourceFilter } from "../../server/src/services/catalog-search-source.ts";
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

interface Stage {
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

/** The route used to hand the index's answer to the serializer as the schema's type. */
type SearchResponse = Parameters<typeof searchResponse.safeEncode>[0];

export function breakdown(catalog: CatalogIndex, queries: readonly BrowseQuery[]): Breakdown {
  const bodies = queries.map(ourBrowseQuery);
  const results: ProductSearchResult[] = bodies.map((q) => catalog.searchProducts(q));
  const full = projectionFor(undefined);
  const listing = projectionFor(sourceFilter(LISTING_FIELDS, []));
  const fullBytes = results.map((r) => answerBytes(r, (item) => full.bytesOf(item)));
  const request = (q: ProductQuery, include?: string[]) => {
    const { from, size, ...body } = q;
    return { index: "catalog_nl", entityType: "product", body, from, size, sourceInclude: include };
  };
  const cacheBytes = catalog.answers.stats().maxBytes || DEFAULT_ANSWER_CACHE_BYTES;
  const n = queries.length;
  const stage = (name: string, fn: (i: number) => unknown, maxMs = 3_000): Stage => {
    timeSync({ maxRuns: n, maxMs: 1_000 }, (i) => fn(i % n));
    const s = summarize(timeSync({ maxRuns: n * 5, maxMs }, (i) => fn(i % n)));
    return { stage: name, meanMs: s.mean, p50Ms: s.p50 };
  };
  const before = (r: ProductSearchResult) => {
    const e = searchResponse.safeEncode(r as unknown as SearchResponse);
    if (!e.success) throw new Error("the response schema rejects a search answer");
    return Buffer.byteLength(JSON.stringify(e.data));
  };
  const stages = [
    stage("index: searchProducts", (i) => catalog.searchProducts(bodies[i]!)),
    stage("answer bytes, whole documents (encodings kept)", (i) =>
      answerBytes(results[i]!, (item) => full.bytesOf(item)),
    ),
    stage("answer bytes, listing fields (encodings kept)", (i) =>
      answerBytes(results[i]!, (item) => listing.bytesOf(item)),
    ),
    stage("_source_include listing fields, compiled (24 objects)", (i) =>
      results[i]!.items.map((item) => listing.apply(item)),
    ),
  ];
  catalog.answers.resize(0);
  stages.push(
    stage("catalogAnswer, whole documents, cache off", (i) => catalogAnswer(catalog, request(bodies[i]!))),
    stage("catalogAnswer, listing fields, cache off", (i) =>
      catalogAnswer(catalog, request(bodies[i]!, LISTING_FIELDS)),
    ),
  );
  catalog.answers.resize(cacheBytes);
  stages.push(
    stage("catalogAnswer, cache hit", (i) => catalogAnswer(catalog, request(bodies[i]!))),
    stage("brotli q4 of a whole-document answer", (i) =>
      zlib.brotliCompressSync(fullBytes[i]!, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
    ),
    stage("before: zod safeEncode + JSON.stringify + Buffer.byteLength", (i) => before(results[i]!)),
  );
  const mean = (list: Buffer[]) => list.reduce((a, b) => a + b.length, 0) / n;
  return {
    stages,
    meanBytes: mean(fullBytes),
    meanBytesWithListingFields:
      results.reduce((a, r) => a + answerBytes(r, (item) => listing.bytesOf(item)).length, 0) / n,
  };
}
