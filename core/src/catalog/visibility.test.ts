import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CatalogFilter,
  type CatalogScope,
  catalogFilters,
  isListable,
  type ListingContext,
} from "./visibility.ts";

describe("catalogFilters (browsing §5 catalogue search filters)", () => {
  it.each<[CatalogScope, boolean, CatalogFilter[]]>([
    [
      "search",
      false,
      [
        { attribute: "visibility", value: { in: [3, 4] }, scope: "default" },
        { attribute: "status", value: { in: [0, 1] }, scope: "default" },
        { attribute: "stock.is_in_stock", value: { eq: true }, scope: "default" },
      ],
    ],
    [
      "catalog",
      true,
      [
        { attribute: "visibility", value: { in: [2, 3, 4] }, scope: "default" },
        { attribute: "status", value: { in: [0, 1] }, scope: "default" },
      ],
    ],
    ["product", true, [{ attribute: "status", value: { in: [1] }, scope: "default" }]],
    [
      "colorrelation",
      true,
      [
        { attribute: "visibility", value: { in: [2, 3, 4] }, scope: "default" },
        { attribute: "status", value: { in: [1] }, scope: "default" },
      ],
    ],
  ])("%s, out-of-stock listed: %s", (scope, listOutOfStock, filters) => {
    expect(catalogFilters({ scope, listOutOfStock })).toEqual(filters);
  });
});

describe("isListable", () => {
  const item = (visibility: number, status: number, is_in_stock = true) => ({
    visibility: visibility as 1 | 2 | 3 | 4,
    status,
    stock: { is_in_stock },
  });

  it.each<[string, ReturnType<typeof item>, ListingContext, boolean]>([
    ["search finds visibility 4", item(4, 1), { scope: "search", listOutOfStock: false }, true],
    [
      "search skips catalogue-only visibility 2",
      item(2, 1),
      { scope: "search", listOutOfStock: false },
      false,
    ],
    ["the catalogue lists visibility 2", item(2, 1), { scope: "catalog", listOutOfStock: false }, true],
    ["nobody lists visibility 1", item(1, 1), { scope: "catalog", listOutOfStock: true }, false],
    ["status 0 is listed", item(4, 0), { scope: "catalog", listOutOfStock: false }, true],
    ["status 2 is disabled", item(4, 2), { scope: "catalog", listOutOfStock: false }, false],
    ["a plain product query wants status 1", item(4, 0), { scope: "product", listOutOfStock: false }, false],
    [
      "a plain product query ignores visibility",
      item(1, 1),
      { scope: "product", listOutOfStock: false },
      true,
    ],
    ["colour relations want status 1", item(2, 0), { scope: "colorrelation", listOutOfStock: true }, false],
    ["out of stock is hidden", item(4, 1, false), { scope: "search", listOutOfStock: false }, false],
    [
      "out of stock is listed when configured",
      item(4, 1, false),
      { scope: "search", listOutOfStock: true },
      true,
    ],
  ])("%s", (_name, product, context, listable) => {
    expect(isListable(product, context)).toBe(listable);
  });

  /** A tiny evaluator of the filter data, standing in for the search backend. */
  const matches = (doc: Record<string, unknown>, filters: CatalogFilter[]) =>
    filters.every((f) => {
      const value = f.attribute
        .split(".")
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);
      return "in" in f.value ? f.value.in.includes(value as number) : value === f.value.eq;
    });

  it("agrees with the filter data it sends to the search backend", () => {
    const docs = fc.record({
      visibility: fc.constantFrom(1, 2, 3, 4),
      status: fc.constantFrom(0, 1, 2, 3),
      stock: fc.option(fc.record({ is_in_stock: fc.boolean() }), { nil: undefined }),
    });
    const contexts = fc.record({
      scope: fc.constantFrom<CatalogScope>("search", "catalog", "product", "colorrelation"),
      listOutOfStock: fc.boolean(),
    });
    fc.assert(
      fc.property(docs, contexts, (doc, context) => {
        expect(isListable(doc as Parameters<typeof isListable>[0], context)).toBe(
          matches(doc, catalogFilters(context)),
        );
      }),
    );
  });
});
