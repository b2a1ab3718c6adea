/**
 * A numeric field (final price including tax, dates as epoch milliseconds, ids): the values per
 * document plus the documents in value order, so a range is two binary searches and a slice.
 */
import { type Bits, emptyBits, setBit } from "./bitset.ts";

export interface Range {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

export class NumericField {
  /** NaN where a document has no value. */
  readonly values: Float64Array;
  /** Documents with a value, ascending by value, ties by document number. */
  readonly order: Int32Array;
  private readonly sorted: Float64Array;

  constructor(values: Float64Array) {
    this.values = values;
    const docs: number[] = [];
    for (let doc = 0; doc < values.length; doc++) if (!Number.isNaN(values[doc]!)) docs.push(doc);
    docs.sort((a, b) => values[a]! - values[b]! || a - b);
    this.order = Int32Array.from(docs);
    this.sorted = Float64Array.from(docs, (doc) => values[doc]!);
  }

  /** First position whose value is >= v (or > v when `strict`). */
  private lowerBound(v: number, strict: boolean): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const x = this.sorted[mid]!;
      if (strict ? x <= v : x < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  rangeBits(range: Range): Bits {
    const out = emptyBits(this.values.length);
    let from = 0;
    let to = this.sorted.length;
    if (range.gte !== undefined) from = Math.max(from, this.lowerBound(range.gte, false));
    if (range.gt !== undefined) from = Math.max(from, this.lowerBound(range.gt, true));
    if (range.lte !== undefined) to = Math.min(to, this.lowerBound(range.lte, true));
    if (range.lt !== undefined) to = Math.min(to, this.lowerBound(range.lt, false));
    for (let i = from; i < to; i++) setBit(out, this.order[i]!);
    return out;
  }

  equalBits(values: readonly number[]): Bits {
    const out = emptyBits(this.values.length);
    for (const v of values) {
      for (let i = this.lowerBound(v, false); i < this.sorted.length && this.sorted[i] === v; i++) {
        setBit(out, this.order[i]!);
      }
    }
    return out;
  }
}
