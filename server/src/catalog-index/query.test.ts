/**
 * Property tests: filters, facet counts, sort orders and paging of the index agree with a
 * brute-force reference over random small catalogues.
 */
import type { Attribute, Product } from "@etalage/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CatalogIndex } from "./catalog-index.ts";
import type { AppliedFilter, Operator } from "./query-types.ts";
import type { CatalogData } from "./snapshot.ts";

const COLORS = ["1", "2", "3", "4"];
const SIZES = ["10", "11", "12"];
const CATS = [3, 4, 5];
const NAMES = ["Alfa", "beta", "Éclair", "zulu", "Appel", "appel", "Ábc 10", "Ábc 9"];

const attribute = (id: number, code: string, values: string[]): Attribute => ({
  attribute_id: id,
  attribute_code: code,
  frontend_label: code.toUpperCase(),
  frontend_input: "select",
  is_user_defined: true,
  is_visible: true,
  is_comparable: true,
  options: values.map((value) => ({ value, label: `L${value}` })),
});

const childArb = fc.record({
  color: fc.constantFrom(...COLORS),
  size: fc.constantFrom(...SIZES),
  status: fc.constantFrom(1, 1, 2),
});
const productArb = fc.record({
  color: fc.option(fc.constantFrom(...COLORS), { nil: undefined }),
  size: fc.option(fc.constantFrom(...SIZES), { nil: undefined }),
  status: fc.constantFrom(0, 1, 1, 1, 2),
  visibility: fc.constantFrom(1, 2, 3, 4, 4),
  cats: fc.subarray(CATS),
  positions: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 3 }),
  cents: fc.integer({ min: 0, max: 30_000 }),
  inStock: fc.boolean(),
  updated: fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined }),
  name: fc.constantFrom(...NAMES),
  children: fc.array(childArb, { maxLength: 4 }),
});

type Spec = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

function catalog(specs: Spec[]): CatalogData {
  const products: Product[] = specs.map((s, i) => {
    const id = 100 + i;
    const p: Product = {
      id,
      sku: `P${id}`,
      name: s.name,
      type_id: s.children.length > 0 ? "configurable" : "simple",
      status: s.status,
      visibility: s.visibility as Product["visibility"],
      url_key: `p${id}`,
      url_path: `p${id}`,
      slug: `p${id}`,
      price: s.cents / 100,
      tax_class_id: 2,
      stock: { product_id: id, qty: s.inStock ? 1 : 0, is_in_stock: s.inStock, manage_stock: true },
      category_ids: s.cats,
      category: s.cats.map((c) => ({
        category_id: c,
        name: `C${c}`,
        position: s.positions[CATS.indexOf(c)]!,
      })),
      ...(s.updated ? { updated_at: `2026-02-${String(s.updated).padStart(2, "0")} 10:00:00` } : {}),
    };
    if (s.color) p.color = s.color;
    if (s.size) p.size = s.size;
    if (s.children.length > 0) {
      p.configurable_children = s.children.map((c, k) => ({
        id: 10_000 + id * 10 + k,
        sku: `P${id}-${k}`,
        status: c.status,
        stock: { product_id: 0, qty: 1, is_in_stock: true, manage_stock: true },
        price: s.cents / 100,
        color: c.color,
        size: c.size,
      }));
    }
    return p;
  });
  return {
    categories: [],
    attributes: [attribute(93, "color", COLORS), attribute(144, "size", SIZES)],
    taxRules: [],
    products,
    redirects: [],
    landingPages: [],
  };
}

// ---- the reference: plain loops over the documents ----
function values(p: Product, attr: string, scope: "default" | "catalog"): string[] {
  if (attr === "category_ids") return p.category_ids.map(String);
  if (attr === "visibility" || attr === "status") return [String(p[attr])];
  const own = p[attr] === undefined ? [] : [String(p[attr])];
  if (scope === "default") return own;
  const kids = (p.configurable_children ?? []).filter((c) => c.status < 2).map((c) => String(c[attr]));
  return [...own, ...kids];
}

function passes(p: Product, f: AppliedFilter): boolean {
  const ops = Object.entries(f.value as Record<Operator, unknown>);
  return ops.every(([op, v]) => {
    if (f.attribute === "price") {
      const x = p.final_price_incl_tax as number;
      const n = v as number;
      return { gt: x > n, gte: x >= n, lt: x < n, lte: x <= n }[op as "gt"];
    }
    const have = values(p, f.attribute, f.scope ?? "default");
    const list = (Array.isArray(v) ? v : [v]).map(String);
    const any = have.some((h) => list.includes(h));
    if (op === "eq" || op === "in") return any;
    if (op === "neq" || op === "nin") return !any;
    const n = Number(v);
    return have.some(
      (h) => ({ gt: Number(h) > n, gte: Number(h) >= n, lt: Number(h) < n, lte: Number(h) <= n })[op as "gt"],
    );
  });
}

function listable(p: Product, filters: AppliedFilter[]) {
  const asked = new Set(filters.map((f) => f.attribute));
  if (!asked.has("visibility") && ![2, 3, 4].includes(p.visibility)) return false;
  if (!asked.has("status") && ![0, 1].includes(p.status)) return false;
  return true;
}

const filterArb: fc.Arbitrary<AppliedFilter> = fc.oneof(
  fc
    .record({
      attribute: fc.constantFrom("color", "size"),
      scope: fc.constantFrom("default", "catalog") as fc.Arbitrary<"default" | "catalog">,
      op: fc.constantFrom("eq", "in", "neq", "nin", "gt", "lte"),
      v: fc.subarray([...COLORS, ...SIZES], { minLength: 1 }),
    })
    .map(({ attribute, scope, op, v }) => ({
      attribute,
      scope,
      value: { [op]: op === "in" || op === "nin" ? v : v[0] },
    })),
  fc
    .record({ op: fc.constantFrom("eq", "in", "nin"), v: fc.subarray(CATS, { minLength: 1 }) })
    .map(({ op, v }) => ({
      attribute: "category_ids",
      value: { [op]: op === "eq" ? v[0] : v },
    })),
  fc
    .record({
      lo: fc.integer({ min: 0, max: 300 }),
      hi: fc.integer({ min: 0, max: 300 }),
      a: fc.constantFrom("gt", "gte"),
      b: fc.constantFrom("lt", "lte"),
    })
    .map(({ lo, hi, a, b }) => ({ attribute: "price", value: { [a]: lo, [b]: hi } })),
  fc
    .record({
      op: fc.constantFrom("eq", "in"),
      v: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
      attribute: fc.constantFrom("visibility", "status"),
    })
    .map(({ op, v, attribute }) => ({ attribute, value: { [op]: op === "eq" ? v[0] : v } })),
);

const ids = (items: Product[]) => items.map((p) => p.id);

describe("catalogue index queries", () => {
  it("filters like the reference, every operator and scope", () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 40 }),
        fc.array(filterArb, { maxLength: 3 }),
        (specs, filters) => {
          const index = CatalogIndex.fromData(catalog(specs));
          const got = index.searchProducts({
            _appliedFilters: filters,
            _appliedSort: [{ field: "id" }],
            size: 4000,
          });
          const all = index.snapshot().products;
          const want = all.filter((p) => listable(p, filters) && filters.every((f) => passes(p, f)));
          expect(ids(got.items)).toEqual(ids(want));
          expect(got.total).toBe(want.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts each facet option over every other filter", () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 40 }),
        fc.array(filterArb, { maxLength: 3 }),
        fc.constantFrom("default", "catalog") as fc.Arbitrary<"default" | "catalog">,
        (specs, filters, scope) => {
          const index = CatalogIndex.fromData(catalog(specs));
          const got = index.searchProducts({
            _appliedFilters: filters,
            _availableFilters: [{ field: "color", scope }, { field: "size", scope }, { field: "price" }],
          });
          const all = index.snapshot().products.filter((p) => listable(p, filters));
          for (const facet of got.aggregations.filters) {
            const others = all.filter((p) =>
              filters.filter((f) => f.attribute !== facet.attribute_code).every((f) => passes(p, f)),
            );
            if (facet.attribute_code === "price") {
              const buckets = [
                [0, 50],
                [50, 100],
                [100, 150],
                [150, Number.POSITIVE_INFINITY],
              ] as const;
              const want = buckets
                .map(
                  ([from, to]) =>
                    others.filter(
                      (p) =>
                        (p.final_price_incl_tax as number) >= from && (p.final_price_incl_tax as number) < to,
                    ).length,
                )
                .filter((n) => n > 0);
              expect(facet.options.map((o) => o.count)).toEqual(want);
              continue;
            }
            const counts = new Map<string, number>();
            for (const p of others)
              for (const v of new Set(values(p, facet.attribute_code, scope)))
                counts.set(v, (counts.get(v) ?? 0) + 1);
            const want = [...counts]
              .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
              .map(([id, count]) => ({ id, count, label: `L${id}` }));
            expect(facet.options.map(({ id, count, label }) => ({ id, count, label }))).toEqual(want);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("sorts like the reference, missing values last, ties by id", () => {
    const collator = new Intl.Collator("nl", { sensitivity: "base", numeric: true });
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 40 }),
        fc.constantFrom("final_price", "updated_at", "name", "id"),
        fc.constantFrom("asc", "desc") as fc.Arbitrary<"asc" | "desc">,
        fc.nat(45),
        fc.integer({ min: 1, max: 45 }),
        (specs, field, dir, from, size) => {
          const index = CatalogIndex.fromData(catalog(specs));
          const got = index.searchProducts({ _appliedSort: [{ field, options: dir }], from, size });
          const key = (p: Product): number | string | undefined =>
            field === "final_price"
              ? (p.final_price_incl_tax as number)
              : field === "updated_at"
                ? (p.updated_at as string | undefined)
                : field === "name"
                  ? p.name
                  : p.id;
          const want = index
            .snapshot()
            .products.filter((p) => listable(p, []))
            .sort((a, b) => {
              const [x, y] = [key(a), key(b)];
              if (x === undefined || y === undefined) return x === y ? a.id - b.id : x === undefined ? 1 : -1;
              const c = typeof x === "string" ? collator.compare(x, y as string) : x - (y as number);
              return (dir === "desc" ? -c : c) || a.id - b.id;
            });
          expect(ids(got.items)).toEqual(ids(want.slice(from, from + size)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lists a category in its position order by default, on every page", () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { maxLength: 40 }),
        fc.constantFrom(...CATS),
        fc.nat(20),
        fc.integer({ min: 1, max: 30 }),
        (specs, cat, from, size) => {
          const index = CatalogIndex.fromData(catalog(specs));
          const got = index.searchProducts({
            _appliedFilters: [{ attribute: "category_ids", value: { in: [cat] } }],
            from,
            size,
          });
          const pos = (p: Product) => p.category.find((c) => c.category_id === cat)!.position!;
          const want = index
            .snapshot()
            .products.filter((p) => listable(p, []) && p.category_ids.includes(cat))
            .sort((a, b) => pos(a) - pos(b) || a.id - b.id);
          expect(ids(got.items)).toEqual(ids(want.slice(from, from + size)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
