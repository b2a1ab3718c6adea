/**
 * The full-text index of the catalogue (browsing §9): an inverted index from Dutch stems to
 * parents, each posting holding the best field boost the stem has in that parent (name 4, sku 2,
 * category names, brand, colours and material 1). Compound words in names are also indexed by
 * their head ("sneakersokken" is socks: head "sokken" at 0.8 of the boost, modifier "sneaker" at
 * 0.25), so a search for a part finds the compound and ranks it below a plain match.
 */
import { isStopWord, normalize, stem, tokenize } from "./text-analysis.ts";
import { WordTrie } from "./text-trie.ts";

export const FIELD_BOOSTS = { name: 4, sku: 2, category: 1, brand: 1, color: 1, material: 1 } as const;
export type TextField = keyof typeof FIELD_BOOSTS;

export const COMPOUND_HEAD_WEIGHT = 0.8;
export const COMPOUND_MODIFIER_WEIGHT = 0.25;
/** A colour also counts, weaker, as the colour family a shopper names it by ("navy" is blue). */
const COLOR_FAMILY_WEIGHT = 0.6;
const COLOR_FAMILIES: Record<string, string> = {
  navy: "blauw",
  lichtblauw: "blauw",
  antraciet: "grijs",
  cognac: "bruin",
  bordeaux: "rood",
  olijf: "groen",
  beige: "bruin",
};

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

  constructor(
    readonly size: number,
    docs: readonly TextDocument[],
  ) {
    const fieldTokens = docs.map((doc) => documentTokens(doc));
    for (const fields of fieldTokens) {
      for (const [field, tokens] of fields) {
        if (field === "sku") continue;
        for (const token of tokens) {
          this.knownWords.add(token);
          this.knownStems.add(stem(token));
        }
      }
    }

    const lists: { docs: number[]; weights: number[] }[] = [];
    const termOf = (term: string) => {
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = lists.length;
        this.termIds.set(term, id);
        lists.push({ docs: [], weights: [] });
      }
      return id;
    };
    // Per document, the best weight of each term; stamps avoid a Map per document.
    const weightOf: number[] = [];
    const stampOf: number[] = [];
    const touched: number[] = [];
    fieldTokens.forEach((fields, doc) => {
      touched.length = 0;
      const add = (term: string, weight: number) => {
        const id = termOf(term);
        if (stampOf[id] !== doc) {
          stampOf[id] = doc;
          weightOf[id] = weight;
          touched.push(id);
        } else if (weightOf[id]! < weight) weightOf[id] = weight;
      };
      for (const [field, tokens] of fields) {
        const boost = FIELD_BOOSTS[field];
        for (const token of tokens) {
          const term = stem(token);
          add(term, boost);
          this.addSurface(token, term, termOf);
          if (field === "color" && COLOR_FAMILIES[token])
            add(COLOR_FAMILIES[token]!, boost * COLOR_FAMILY_WEIGHT);
          if (field === "name" || field === "category") {
            const split = this.splitCompound(token);
            if (split) {
              add(stem(split.head), boost * COMPOUND_HEAD_WEIGHT);
              if (split.modifier) add(stem(split.modifier), boost * COMPOUND_MODIFIER_WEIGHT);
            }
          }
        }
      }
      for (const id of touched) {
        lists[id]!.docs.push(doc);
        lists[id]!.weights.push(weightOf[id]!);
      }
      const source = docs[doc]!;
      for (const sku of [source.sku, ...source.childSkus]) {
        const key = normalize(sku).trim();
        if (!this.skuDocs.has(key)) this.skuDocs.set(key, doc);
      }
    });
    for (const list of lists) {
      this.postings.push({
        docs: Int32Array.from(list.docs),
        weights: Float32Array.from(list.weights),
      });
    }
  }

  private readonly surfaces = new Set<string>();

  private addSurface(word: string, term: string, termOf: (term: string) => number) {
    if (this.surfaces.has(word)) return;
    this.surfaces.add(word);
    const id = this.trie.add(word);
    if (id === this.surfaceTerm.length) this.surfaceTerm.push(termOf(term));
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

function documentTokens(doc: TextDocument): [TextField, string[]][] {
  const words = (texts: readonly (string | undefined)[]) =>
    texts.length === 1 ? (texts[0] ? wordsOf(texts[0]) : []) : texts.flatMap((t) => (t ? wordsOf(t) : []));
  return [
    ["name", words([doc.name])],
    ["sku", [normalize(doc.sku).trim()].filter(Boolean)],
    ["category", words(doc.categories)],
    ["brand", words([doc.brand])],
    ["color", words(doc.colors)],
    ["material", words(doc.materials)],
  ];
}
