/**
 * Catalogue search (contract "Catalogue"; browsing §5, §7, §9): the one place the HTTP route and
 * SSR loaders both call. Answers are plain objects in the contract's shape (not wrapped in the
 * `{ code, result }` envelope); a query the index cannot answer is an ApiError 400 naming the
 * field.
 */
import zlib from "node:zlib";
import { STORE } from "@etalage/core";
import type { CachedAnswer } from "../catalog-index/answer-cache.ts";
import type { CatalogIndex } from "../catalog-index/catalog-index.ts";
import { ENTITY_TYPES, type EntityType } from "../catalog-index/entities.ts";
import {
  DEFAULT_SIZE,
  type ProductQuery,
  type ProductSearchResult,
  QueryError,
  type SearchResult,
} from "../catalog-index/query-types.ts";
import { ApiError } from "../http/envelope.ts";
import { projectionFor, sourceFilter, sourceKey } from "./catalog-search-source.ts";

export type { ProductQuery, ProductSearchResult, SearchResult };

/** The largest page a client may ask for (browsing §9: "category fetch 4000"). */
const MAX_SIZE = 4000;

export interface CatalogSearchRequest {
  index: string;
  entityType: string;
  body: Omit<ProductQuery, "from" | "size">;
  from?: number | undefined;
  size?: number | undefined;
  sourceInclude?: readonly string[] | undefined;
  sourceExclude?: readonly string[] | undefined;
  /** Where the body came from, for error paths: "body", or "querystring.request" for GET. */
  bodyPath?: string;
  /** The documents of a type the index does not hold: cms_page and cms_block, from the CMS port. */
  docs?: readonly object[] | undefined;
}

/** Entity types the CMS port answers rather than the catalogue index. */
export const CMS_ENTITY_TYPES = ["cms_page", "cms_block"] as const;
export const isCmsEntityType = (type: string): type is (typeof CMS_ENTITY_TYPES)[number] =>
  (CMS_ENTITY_TYPES as readonly string[]).includes(type);

const isEntityType = (type: string): type is EntityType => (ENTITY_TYPES as readonly string[]).includes(type);

/** Browsing §5: a size of 0 or less becomes 50, a negative start 0. */
function paging(from: number | undefined, size: number | undefined): { from: number; size: number } {
  return {
    from: from === undefined || from < 0 ? 0 : Math.floor(from),
    size: size === undefined || size <= 0 ? DEFAULT_SIZE : Math.floor(size),
  };
}

export function catalogSearch(catalog: CatalogIndex, request: CatalogSearchRequest): SearchResult<object> {
  const checked = checkRequest(request);
  const result = runSearch(catalog, request, checked);
  const filter = sourceFilter(request.sourceInclude, request.sourceExclude);
  if (!filter) return result;
  const projection = projectionFor(filter);
  return { ...result, items: result.items.map((item) => projection.apply(item)) };
}

/**
 * The same search as `catalogSearch`, as the HTTP answer: encoded JSON, from the answer cache when
 * the same request was answered from the current catalogue before. Product documents are encoded
 * once per field list and spliced into the answer (see `Projection.bytesOf`). `key` names the
 * cache entry, when the answer may be cached (CMS documents are not the index's).
 */
export function catalogAnswer(
  catalog: CatalogIndex,
  request: CatalogSearchRequest,
): { answer: CachedAnswer; key: string | undefined } {
  const checked = checkRequest(request);
  const filter = sourceFilter(request.sourceInclude, request.sourceExclude);
  const key =
    request.docs === undefined && catalog.answers.enabled
      ? JSON.stringify([checked.entityType, checked.from, checked.size, sourceKey(filter), request.body])
      : undefined;
  const cached = key === undefined ? undefined : catalog.answers.get(key);
  if (cached) return { answer: cached, key };
  const result = runSearch(catalog, request, checked);
  const projection = projectionFor(filter);
  // Only the index's products are immutable and shared, so only their encodings may be kept.
  const itemJson =
    checked.entityType === "product" && request.docs === undefined
      ? (item: object) => projection.bytesOf(item)
      : (item: object) => Buffer.from(JSON.stringify(projection.apply(item)));
  const answer: CachedAnswer = { body: answerBytes(result, itemJson) };
  if (key !== undefined) catalog.answers.set(key, answer);
  return { answer, key };
}

/**
 * The answer brotli-compressed, once per cached answer. Quality 4 as for every dynamic answer
 * (server/src/app.ts): about 1 ms per 80 kB.
 */
export function brotliAnswer(catalog: CatalogIndex, answer: CachedAnswer, key: string | undefined): Buffer {
  if (answer.br) return answer.br;
  const br = zlib.brotliCompressSync(answer.body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
    },
  });
  if (key === undefined) answer.br = br;
  else catalog.answers.addBrotli(key, answer, br);
  return br;
}

const COMMA = Buffer.from(",");

/** A search answer as UTF-8 JSON, keys in the contract's order, items encoded by `itemJson`. */
export function answerBytes(result: SearchResult<object>, itemJson: (item: object) => Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from('{"items":[')];
  for (let i = 0; i < result.items.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(itemJson(result.items[i]!));
  }
  parts.push(
    Buffer.from(
      `],"total":${JSON.stringify(result.total)},"start":${JSON.stringify(result.start)}` +
        `,"perPage":${JSON.stringify(result.perPage)},"aggregations":${JSON.stringify(result.aggregations)}` +
        `,"attributeMetadata":${JSON.stringify(result.attributeMetadata)}}`,
    ),
  );
  return Buffer.concat(parts);
}

interface CheckedRequest {
  entityType: EntityType;
  from: number;
  size: number;
}

function checkRequest(request: CatalogSearchRequest): CheckedRequest {
  if (request.index !== STORE.catalogIndex) {
    throw fieldError(
      "params.index",
      `No index named "${request.index}" (this store's index is ${STORE.catalogIndex})`,
    );
  }
  if (!isEntityType(request.entityType)) {
    throw new ApiError(400, `No entity type registered for ${request.entityType}`, {
      errors: [{ path: "params.entityType", message: `No entity type registered for ${request.entityType}` }],
    });
  }
  const { from, size } = paging(request.from, request.size);
  if (size > MAX_SIZE) throw fieldError("querystring.size", `must be at most ${MAX_SIZE}`);
  return { entityType: request.entityType, from, size };
}

function runSearch(
  catalog: CatalogIndex,
  request: CatalogSearchRequest,
  { entityType, from, size }: CheckedRequest,
): SearchResult<object> {
  try {
    return catalog.search(entityType, { ...request.body, from, size }, request.docs);
  } catch (error) {
    if (error instanceof QueryError)
      throw fieldError(`${request.bodyPath ?? "body"}.${error.path}`, error.message);
    throw error;
  }
}

/**
 * A product search for in-process callers (SSR loaders): the same rules as the API, with the
 * index's own products (share them; do not change them). Throws ApiError 400 like the API.
 */
export function searchProducts(catalog: CatalogIndex, query: ProductQuery): ProductSearchResult {
  const { from, size } = paging(query.from, query.size);
  try {
    return catalog.searchProducts({ ...query, from, size: Math.min(size, MAX_SIZE) });
  } catch (error) {
    if (error instanceof QueryError) throw fieldError(error.path, error.message);
    throw error;
  }
}

function fieldError(path: string, message: string): ApiError {
  return new ApiError(400, `${path}: ${message}`, { errors: [{ path, message }] });
}
