/**
 * The traffic `/api/catalog` gets over HTTP, for the throughput runs: many distinct requests, the
 * popular ones asked far more often than the rest, as a shop's traffic is. A pool of distinct
 * requests — faceted browses (category + colours + sizes + 4 facets, price sort), plain category
 * listings (facets, position/price/newest sort) and text searches, pages 1 to 5, half of the
 * listings with a listing-tile `_source_include` and half whole documents — and a sequence drawn
 * from it with Zipf's law (s = 1) over a shuffled order, so which request is popular is random.
 */
import type { CatalogData } from "../../server/src/catalog-index/snapshot.ts";
import { LISTING_FIELDS } from "./breakdown.ts";
import { browseQueries, ourBrowseQuery, PAGE_SIZE, rng, TEXT_QUERIES } from "./data.ts";

const SEARCH_PATH = "/api/catalog/catalog_nl/product/_search";
/** Browsing §9: search shows 18 at a time. */
const SEARCH_PAGE = 18;

interface MixRequest {
  /** Path and query string. */
  path: string;
  /** The JSON body (POST), also sent as `?request=` (GET). */
  body: string;
  kind: "browse" | "listing" | "search";
}

export interface HttpMix {
  pool: MixRequest[];
  /** Indexes into `pool`, in the order they are sent. */
  sequence: number[];
  /** Distinct requests the sequence holds. */
  distinct: number;
}

/** More of what shoppers type, besides the suite's text queries: words, pairs, typos, prefixes. */
const MORE_WORDS = [
  "overhemd",
  "trui",
  "jas",
  "broek",
  "schoenen",
  "boots",
  "sokken",
  "riem",
  "das",
  "polo",
  "t-shirt",
  "vest",
  "colbert",
  "pak",
  "jeans",
  "chino",
  "loafer",
  "blauwe trui",
  "zwarte schoenen",
  "wit overhemd",
  "linnen",
  "katoen",
  "wol",
  "leer",
  "suede",
  "sneakers wit",
  "regenjas heren",
  "winterjas",
  "sweater",
  "overh",
  "snea",
  "jass",
  "trui blauw",
  "muts",
  "sjaal",
  "handschoenen",
];

export function httpMix(data: CatalogData, sequenceLength = 40_000, seed = 31): HttpMix {
  const r = rng(seed);
  const pool: MixRequest[] = [];
  const include = (i: number) => (i % 2 === 0 ? `&_source_include=${LISTING_FIELDS.join(",")}` : "");

  browseQueries(data, 1_200, seed).forEach((q, i) => {
    const { from, size, ...body } = ourBrowseQuery(q);
    pool.push({
      path: `${SEARCH_PATH}?from=${from}&size=${size}${include(i)}`,
      body: JSON.stringify(body),
      kind: "browse",
    });
  });

  const categories = data.categories.filter((c) => c.level === 2 || c.level === 3).map((c) => c.id);
  const sorts = [undefined, "final_price:asc", "final_price:desc", "updated_at:desc"];
  for (let i = 0; pool.length < 1_200 + 600; i++) {
    const category = categories[r.int(0, categories.length - 1)]!;
    const sort = sorts[r.int(0, sorts.length - 1)];
    const roll = r.next();
    const page = roll < 0.6 ? 0 : roll < 0.85 ? 1 : r.int(2, 4);
    const body = {
      _appliedFilters: [{ attribute: "category_ids", value: { in: [category] } }],
      _availableFilters: [
        { field: "color", scope: "catalog" },
        { field: "size", scope: "catalog" },
        { field: "brand" },
        { field: "price", scope: "catalog" },
      ],
      ...(sort ? { _appliedSort: [{ field: sort.split(":")[0]!, options: sort.split(":")[1]! }] } : {}),
    };
    pool.push({
      path: `${SEARCH_PATH}?from=${page * PAGE_SIZE}&size=${PAGE_SIZE}${include(i)}`,
      body: JSON.stringify(body),
      kind: "listing",
    });
  }

  for (const text of [...TEXT_QUERIES, ...MORE_WORDS]) {
    for (const page of [0, 1, 2]) {
      const body = { _searchText: text, ...(page === 0 ? { _availableFilters: [{ field: "brand" }] } : {}) };
      pool.push({
        path: `${SEARCH_PATH}?from=${page * SEARCH_PAGE}&size=${SEARCH_PAGE}&_source_include=${LISTING_FIELDS.join(",")}`,
        body: JSON.stringify(body),
        kind: "search",
      });
    }
  }

  // Zipf's law over a shuffled rank order: rank k is asked with weight 1 / k.
  const rankToPool = pool.map((_, i) => i);
  for (let i = rankToPool.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [rankToPool[i], rankToPool[j]] = [rankToPool[j]!, rankToPool[i]!];
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 1; k <= pool.length; k++) {
    sum += 1 / k;
    cumulative.push(sum);
  }
  const sequence: number[] = [];
  for (let n = 0; n < sequenceLength; n++) {
    const x = r.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    sequence.push(rankToPool[lo]!);
  }
  return { pool, sequence, distinct: new Set(sequence).size };
}
