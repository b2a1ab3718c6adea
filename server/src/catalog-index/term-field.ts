/**
 * A filterable field with discrete values (an attribute's option ids, category ids, visibility,
 * status, …): per value the documents that have it, as a bitset when the field has few values
 * (facets intersect those), and per document its values (facet counts over a small result walk
 * those instead).
 */
import { type Bits, bitsOf, emptyBits, orInto, wordsFor } from "./bitset.ts";

/** Bitsets are kept up front for fields with at most this many values; others are made on demand. */
const EAGER_BITS_MAX_VALUES = 4096;

/**
 * The value ids of every document while a field is built, shared by all fields (a build is
 * synchronous, so one field at a time uses it): it grows to the largest field once instead of a
 * JS array per field growing and being copied each time.
 */
let scratch = new Int32Array(1 << 16);

export class TermField {
  readonly keys: string[] = [];
  readonly idOf = new Map<string, number>();
  /** Per value id, its documents ascending: views into one buffer. */
  readonly docsOf: Int32Array[] = [];
  private readonly bits: (Bits | undefined)[] = [];
  /** CSR: the value ids of doc d are valueIds[docStart[d] .. docStart[d+1]). */
  readonly docStart: Int32Array;
  readonly valueIds: Int32Array;

  /** `valuesOfDoc(doc, add)` calls `add(key)` for each value of the document; repeats are ignored. */
  constructor(
    readonly size: number,
    valuesOfDoc: (doc: number, add: (key: string) => void) => void,
  ) {
    const starts = new Int32Array(size + 1);
    const lastDoc: number[] = [];
    let ids = scratch;
    let n = 0;
    let doc = 0;
    const add = (key: string) => {
      let id = this.idOf.get(key);
      if (id === undefined) {
        id = this.keys.length;
        this.idOf.set(key, id);
        this.keys.push(key);
        lastDoc.push(-1);
      }
      if (lastDoc[id] === doc) return;
      lastDoc[id] = doc;
      if (n === ids.length) {
        const grown = new Int32Array(ids.length * 2);
        grown.set(ids);
        ids = scratch = grown;
      }
      ids[n++] = id;
    };
    for (; doc < size; doc++) {
      starts[doc] = n;
      valuesOfDoc(doc, add);
    }
    starts[size] = n;
    this.docStart = starts;
    this.valueIds = ids.slice(0, n);

    // The documents of each value: a counting sort of the (document, value) pairs by value, so
    // documents stay ascending; one buffer for all values, and one for their bitsets.
    const values = this.keys.length;
    const offsets = new Int32Array(values + 1);
    for (let i = 0; i < n; i++) offsets[ids[i]! + 1]!++;
    for (let v = 0; v < values; v++) offsets[v + 1]! += offsets[v]!;
    const next = offsets.slice(0, values);
    const docs = new Int32Array(n);
    const eager = values <= EAGER_BITS_MAX_VALUES;
    const words = wordsFor(size);
    const allBits = eager ? new Uint32Array(values * words) : undefined;
    for (let d = 0; d < size; d++) {
      for (let i = starts[d]!; i < starts[d + 1]!; i++) {
        const id = ids[i]!;
        docs[next[id]!++] = d;
        if (allBits) allBits[id * words + (d >>> 5)]! |= 1 << (d & 31);
      }
    }
    for (let v = 0; v < values; v++) {
      this.docsOf.push(docs.subarray(offsets[v]!, offsets[v + 1]!));
      this.bits.push(allBits?.subarray(v * words, (v + 1) * words));
    }
  }

  /** Documents with this value (shared; do not change it), or undefined for an unknown value. */
  bitsFor(key: string): Bits | undefined {
    const id = this.idOf.get(key);
    return id === undefined ? undefined : this.bitsAt(id);
  }

  bitsAt(id: number): Bits {
    let bits = this.bits[id];
    if (!bits) {
      bits = bitsOf(this.size, this.docsOf[id]!);
      this.bits[id] = bits;
    }
    return bits;
  }

  /** A new set of the documents with any of these values. */
  union(keys: Iterable<string>): Bits {
    const out = emptyBits(this.size);
    for (const key of keys) {
      const bits = this.bitsFor(key);
      if (bits) orInto(out, bits);
    }
    return out;
  }

  /** A new set of the documents with any value whose number passes `test` (range operators). */
  unionWhere(test: (value: number) => boolean): Bits {
    const out = emptyBits(this.size);
    this.keys.forEach((key, id) => {
      const n = Number(key);
      if (key !== "" && Number.isFinite(n) && test(n)) orInto(out, this.bitsAt(id));
    });
    return out;
  }

  /** Mean number of values per document, to choose how to count facets. */
  get valuesPerDoc(): number {
    return this.size === 0 ? 0 : this.valueIds.length / this.size;
  }
}
