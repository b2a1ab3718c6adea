/**
 * Catalogue search (contract "Catalogue"; browsing §5, §7, §9): the one place the HTTP route and
 * SSR loaders both call. Answers are plain objects in the contract's shape (not wrapped in the
 * `{ code, result }` envelope); a query the index cannot answer is an ApiError 400 naming the
 * field.
 */
import { STORE } from "@etalage/core";
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
import { applySource, sourceFilter } from "./catalog-search-source.ts";

export type { ProductQuery, ProductSearchResult, SearchResult };

/** The largest page a client may ask for (browsing §9: "category fetch 4000"). */
export const MAX_SIZE = 4000;

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

export const isEntityType = (type: string): type is EntityType =>
  (ENTITY_TYPES as readonly string[]).includes(type);

/** Browsing §5: a size of 0 or less becomes 50, a negative start 0. */
export function paging(from: number | undefined, size: number | undefined): { from: number; size: number } {
  return {
    from: from === undefined || from < 0 ? 0 : Math.floor(from),
    size: size === undefined || size <= 0 ? DEFAULT_SIZE : Math.floor(size),
  };
}

export function catalogSearch(catalog: CatalogIndex, request: CatalogSearchRequest): SearchResult<object> {
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
  let result: SearchResult<object>;
  try {
    result = catalog.search(request.entityType, { ...request.body, from, size }, request.docs);
  } catch (error) {
    if (error instanceof QueryError)
      throw fieldError(`${request.bodyPath ?? "body"}.${error.path}`, error.message);
    throw error;
  }
  const filter = sourceFilter(request.sourceInclude, request.sourceExclude);
  return filter ? { ...result, items: result.items.map((item) => applySource(item, filter)) } : result;
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
