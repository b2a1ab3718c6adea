/**
 * Fixed-size bitsets over dense document numbers (one bit per parent product), as Uint32Array
 * words. Filters and facets are intersections and population counts of these, which stay in the
 * microseconds at 20k products where a general search engine needed tens of milliseconds.
 */
export type Bits = Uint32Array;

export const wordsFor = (size: number) => (size + 31) >>> 5;

export function emptyBits(size: number): Bits {
  return new Uint32Array(wordsFor(size));
}

export function bitsOf(size: number, docs: Iterable<number>): Bits {
  const bits = emptyBits(size);
  for (const doc of docs) bits[doc >>> 5]! |= 1 << (doc & 31);
  return bits;
}

export function setBit(bits: Bits, doc: number) {
  bits[doc >>> 5]! |= 1 << (doc & 31);
}

export function hasBit(bits: Bits, doc: number): boolean {
  return (bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function popcount(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    const w = bits[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** |a ∩ b| without allocating. */
export function popcountAnd(a: Bits, b: Bits): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i]! & b[i]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

export function andInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
  return target;
}

export function orInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
  return target;
}

/** target := target ∖ other */
export function andNotInto(target: Bits, other: Bits): Bits {
  for (let i = 0; i < target.length; i++) target[i]! &= ~other[i]!;
  return target;
}

/** Copy of the intersection of all given sets (a copy of `universe` when none is given). */
export function intersectAll(universe: Bits, sets: readonly Bits[]): Bits {
  const out = universe.slice();
  for (const set of sets) andInto(out, set);
  return out;
}

/** Calls `fn` for every member in ascending order. */
export function forEachBit(bits: Bits, fn: (doc: number) => void) {
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i]!;
    while (w !== 0) {
      const low = w & -w;
      fn((i << 5) + 31 - Math.clz32(low));
      w ^= low;
    }
  }
}
