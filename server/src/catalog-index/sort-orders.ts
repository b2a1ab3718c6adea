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
function sortKey(
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
  const asc = new Int32Array(size);
  asc.set(docs);
  const desc = descending(docs, rank, size);
  let k = docs.length;
  for (let doc = 0; doc < size; doc++) {
    if (rank[doc] !== MISSING_RANK) continue;
    asc[k] = doc;
    desc[k++] = doc;
  }
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
 * categories of 20k products do not cost 100 full-length orders. `values[i]` is the value of
 * `members[i]`.
 */
export function memberSortKey(size: number, members: readonly number[], values: readonly number[]): SortKey {
  const at = Array.from(members, (_, i) => i).sort(
    (a, b) => values[a]! - values[b]! || members[a]! - members[b]!,
  );
  const docs = at.map((i) => members[i]!);
  const rank = new Int32Array(size).fill(MISSING_RANK);
  let r = -1;
  for (let i = 0; i < at.length; i++) {
    if (i === 0 || values[at[i - 1]!] !== values[at[i]!]) r++;
    rank[docs[i]!] = r;
  }
  return { rank, asc: Int32Array.from(docs), desc: descending(docs, rank, docs.length), partial: true };
}

/**
 * Descending by value, ties still in document order: the groups of equal rank of the ascending
 * order, last group first. No second sort. Filled up to `docs.length` of `length`.
 */
function descending(docs: readonly number[], rank: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length);
  let k = 0;
  let end = docs.length;
  while (end > 0) {
    const r = rank[docs[end - 1]!];
    let start = end - 1;
    while (start > 0 && rank[docs[start - 1]!] === r) start--;
    for (let i = start; i < end; i++) out[k++] = docs[i]!;
    end = start;
  }
  return out;
}
