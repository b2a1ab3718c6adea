/**
 * Full-text queries over `TextIndex` (browsing §9: fuzziness 2, minimum_should_match 75 %,
 * min_score 0.02, boosts name 4 / sku 2 / category 1). Each query word becomes a term with
 * candidate index terms, each with a quality: the exact stem 1, a diminutive's base 0.95, a
 * compound's head 0.9, a completion of the word being typed 0.8, a typo 0.6 (one edit) or 0.4
 * (two). Typo candidates are looked for only when a word has no exact match, so "shirt" never
 * brings in "skirt", and exact matches rank above fuzzy ones by construction.
 */
import { type Bits, emptyBits, setBit } from "./bitset.ts";
import {
  diminutiveBases,
  hyphenJoined,
  isStopWord,
  maxEdits,
  normalize,
  splitWords,
  stem,
} from "./text-analysis.ts";
import type { TextIndex } from "./text-index.ts";

const MIN_SCORE = 0.02;
const MINIMUM_SHOULD_MATCH = 0.75;
const PREFIX_MIN_LENGTH = 3;
const PREFIX_LIMIT = 64;

const QUALITY = {
  exact: 1,
  diminutive: 0.95,
  compound: 0.9,
  prefix: 0.8,
  typo1: 0.6,
  typo2: 0.4,
} as const;

interface Candidate {
  term: number;
  quality: number;
}

/** One word of the query: `head` must match; `extras` (a compound's modifier) only add score. */
export interface QueryTerm {
  word: string;
  head: Candidate[];
  extras: Candidate[][];
  kind: "exact" | "diminutive" | "compound" | "typo" | "prefix" | "none";
}

export interface TextHits {
  /** Matching docs, best first (ties in doc order). */
  docs: Int32Array;
  /** Normalised scores (best = 1; an exact sku hit is above 1). */
  scores: Float64Array;
  bits: Bits;
}

export function parseQuery(index: TextIndex, text: string): QueryTerm[] {
  const typing = !/\s$/.test(text);
  // A hyphenated word the index knows joined ("t-shirt" → "tshirt") stays one word.
  const words = normalize(text)
    .split(/\s+/)
    .flatMap((chunk) => {
      const joined = hyphenJoined(chunk);
      return joined && index.termIds.has(stem(joined)) ? [joined] : splitWords(chunk);
    });
  const meaningful = words.filter((w) => !isStopWord(w));
  const list = meaningful.length > 0 ? meaningful : words;
  return list.slice(0, 32).map((word, i) => queryTerm(index, word, typing && i === list.length - 1));
}

function queryTerm(index: TextIndex, word: string, typing: boolean): QueryTerm {
  const termOf = (w: string) => index.termIds.get(stem(w));
  const head: Candidate[] = [];
  const seen = new Set<number>();
  const push = (list: Candidate[], term: number | undefined, quality: number) => {
    if (term === undefined || seen.has(term)) return;
    seen.add(term);
    list.push({ term, quality });
  };
  let kind: QueryTerm["kind"] = "none";
  const extras: Candidate[][] = [];

  push(head, termOf(word), QUALITY.exact);
  if (head.length > 0) kind = "exact";
  if (kind === "none") {
    for (const base of diminutiveBases(word)) push(head, termOf(base), QUALITY.diminutive);
    if (head.length > 0) kind = "diminutive";
  }
  if (kind === "none") {
    const split = index.splitCompound(word);
    if (split) {
      push(head, termOf(split.head), QUALITY.compound);
      if (split.modifier) {
        const modifier: Candidate[] = [];
        push(modifier, termOf(split.modifier), QUALITY.compound);
        if (modifier.length > 0) extras.push(modifier);
      }
      if (head.length > 0) kind = "compound";
    }
  }
  if (typing && word.length >= PREFIX_MIN_LENGTH) {
    // Shorter completions first: "sne" is more likely "sneaker" than "sneakersokken".
    for (const id of index.trie.withPrefix(word, PREFIX_LIMIT)) {
      const completion = index.trie.words[id]!;
      push(head, index.surfaceTerm[id], QUALITY.prefix - 0.1 * (1 - word.length / completion.length));
    }
    if (kind === "none" && head.length > 0) kind = "prefix";
  }
  if (kind === "none") {
    const hits = index.trie.fuzzy(word, maxEdits(word)).sort((a, b) => a.distance - b.distance);
    for (const hit of hits)
      push(head, index.surfaceTerm[hit.id], hit.distance === 1 ? QUALITY.typo1 : QUALITY.typo2);
    if (head.length > 0) kind = "typo";
  }
  return { word, head, extras, kind };
}

/** Scratch arrays reused across queries (one thread, one query at a time). */
class Scratch {
  readonly total: Float64Array;
  readonly matched: Uint16Array;
  readonly best: Float64Array;
  readonly headOf: Int32Array;
  constructor(size: number) {
    this.total = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.best = new Float64Array(size);
    this.headOf = new Int32Array(size).fill(-1);
  }
}
const scratches = new WeakMap<TextIndex, Scratch>();

export function searchText(index: TextIndex, text: string): TextHits {
  const size = index.size;
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = new Scratch(size);
    scratches.set(index, scratch);
  }
  const { total, matched, best, headOf } = scratch;
  const terms = parseQuery(index, text);
  const touched: number[] = [];

  // best[doc] := the best candidate score of one part, for the docs in `partDocs`.
  // One idf for all candidates of a word, from the commonest of them ("blended" frequencies, as
  // Elasticsearch rewrites fuzzy queries): a rare completion or typo must not outrank the word.
  const scorePart = (candidates: Candidate[]): number[] => {
    const partDocs: number[] = [];
    let df = 1;
    for (const { term } of candidates) df = Math.max(df, index.postings[term]!.docs.length);
    const idf = Math.log(1 + size / df);
    for (const { term, quality } of candidates) {
      const p = index.postings[term]!;
      const factor = quality * idf;
      for (let k = 0; k < p.docs.length; k++) {
        const doc = p.docs[k]!;
        const v = p.weights[k]! * factor;
        if (best[doc] === 0) partDocs.push(doc);
        if (v > best[doc]!) best[doc] = v;
      }
    }
    return partDocs;
  };

  terms.forEach((term, t) => {
    for (const doc of scorePart(term.head)) {
      if (matched[doc] === 0 && total[doc] === 0) touched.push(doc);
      total[doc]! += best[doc]!;
      matched[doc]!++;
      headOf[doc] = t;
      best[doc] = 0;
    }
    for (const extra of term.extras) {
      for (const doc of scorePart(extra)) {
        if (headOf[doc] === t) total[doc]! += best[doc]!;
        best[doc] = 0;
      }
    }
  });

  const need = Math.max(1, Math.floor(terms.length * MINIMUM_SHOULD_MATCH));
  let top = 0;
  for (const doc of touched) if (matched[doc]! >= need && total[doc]! > top) top = total[doc]!;
  const hits: { doc: number; score: number }[] = [];
  for (const doc of touched) {
    if (matched[doc]! >= need && top > 0 && total[doc]! / top >= MIN_SCORE)
      hits.push({ doc, score: total[doc]! / top });
    total[doc] = 0;
    matched[doc] = 0;
    headOf[doc] = -1;
  }

  // An exact sku or child sku finds its product first (contract "Catalogue").
  const skuDoc = index.skuDocs.get(normalize(text).trim());
  if (skuDoc !== undefined) {
    const at = hits.findIndex((h) => h.doc === skuDoc);
    if (at >= 0) hits.splice(at, 1);
    hits.push({ doc: skuDoc, score: 2 });
  }

  hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const bits = emptyBits(size);
  const docs = new Int32Array(hits.length);
  const scores = new Float64Array(hits.length);
  hits.forEach((h, i) => {
    docs[i] = h.doc;
    scores[i] = h.score;
    setBit(bits, h.doc);
  });
  return { docs, scores, bits };
}
