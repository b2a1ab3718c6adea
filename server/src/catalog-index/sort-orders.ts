/**
 * Precomputed sort orders (browsing §9 "Default sort: category.position ascending"; updated_at,
 * final_price and name as choices). Each key keeps a dense rank per document (equal values share
 * a rank, so several keys can be combined) and the documents in ascending and descending order,
 * so a page of a large result is read off the order without sorting.
 */
export interface SortKey {
  /** Dense rank per document; documents without a value rank after all others. */
  rank: Int32Array;
  asc: Int32Array;
  desc: Int32Array;
  /** The orders hold only the documents with a value; the rest follow in document order. */
  partial?: boolean;
}

export const MISSING_RANK = 0x7fffffff;

/** A sort key from a comparator of values; `has(doc)` false means "no value" (sorted last both ways). */
export function sortKey(
  size: number,
  has: (doc: number) => boolean,
  compare: (a: number, b: number) => number,
): SortKey {
  const docs: number[] = [];
  for (let doc = 0; doc < size; doc++) if (has(doc)) docs.push(doc);
  docs.sort((a, b) => compare(a, b) || a - b);
  const rank = new Int32Array(size).fill(MISSING_RANK);
  let r = -1;
  for (let i = 0; i < docs.length; i++) {
    if (i === 0 || compare(docs[i - 1]!, docs[i]!) !== 0) r++;
    rank[docs[i]!] = r;
  }
  const missing: number[] = [];
  for (let doc = 0; doc < size; doc++) if (rank[doc] === MISSING_RANK) missing.push(doc);
  const asc = Int32Array.from([...docs, ...missing]);
  // Descending by value, ties still in document order, missing values still last.
  const desc = Int32Array.from([...docs].sort((a, b) => rank[b]! - rank[a]! || a - b).concat(missing));
  return { rank, asc, desc };
}

export function numericSortKey(values: Float64Array): SortKey {
  return sortKey(
    values.length,
    (doc) => !Number.isNaN(values[doc]!),
    (a, b) => values[a]! - values[b]!,
  );
}

/**
 * A key over a few members only (a category's positions): the orders list the members, so 100
 * categories of 20k products do not cost 100 full-length orders.
 */
export function memberSortKey(
  size: number,
  members: readonly number[],
  value: (doc: number) => number,
): SortKey {
  const docs = [...members].sort((a, b) => value(a) - value(b) || a - b);
  const rank = new Int32Array(size).fill(MISSING_RANK);
  let r = -1;
  for (let i = 0; i < docs.length; i++) {
    if (i === 0 || value(docs[i - 1]!) !== value(docs[i]!)) r++;
    rank[docs[i]!] = r;
  }
  const desc = [...docs].sort((a, b) => rank[b]! - rank[a]! || a - b);
  return { rank, asc: Int32Array.from(docs), desc: Int32Array.from(desc), partial: true };
}
