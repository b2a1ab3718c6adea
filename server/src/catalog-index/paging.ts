/**
 * One page of a result in the asked order. With one sort key and a large result the page is read
 * off the precomputed order (no sort at all); a small result, or several keys, is sorted by the
 * keys' ranks. Both give the same order: by rank, missing values last, ties by document number.
 */
import { type Bits, forEachBit, hasBit } from "./bitset.ts";
import { MISSING_RANK, type SortKey } from "./sort-orders.ts";

export type SortSpec = { kind: "key"; key: SortKey; desc: boolean } | { kind: "relevance"; docs: Int32Array };

export function pageDocs(
  base: Bits,
  total: number,
  size: number,
  specs: readonly SortSpec[],
  from: number,
  perPage: number,
): number[] {
  const out: number[] = [];
  if (from >= total || perPage <= 0) return out;
  const end = Math.min(total, from + perPage);
  const first = specs[0];

  const walk = (order: Int32Array, rest?: Int32Array) => {
    let seen = 0;
    for (let i = 0; i < order.length && seen < end; i++) {
      const doc = order[i]!;
      if (!hasBit(base, doc)) continue;
      if (seen >= from) out.push(doc);
      seen++;
    }
    // A partial order lists the documents with a value; the others come last, in doc order.
    if (rest && seen < end) {
      forEachBit(base, (doc) => {
        if (rest[doc] !== MISSING_RANK || seen >= end) return;
        if (seen >= from) out.push(doc);
        seen++;
      });
    }
    return out;
  };
  if (first?.kind === "relevance") return walk(first.docs);
  if (specs.length === 1 && first && total * 16 >= size) {
    return walk(first.desc ? first.key.desc : first.key.asc, first.key.partial ? first.key.rank : undefined);
  }

  const docs: number[] = [];
  forEachBit(base, (doc) => {
    docs.push(doc);
  });
  const keys = specs.filter((s): s is Extract<SortSpec, { kind: "key" }> => s.kind === "key");
  docs.sort((a, b) => {
    for (const { key, desc } of keys) {
      const ra = key.rank[a]!;
      const rb = key.rank[b]!;
      if (ra === rb) continue;
      if (ra === MISSING_RANK) return 1;
      if (rb === MISSING_RANK) return -1;
      return desc ? rb - ra : ra - rb;
    }
    return a - b;
  });
  return docs.slice(from, end);
}
