import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../seed/demo-catalog.ts";
import { bitsOf, forEachBit, popcount, popcountAnd } from "./bitset.ts";
import { CatalogIndex } from "./catalog-index.ts";
import { catalogDataOf } from "./snapshot.ts";
import { maxEdits, normalize, stem, tokenize } from "./text-analysis.ts";
import { parseQuery } from "./text-search.ts";
import { WordTrie } from "./text-trie.ts";

/** Optimal string alignment distance, the plain way. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe("Dutch text analysis", () => {
  it("lowercases, strips diacritics and apostrophe-s, joins hyphenated words", () => {
    expect(normalize("Suède Piqué")).toBe("suede pique");
    expect(tokenize("T-shirts & polo's")).toEqual(["t", "shirts", "tshirts", "polo"]);
  });

  it("stems plurals, inflected adjectives and doubled consonants to one term", () => {
    const same = [
      ["schoenen", "schoen"],
      ["sneakers", "sneaker"],
      ["blauwe", "blauw"],
      ["jassen", "jas"],
      ["truien", "trui"],
      ["leren", "leer"],
      ["tassen", "tas"],
    ];
    for (const [a, b] of same) expect(stem(a!), `${a} ≈ ${b}`).toBe(stem(b!));
  });

  it("scales typo tolerance with word length (AUTO fuzziness, at most 2)", () => {
    expect([maxEdits("jas"), maxEdits("trui"), maxEdits("sneker"), maxEdits("overhemden")]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});

describe("WordTrie", () => {
  it("finds exactly the words within the edit distance (with transpositions)", () => {
    const word = fc.stringMatching(/^[abcd]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 30 }),
        word,
        fc.integer({ min: 1, max: 2 }),
        (words, query, k) => {
          const trie = new WordTrie();
          for (const w of words) trie.add(w);
          const got = new Map(trie.fuzzy(query, k).map((h) => [trie.words[h.id], h.distance]));
          const want = new Map(words.filter((w) => osa(query, w) <= k).map((w) => [w, osa(query, w)]));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("completes a prefix", () => {
    const trie = new WordTrie();
    for (const w of ["sneaker", "sneakersokken", "sjaal"]) trie.add(w);
    expect(new Set(trie.withPrefix("sne", 10).map((id) => trie.words[id]))).toEqual(
      new Set(["sneaker", "sneakersokken"]),
    );
  });
});

describe("bitsets", () => {
  it("count, intersect and list like sets", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 200 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1)), fc.uniqueArray(fc.nat(n - 1))),
          ),
        ([n, a, b]) => {
          const [x, y] = [bitsOf(n, a), bitsOf(n, b)];
          expect(popcount(x)).toBe(a.length);
          expect(popcountAnd(x, y)).toBe(a.filter((v) => b.includes(v)).length);
          const listed: number[] = [];
          forEachBit(x, (d) => listed.push(d));
          expect(listed).toEqual([...a].sort((p, q) => p - q));
        },
      ),
    );
  });
});

describe("text search on the demo catalogue", () => {
  let index: CatalogIndex;
  beforeAll(() => {
    index = CatalogIndex.fromData(catalogDataOf(generateDemoCatalog()));
  });
  const search = (text: string, size = 10) => index.searchProducts({ _searchText: text, size });
  const label = (code: string, value: unknown) =>
    index
      .snapshot()
      .attributeByCode.get(code)!
      .options.find((o) => o.value === String(value))?.label;

  it("splits an unknown compound into known words: herenschoenen finds shoes", () => {
    expect(parseQuery(index.snapshot().text, "herenschoenen")[0]!.kind).toBe("compound");
    const { items } = search("herenschoenen");
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) expect(p.category_ids).toContain(20);
  });

  it("ranks blue sneakers first for 'blauwe sneaker'", () => {
    const { items } = search("blauwe sneaker", 5);
    for (const p of items) {
      expect(p.name.toLowerCase()).toContain("sneaker");
      const colors = [p.color, ...(p.configurable_children ?? []).map((c) => c.color)].map((c) =>
        label("color", c),
      );
      expect(colors.some((c) => ["Blauw", "Navy", "Lichtblauw"].includes(c!))).toBe(true);
    }
  });

  it("forgives a typo: 'sneker' finds sneakers", () => {
    expect(parseQuery(index.snapshot().text, "sneker ")[0]!.kind).toBe("typo");
    const { items } = search("sneker ");
    expect(items[0]!.name.toLowerCase()).toContain("sneaker");
  });

  it("ranks exact matches above typo matches and never treats a known word as a typo", () => {
    const terms = parseQuery(index.snapshot().text, "shirt ");
    expect(terms[0]!.kind).toBe("exact");
    expect(terms[0]!.head).toHaveLength(1);
  });

  it("finds 'leren riem' and 'chelsea boot suede' by name, ignoring diacritics", () => {
    expect(search("leren riem").items[0]!.name).toMatch(/^Leren riem/);
    const boots = search("chelsea boot suede", 3).items;
    for (const p of boots) expect(p.name).toMatch(/^Suède chelsea boot/);
  });

  it("completes the last word while typing", () => {
    expect(search("kasjm").items[0]!.name).toMatch(/Kasjmier/);
    expect(search("kasjm ").total).toBe(0);
  });

  it("finds a product first by its exact sku or child sku, in any case", () => {
    const p = index.productBySku("OVH1000")!;
    expect(search("ovh1000").items[0]!.sku).toBe("OVH1000");
    const child = p.configurable_children![1]!;
    expect(search(child.sku.toLowerCase()).items[0]!.sku).toBe("OVH1000");
  });

  it("needs 75 % of the words (rounded down) to match", () => {
    const one = search("kasjmier", 500).total;
    const two = search("kasjmier xyzzyq", 500).total;
    expect(two).toBe(one);
    expect(search("kasjmier xyzzyq plugh", 500).total).toBe(0);
  });

  it("hides out-of-stock and catalogue-only products from search", () => {
    const s = index.snapshot();
    for (const p of search("a e i o u sneaker trui jas broek", 4000).items) {
      expect(p.stock.is_in_stock).toBe(true);
      expect([3, 4]).toContain(p.visibility);
    }
    expect(s.size).toBeGreaterThan(1000);
  });
});
