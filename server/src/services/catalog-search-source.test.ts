import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySource, Projection, projectionFor, sourceFilter } from "./catalog-search-source.ts";

/**
 * The first implementation, kept as the reference: every pattern matched against every key of
 * every document. The compiled projection must answer exactly as it did.
 */
type Pattern = string[];
interface Filter {
  include: Pattern[];
  exclude: Pattern[];
}
const segmentMatches = (pattern: string, segment: string) =>
  pattern === "*" ||
  pattern === segment ||
  (pattern.includes("*") &&
    new RegExp(
      `^${pattern
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    ).test(segment));
const covers = (pattern: Pattern, path: readonly string[]) =>
  pattern.length <= path.length && pattern.every((seg, i) => segmentMatches(seg, path[i]!));
const below = (pattern: Pattern, path: readonly string[]) =>
  pattern.length > path.length && path.every((seg, i) => segmentMatches(pattern[i]!, seg));
function reference(value: unknown, path: readonly string[], filter: Filter, included: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => reference(v, path, filter, included));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (filter.exclude.some((p) => covers(p, at))) continue;
    const keep = included || filter.include.some((p) => covers(p, at));
    if (keep) {
      out[key] = filter.exclude.some((p) => below(p, at)) ? reference(child, at, filter, true) : child;
    } else if (filter.include.some((p) => below(p, at)) && child !== null && typeof child === "object") {
      const projected = reference(child, at, filter, false);
      if (Array.isArray(projected) || Object.keys(projected as object).length > 0) out[key] = projected;
    }
  }
  return out;
}
const referenceApply = (item: unknown, filter: Filter) =>
  reference(item, [], filter, filter.include.length === 0);

// Keys that product documents have, including ones patterns with a wildcard match or nearly match.
const KEYS = [
  "id",
  "sku",
  "name",
  "color",
  "color_options",
  "size_options",
  "stock",
  "qty",
  "children",
  "media",
];
const PATTERN_SEGMENTS = [...KEYS, "*", "*_options", "s*", "*e", "c*r", "x"];

const doc = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)),
    tie("object"),
    fc.array(tie("value"), { maxLength: 3 }),
  ),
  object: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 6 }),
})).object as fc.Arbitrary<Record<string, unknown>>;

const patternList = fc.array(
  fc.array(fc.constantFrom(...PATTERN_SEGMENTS), { minLength: 1, maxLength: 3 }).map((p) => p.join(".")),
  { maxLength: 4 },
);

describe("_source_include / _source_exclude projection", () => {
  it("equals the reference implementation on random documents and field lists", () => {
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 4 }),
        patternList,
        patternList,
        (docs, include, exclude) => {
          const filter = sourceFilter(include, exclude);
          // One projection over several documents: decisions remembered from one must hold for the next.
          const projection = new Projection(filter);
          for (const d of docs) {
            const expected = filter ? referenceApply(d, filter) : d;
            expect(projection.apply(d)).toEqual(expected);
            expect(applySource(d, filter)).toEqual(expected);
            expect(projection.bytesOf(d).toString()).toBe(JSON.stringify(expected));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps a product card's fields, children's fields through the list, and drops the rest", () => {
    const product = {
      id: 1,
      sku: "A",
      name: "Overhemd",
      color_options: [49, 50],
      description: "lang",
      configurable_children: [
        { sku: "A-1", color: 49, stock: { is_in_stock: true, qty: 3 } },
        { sku: "A-2", color: 50, stock: { is_in_stock: false, qty: 0 } },
      ],
    };
    const filter = sourceFilter([
      "id",
      "sku",
      "*_options",
      "configurable_children.sku",
      "configurable_children.stock.is_in_stock",
    ]);
    expect(applySource(product, filter)).toEqual({
      id: 1,
      sku: "A",
      color_options: [49, 50],
      configurable_children: [
        { sku: "A-1", stock: { is_in_stock: true } },
        { sku: "A-2", stock: { is_in_stock: false } },
      ],
    });
    expect(applySource(product, sourceFilter([], ["configurable_children.stock", "description"]))).toEqual({
      id: 1,
      sku: "A",
      name: "Overhemd",
      color_options: [49, 50],
      configurable_children: [
        { sku: "A-1", color: 49 },
        { sku: "A-2", color: 50 },
      ],
    });
  });

  it("shares one compiled projection per field list and never changes the document", () => {
    const filter = sourceFilter(["sku"]);
    expect(projectionFor(filter)).toBe(projectionFor(sourceFilter(["sku"])));
    expect(projectionFor(filter)).not.toBe(projectionFor(sourceFilter(["name"])));
    const product = Object.freeze({ sku: "A", name: "B" });
    expect(projectionFor(filter).bytesOf(product).toString()).toBe('{"sku":"A"}');
    expect(projectionFor(undefined).bytesOf(product).toString()).toBe('{"sku":"A","name":"B"}');
    expect(product).toEqual({ sku: "A", name: "B" });
  });
});
