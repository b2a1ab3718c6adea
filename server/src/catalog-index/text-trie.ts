/**
 * The words of the index as written (normalised), in a trie, for the two searches that cannot
 * use a hash lookup: words starting with what the shopper is still typing, and words within a
 * few typos (Levenshtein with adjacent transpositions, as Elasticsearch's fuzzy query counts).
 */
export class WordTrie {
  private readonly children: Map<number, number>[] = [new Map()];
  /** Per node: the word id ending here, or -1. */
  private ends: number[] = [-1];
  readonly words: string[] = [];

  /** Adds a word once; returns its id. */
  add(word: string): number {
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let next = this.children[node]!.get(c);
      if (next === undefined) {
        next = this.children.length;
        this.children.push(new Map());
        this.ends.push(-1);
        this.children[node]!.set(c, next);
      }
      node = next;
    }
    if (this.ends[node] === -1) {
      this.ends[node] = this.words.length;
      this.words.push(word);
    }
    return this.ends[node]!;
  }

  /** Ids of words that start with `prefix` (the prefix itself included), at most `limit`. */
  withPrefix(prefix: string, limit: number): number[] {
    let node = 0;
    for (let i = 0; i < prefix.length; i++) {
      const next = this.children[node]!.get(prefix.charCodeAt(i));
      if (next === undefined) return [];
      node = next;
    }
    const out: number[] = [];
    const stack = [node];
    while (stack.length > 0 && out.length < limit) {
      const at = stack.pop()!;
      if (this.ends[at]! >= 0) out.push(this.ends[at]!);
      for (const child of this.children[at]!.values()) stack.push(child);
    }
    return out;
  }

  /** Words within `maxEdits` of `word`, with their distance. */
  fuzzy(word: string, maxEdits: number): { id: number; distance: number }[] {
    const out: { id: number; distance: number }[] = [];
    if (maxEdits <= 0) return out;
    const n = word.length;
    const first = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) first[i] = i;
    const walk = (
      node: number,
      ch: number,
      prevCh: number,
      prev: Int32Array,
      prevPrev: Int32Array | null,
    ) => {
      const row = new Int32Array(n + 1);
      row[0] = prev[0]! + 1;
      let best = row[0]!;
      for (let i = 1; i <= n; i++) {
        const wc = word.charCodeAt(i - 1);
        let v = Math.min(row[i - 1]! + 1, prev[i]! + 1, prev[i - 1]! + (wc === ch ? 0 : 1));
        if (prevPrev && i > 1 && wc === prevCh && word.charCodeAt(i - 2) === ch)
          v = Math.min(v, prevPrev[i - 2]! + 1);
        row[i] = v;
        if (v < best) best = v;
      }
      const id = this.ends[node]!;
      if (id >= 0 && row[n]! <= maxEdits) out.push({ id, distance: row[n]! });
      if (best > maxEdits) return;
      for (const [c, child] of this.children[node]!) walk(child, c, ch, row, prev);
    };
    for (const [c, child] of this.children[0]!) walk(child, c, -1, first, null);
    return out;
  }
}
