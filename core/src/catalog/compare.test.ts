import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../i18n/format.ts";
import { addToCompare, COMPARE_LIMIT, type CompareEntry, compareTable, listKind } from "./compare.ts";

const entry = (key: string, over: Partial<CompareEntry> = {}): CompareEntry => ({
  key,
  kind: "Overhemden",
  name: `Overhemd ${key}`,
  href: `/p/${key}/x`,
  image: null,
  brand: "Olymp",
  price: 79.95,
  specialPrice: null,
  attributes: { fit: "slim fit", material: "katoen", collar: "kentkraag", sleeve_length: "lange mouw" },
  sizesInStock: ["39", "40"],
  ...over,
});

describe("addToCompare", () => {
  it("adds up to four products and refuses a fifth, saying the list is full", () => {
    let list: CompareEntry[] = [];
    for (const key of ["a", "b", "c", "d"]) {
      const outcome = addToCompare(list, entry(key));
      expect(outcome.ok).toBe(true);
      if (outcome.ok) list = outcome.entries;
    }
    expect(list.map((e) => e.key)).toEqual(["a", "b", "c", "d"]);
    expect(addToCompare(list, entry("e"))).toEqual({ ok: false, reason: "full" });
  });

  it("refuses a product of another kind, naming the list's kind", () => {
    expect(addToCompare([entry("a")], entry("b", { kind: "Sneakers" }))).toEqual({
      ok: false,
      reason: "other-kind",
      kind: "Overhemden",
    });
  });

  it("accepts a product whose kind is not known yet", () => {
    expect(addToCompare([entry("a")], entry("b", { kind: null })).ok).toBe(true);
  });

  it("refreshes a product already compared in place, keeping what the newer snapshot lacks", () => {
    const outcome = addToCompare(
      [entry("a"), entry("b")],
      entry("a", { price: 59.95, kind: null, sizesInStock: null, attributes: { fit: "regular fit" } }),
    );
    expect(outcome.ok && outcome.entries.map((e) => e.key)).toEqual(["a", "b"]);
    const a = outcome.ok ? outcome.entries[0]! : null;
    expect(a?.price).toBe(59.95);
    expect(a?.kind).toBe("Overhemden");
    expect(a?.sizesInStock).toEqual(["39", "40"]);
    expect(a?.attributes).toMatchObject({ fit: "regular fit", material: "katoen" });
  });

  it("never holds more than the limit, never the same product twice, never a new one of another known kind", () => {
    // A product has one kind; a snapshot may not know it yet.
    const keys = ["a", "b", "c", "d", "e", "f"] as const;
    const arbAdd = fc.record({ key: fc.constantFrom(...keys), known: fc.boolean() });
    const arbKinds = fc.array(fc.constantFrom("X", "Y"), { minLength: keys.length, maxLength: keys.length });
    fc.assert(
      fc.property(arbKinds, fc.array(arbAdd, { maxLength: 30 }), (kinds, adds) => {
        let list: CompareEntry[] = [];
        for (const { key, known } of adds) {
          const add = entry(key, { kind: known ? kinds[keys.indexOf(key)]! : null });
          const before = listKind(list);
          const fresh = !list.some((e) => e.key === key);
          const outcome = addToCompare(list, add);
          if (outcome.ok && fresh && add.kind && before) expect(add.kind).toBe(before);
          if (outcome.ok) list = outcome.entries;
          else expect(outcome.reason === "full" ? list.length : COMPARE_LIMIT).toBe(COMPARE_LIMIT);
        }
        expect(list.length).toBeLessThanOrEqual(COMPARE_LIMIT);
        expect(new Set(list.map((e) => e.key)).size).toBe(list.length);
      }),
    );
  });
});

describe("compareTable", () => {
  it("shows price, brand, the attributes and sizes, highlighting the rows that differ", () => {
    const rows = compareTable(
      [
        entry("a"),
        entry("b", {
          specialPrice: 1234.5,
          attributes: { fit: "regular fit", material: "katoen", collar: "kentkraag" },
          sizesInStock: [],
        }),
      ],
      formatPrice,
    );
    expect(rows.map((r) => [r.code, r.differs])).toEqual([
      ["price", true],
      ["brand", false],
      ["fit", true],
      ["material", false],
      ["collar", false],
      ["sleeve_length", true],
      ["sizes", true],
    ]);
    expect(rows[0]!.values).toEqual(["€ 79,95", "€ 1.234,50"]);
    expect(rows.find((r) => r.code === "sleeve_length")!.values).toEqual(["lange mouw", null]);
    expect(rows.find((r) => r.code === "sizes")!.values).toEqual(["39, 40", ""]);
  });

  it("leaves out a row no product has a value for", () => {
    const rows = compareTable([entry("a", { attributes: { fit: "slim fit" } })], formatPrice);
    expect(rows.map((r) => r.code)).toEqual(["price", "brand", "fit", "sizes"]);
  });

  it("has one cell per product in every row, and a row differs exactly when two cells do", () => {
    const label = fc.option(fc.constantFrom("p", "q"), { nil: undefined });
    const arb = fc.record({
      fit: label,
      collar: label,
      brand: fc.option(fc.constantFrom("A", "B"), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arb, { minLength: 1, maxLength: COMPARE_LIMIT }), (specs) => {
        const entries = specs.map((s, i) =>
          entry(String(i), { brand: s.brand, attributes: { fit: s.fit ?? null, collar: s.collar ?? null } }),
        );
        for (const row of compareTable(entries, formatPrice)) {
          expect(row.values).toHaveLength(entries.length);
          expect(row.differs).toBe(row.values.some((v) => v !== row.values[0]));
        }
      }),
    );
  });
});
