/**
 * The words and phrases the shop knows, per catalogue snapshot: category and brand names and the
 * words of product names, with how many products carry each. Autocomplete completes from them and
 * "did you mean" corrects towards them (core/src/recommendations/phrases.ts).
 */
import { correctWord, foldText } from "@etalage/core";
import type { CatalogFacts } from "./catalog-facts.ts";

export interface Phrase {
  /** As shown: "Sneakers", "Atelier Brouwer", "overhemd". */
  text: string;
  folded: string;
  products: number;
}

export class Vocabulary {
  /** Folded word → products carrying it. */
  readonly words = new Map<string, number>();
  /** Phrases sorted by folded text, for prefix lookups. */
  readonly phrases: Phrase[];

  constructor(facts: CatalogFacts) {
    const phrases = new Map<string, Phrase>();
    const addPhrase = (text: string) => {
      const folded = foldText(text).trim();
      if (folded.length < 3) return;
      const p = phrases.get(folded);
      if (p) p.products++;
      else phrases.set(folded, { text: text.trim(), folded, products: 1 });
    };
    const categories = facts.snapshot.categoryById;
    for (const f of facts.recommendable) {
      const seen = new Set<string>();
      const words = `${f.product.name} ${f.brand}`.split(/[^\p{L}\p{N}'-]+/u);
      for (const c of f.product.category_ids ?? []) {
        const name = categories.get(c)?.name;
        if (name) {
          addPhrase(name.toLowerCase());
          words.push(...name.split(/[^\p{L}\p{N}'-]+/u));
        }
      }
      if (f.brand) addPhrase(f.brand);
      for (const word of words) {
        const folded = foldText(word).replace(/^['-]+|['-]+$/g, "");
        if (folded.length < 3 || /^\d+$/.test(folded) || seen.has(folded)) continue;
        seen.add(folded);
        this.words.set(folded, (this.words.get(folded) ?? 0) + 1);
        if (folded.length >= 4) addPhrase(word.toLowerCase());
      }
    }
    this.phrases = [...phrases.values()].sort((a, b) =>
      a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0,
    );
  }

  /** Phrases starting with `prefix` (folded), most products first. */
  complete(prefix: string, limit: number): Phrase[] {
    const p = foldText(prefix).trim();
    if (!p) return [];
    let lo = 0;
    let hi = this.phrases.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.phrases[mid]!.folded < p) lo = mid + 1;
      else hi = mid;
    }
    const out: Phrase[] = [];
    for (let i = lo; i < this.phrases.length && this.phrases[i]!.folded.startsWith(p); i++)
      out.push(this.phrases[i]!);
    return out.sort((a, b) => b.products - a.products || a.folded.length - b.folded.length).slice(0, limit);
  }

  /** `q` with each unknown word corrected, or undefined when nothing needed or could be corrected. */
  correct(q: string): string | undefined {
    let changed = false;
    const words = q
      .trim()
      .split(/\s+/)
      .map((word) => {
        const fixed = correctWord(word, this.words);
        if (fixed) changed = true;
        return fixed ?? word;
      });
    return changed ? words.join(" ") : undefined;
  }
}

const cache = new WeakMap<CatalogFacts, Vocabulary>();

export function vocabularyOf(facts: CatalogFacts): Vocabulary {
  let v = cache.get(facts);
  if (!v) {
    v = new Vocabulary(facts);
    cache.set(facts, v);
  }
  return v;
}
