/**
 * Point keys (skus, url paths, url keys) → what holds them. Nearly every key belongs to one
 * document, so a key maps to one number; only a key that several documents share gets a list.
 * At 100,000 children that saves a small array (or a `{ doc, child }` object) per key, which the
 * index build otherwise allocates and the collector copies.
 */
export class PointKeys {
  private readonly firstOf = new Map<string, number>();
  private readonly restOf = new Map<string, number[]>();

  /** Adds `value` under `key`; the same value twice in a row under one key counts once. */
  add(key: string, value: number): void {
    const first = this.firstOf.get(key);
    if (first === undefined) {
      this.firstOf.set(key, value);
      return;
    }
    if (first === value) return;
    const rest = this.restOf.get(key);
    if (!rest) this.restOf.set(key, [value]);
    else if (rest[rest.length - 1] !== value) rest.push(value);
  }

  /** The first value added under `key`. */
  first(key: string): number | undefined {
    return this.firstOf.get(key);
  }

  /** Calls `fn` with every value under `key`, in the order added. */
  each(key: string, fn: (value: number) => void): void {
    const first = this.firstOf.get(key);
    if (first === undefined) return;
    fn(first);
    const rest = this.restOf.get(key);
    if (rest) for (const value of rest) fn(value);
  }

  get size(): number {
    return this.firstOf.size;
  }
}

/**
 * A configurable child as one number: its parent's document and its place among the parent's
 * children (`child * size + doc`), exact up to 2^53, so no object per child.
 */
export const childRef = (size: number, doc: number, child: number) => child * size + doc;
export const docOfChildRef = (size: number, ref: number) => ref % size;
export const childOfChildRef = (size: number, ref: number) => Math.floor(ref / size);
