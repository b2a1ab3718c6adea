import { lookupTable } from "@etalage/core";
/**
 * The full-text index of the catalogue (browsing §9): an inverted index from Dutch stems to
 * parents, each posting holding the best field boost the stem has in that parent (name 4, sku 2,
 * category names, brand, colours and material 1). Compound words in names are also indexed by
 * their head ("sneakersokken" is socks: head "sokken" at 0.8 of the boost, modifier "sneaker" at
 * 0.25), so a search for a part finds the compound and ranks it below a plain match.
 */
import { isStopWord, normalize, stem, tokenize } from "./text-analysis.ts";
import { WordTrie } from "./text-trie.ts";

const FIELD_BOOSTS = { name: 4, sku: 2, category: 1, brand: 1, color: 1, material: 1 } as const;
type TextField = keyof typeof FIELD_BOOSTS;

/** Fields as small numbers while the index is built, in the order a document's words are read. */
const FIELD_INDEX = { name: 0, sku: 1, category: 2, brand: 3, color: 4, material: 5 } as const;
const SKU_FIELD = FIELD_INDEX.sku;
const FIELD_SLOTS = 8;
const BOOST_OF: readonly number[] = (Object.keys(FIELD_INDEX) as TextField[]).map((f) => FIELD_BOOSTS[f]);

const COMPOUND_HEAD_WEIGHT = 0.8;
const COMPOUND_MODIFIER_WEIGHT = 0.25;
/** A colour also counts, weaker, as the colour family a shopper names it by ("navy" is blue). */
const COLOR_FAMILY_WEIGHT = 0.6;
const COLOR_FAMILIES = lookupTable<string>({
  navy: "blauw",
  lichtblauw: "blauw",
  antraciet: "grijs",
  cognac: "bruin",
  bordeaux: "rood",
  olijf: "groen",
  beige: "bruin",
});

/** What the index reads from one parent product. */
export interface TextDocument {
  name: string;
  sku: string;
  childSkus: readonly string[];
  categories: readonly string[];
  brand?: string | undefined;
  colors: readonly string[];
  materials: readonly string[];
}

export interface Postings {
  docs: Int32Array;
  weights: Float32Array;
}

export class TextIndex {
  readonly termIds = new Map<string, number>();
  readonly postings: Postings[] = [];
  /** Written words (normalised) for prefix and typo search; `surfaceTerm[word id]` is its term. */
  readonly trie = new WordTrie();
  readonly surfaceTerm: number[] = [];
  /** Words seen outside skus, before compound splitting: what "a known word" means. */
  readonly knownWords = new Set<string>();
  readonly knownStems = new Set<string>();
  /** Lowercased parent and child skus → doc. */
  readonly skuDocs = new Map<string, number>();

  /**
   * `documentAt(doc)` is asked once per document, and nothing of it is kept: the build's
   * intermediate state is typed arrays (the words of every document as word ids, then the
   * postings as one buffer), not objects that would live through the build.
   */
  constructor(
    readonly size: number,
    documentAt: (doc: number) => TextDocument,
  ) {
    // Pass 1: each document's words as (word id, field) in field order, the words known outside
    // skus (compound splitting needs all of them before any word is split), the sku lookup.
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const knownWord: number[] = [];
    let entries = new Int32Array(1 << 16);
    let n = 0;
    const entryStart = new Int32Array(size + 1);
    const push = (field: number, token: string) => {
      let id = wordIds.get(token);
      if (id === undefined) {
        id = words.length;
        wordIds.set(token, id);
        words.push(token);
        knownWord.push(0);
      }
      if (field !== SKU_FIELD) knownWord[id] = 1;
      if (n === entries.length) {
        const grown = new Int32Array(entries.length * 2);
        grown.set(entries);
        entries = grown;
      }
      entries[n++] = id * FIELD_SLOTS + field;
    };
    for (let doc = 0; doc < size; doc++) {
      entryStart[doc] = n;
      const source = documentAt(doc);
      pushWords(push, FIELD_INDEX.name, source.name);
      const sku = normalize(source.sku).trim();
      if (sku) push(SKU_FIELD, sku);
      for (const text of source.categories) pushWords(push, FIELD_INDEX.category, text);
      pushWords(push, FIELD_INDEX.brand, source.brand);
      for (const text of source.colors) pushWords(push, FIELD_INDEX.color, text);
      for (const text of source.materials) pushWords(push, FIELD_INDEX.material, text);
      if (!this.skuDocs.has(sku)) this.skuDocs.set(sku, doc);
      for (const child of source.childSkus) {
        const key = normalize(child).trim();
        if (!this.skuDocs.has(key)) this.skuDocs.set(key, doc);
      }
    }
    entryStart[size] = n;
    for (let id = 0; id < words.length; id++) {
      if (!knownWord[id]) continue;
      this.knownWords.add(words[id]!);
      this.knownStems.add(stem(words[id]!));
    }

    // Pass 2: per document the best weight of each term, as (term, weight) pairs. Terms get
    // their ids in the order they are first met, word by word, as documents are read.
    const termOf = (term: string) => {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.termIds.size;
        this.termIds.set(term, id);
      }
      return id;
    };
    const UNSET = -2;
    const termOfWord = new Int32Array(words.length).fill(UNSET);
    const headOfWord = new Int32Array(words.length).fill(UNSET);
    const modifierOfWord = new Int32Array(words.length).fill(UNSET);
    const surfaced = new Uint8Array(words.length);
    // Per document, the best weight of each term; stamps avoid a Map per document.
    const weightOf: number[] = [];
    const stampOf: number[] = [];
    const touched: number[] = [];
    let pairTerms = new Int32Array(Math.max(n, 16));
    let pairWeights = new Float32Array(pairTerms.length);
    let pairs = 0;
    const pairStart = new Int32Array(size + 1);
    let doc = 0;
    const add = (id: number, weight: number) => {
      if (stampOf[id] !== doc) {
        stampOf[id] = doc;
        weightOf[id] = weight;
        touched.push(id);
      } else if (weightOf[id]! < weight) weightOf[id] = weight;
    };
    for (; doc < size; doc++) {
      touched.length = 0;
      for (let e = entryStart[doc]!; e < entryStart[doc + 1]!; e++) {
        const word = (entries[e]! / FIELD_SLOTS) | 0;
        const field = entries[e]! % FIELD_SLOTS;
        const token = words[word]!;
        const boost = BOOST_OF[field]!;
        let term = termOfWord[word]!;
        if (term === UNSET) term = termOfWord[word] = termOf(stem(token));
        add(term, boost);
        if (!surfaced[word]) {
          surfaced[word] = 1;
          const id = this.trie.add(token);
          if (id === this.surfaceTerm.length) this.surfaceTerm.push(term);
        }
        if (field === FIELD_INDEX.color && COLOR_FAMILIES[token])
          add(termOf(COLOR_FAMILIES[token]!), boost * COLOR_FAMILY_WEIGHT);
        if (field === FIELD_INDEX.name || field === FIELD_INDEX.category) {
          if (headOfWord[word] === UNSET) {
            const split = this.splitCompound(token);
            headOfWord[word] = split ? termOf(stem(split.head)) : -1;
            modifierOfWord[word] = split?.modifier ? termOf(stem(split.modifier)) : -1;
          }
          if (headOfWord[word]! >= 0) {
            add(headOfWord[word]!, boost * COMPOUND_HEAD_WEIGHT);
            if (modifierOfWord[word]! >= 0) add(modifierOfWord[word]!, boost * COMPOUND_MODIFIER_WEIGHT);
          }
        }
      }
      pairStart[doc] = pairs;
      if (pairs + touched.length > pairTerms.length) {
        const capacity = Math.max(pairTerms.length * 2, pairs + touched.length);
        const grownTerms = new Int32Array(capacity);
        grownTerms.set(pairTerms);
        pairTerms = grownTerms;
        const grownWeights = new Float32Array(capacity);
        grownWeights.set(pairWeights);
        pairWeights = grownWeights;
      }
      for (const id of touched) {
        pairTerms[pairs] = id;
        pairWeights[pairs++] = weightOf[id]!;
      }
    }
    pairStart[size] = pairs;

    // The postings of every term, documents ascending: a counting sort of the pairs by term,
    // into one buffer of documents and one of weights.
    const terms = this.termIds.size;
    const offsets = new Int32Array(terms + 1);
    for (let i = 0; i < pairs; i++) offsets[pairTerms[i]! + 1]!++;
    for (let t = 0; t < terms; t++) offsets[t + 1]! += offsets[t]!;
    const next = offsets.slice(0, terms);
    const postingDocs = new Int32Array(pairs);
    const postingWeights = new Float32Array(pairs);
    for (let d = 0; d < size; d++) {
      for (let i = pairStart[d]!; i < pairStart[d + 1]!; i++) {
        const at = next[pairTerms[i]!]!++;
        postingDocs[at] = d;
        postingWeights[at] = pairWeights[i]!;
      }
    }
    for (let t = 0; t < terms; t++) {
      this.postings.push({
        docs: postingDocs.subarray(offsets[t]!, offsets[t + 1]!),
        weights: postingWeights.subarray(offsets[t]!, offsets[t + 1]!),
      });
    }
  }

  isKnown(word: string): boolean {
    return this.knownWords.has(word) || this.knownStems.has(stem(word));
  }

  /**
   * A Dutch compound is its modifier(s) then its head: "herenschoenen" = heren + schoenen. The
   * longest known tail of at least 3 letters after at least 3 letters is the head; the rest is
   * the modifier when it is a known word too. Words the index knows whole are not split.
   */
  private readonly splits = new Map<string, { head: string; modifier?: string } | undefined>();

  splitCompound(word: string): { head: string; modifier?: string } | undefined {
    if (this.splits.has(word)) return this.splits.get(word);
    const split = this.findSplit(word);
    // Queries bring arbitrary words; keep the cache bounded.
    if (this.splits.size > 100_000) this.splits.clear();
    this.splits.set(word, split);
    return split;
  }

  private findSplit(word: string): { head: string; modifier?: string } | undefined {
    if (word.length < 6 || /\d/.test(word)) return undefined;
    for (let i = 3; i <= word.length - 3; i++) {
      const head = word.slice(i);
      if (!this.isKnown(head)) continue;
      const modifier = word.slice(0, i);
      return this.isKnown(modifier) ? { head, modifier } : { head };
    }
    return undefined;
  }
}

/** Catalogues repeat their texts (category names, brands, colours, style names): analyse each once. */
const wordCache = new Map<string, string[]>();
function wordsOf(text: string): string[] {
  let words = wordCache.get(text);
  if (!words) {
    words = tokenize(text).filter((t) => !isStopWord(t));
    if (wordCache.size > 100_000) wordCache.clear();
    wordCache.set(text, words);
  }
  return words;
}

function pushWords(push: (field: number, token: string) => void, field: number, text: string | undefined) {
  if (text) for (const word of wordsOf(text)) push(field, word);
}
