import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropEmptyParams, touchpointFor } from "./params.ts";
import { correctWord, editDistance, highlightPhrase } from "./phrases.ts";

describe("highlighting", () => {
  it("marks the typed start of each word as Elevate does", () => {
    expect(highlightPhrase("jeans", "jea")).toBe("{{jea}}ns");
    expect(highlightPhrase("zwarte sneakers", "zwa sne")).toBe("{{zwa}}rte {{sne}}akers");
    expect(highlightPhrase("Suède boots", "sue")).toBe("{{Sue}}de boots".replace("Sue", "Suè"));
    expect(highlightPhrase("jeans", "")).toBe("jeans");
  });

  it("keeps the phrase's text when the marks are taken out", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 8 }), (phrase, q) => {
        const marked = highlightPhrase(phrase, q);
        expect(marked.replace(/\{\{|\}\}/g, "")).toBe(phrase.replace(/[{}]/g, ""));
      }),
    );
  });
});

describe("spelling correction", () => {
  const vocabulary = new Map([
    ["sneakers", 40],
    ["sneaker", 10],
    ["overhemd", 30],
    ["jas", 12],
  ]);

  it("corrects to the nearest known word and leaves known words alone", () => {
    expect(correctWord("snekers", vocabulary)).toBe("sneakers");
    expect(correctWord("overhmed", vocabulary)).toBe("overhemd");
    expect(correctWord("sneakers", vocabulary)).toBeUndefined();
    expect(correctWord("jsa", vocabulary)).toBeUndefined(); // three letters: no fuzziness
    expect(correctWord("paraplu", vocabulary)).toBeUndefined();
  });

  it("measures edits symmetrically, with transpositions as one", () => {
    expect(editDistance("overhemd", "overhmed")).toBe(1);
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe("query parameters (browsing §5, §9)", () => {
  it("drop empty values and split the touchpoint at 1024 px", () => {
    expect(
      dropEmptyParams({ q: "", sort: undefined, f: [], o: {}, limit: 0, cart: ["a"], skip: null }),
    ).toEqual({
      limit: 0,
      cart: ["a"],
    });
    expect(touchpointFor(1024)).toBe("mobile");
    expect(touchpointFor(1025)).toBe("desktop");
  });
});
