/**
 * A filterable field with discrete values (an attribute's option ids, category ids, visibility,
 * status, …): per value the documents that have it, as a bitset when the field has few values
 * (facets intersect those), and per document its values (facet counts over a small result walk
 * those instead).
 */
import { type Bits, bitsOf, emptyBits, orInto } from "./bitset.ts";

/** Bitsets are kept up front for fields with at most this many values; others are made on demand. */
const EAGER_BITS_MAX_VALUES = 4096;

export class TermField {
  readonly keys: string[] = [];
  readonly idOf = new Map<string, number>();
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
    const lists: number[][] = [];
    const starts = new Int32Array(size + 1);
    const ids: number[] = [];
    const lastDoc: number[] = [];
    let doc = 0;
    const add = (key: string) => {
      let id = this.idOf.get(key);
      if (id === undefined) {
        id = this.keys.length;
        this.idOf.set(key, id);
        this.keys.push(key);
        lists.push([]);
        lastDoc.push(-1);
      }
      if (lastDoc[id] === doc) return;
      lastDoc[id] = doc;
      lists[id]!.push(doc);
      ids.push(id);
    };
    for (; doc < size; doc++) {
      starts[doc] = ids.length;
      valuesOfDoc(doc, add);
    }
    starts[size] = ids.length;
    this.docStart = starts;
    this.valueIds = Int32Array.from(ids);
    for (const list of lists) this.docsOf.push(Int32Array.from(list));
    const eager = this.keys.length <= EAGER_BITS_MAX_VALUES;
    for (const docs of this.docsOf) this.bits.push(eager ? bitsOf(size, docs) : undefined);
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
