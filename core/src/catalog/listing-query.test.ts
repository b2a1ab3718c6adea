import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearListingFilters,
  DEFAULT_LISTING_SORT,
  EMPTY_LISTING_STATE,
  LISTING_FILTERS,
  LISTING_SORTS,
  type ListingState,
  listingPaging,
  listingPriceRangeQueries,
  listingProductQuery,
  listingSearch,
  MAX_LISTING_PAGE,
  parseListingQuery,
  toggleListingFilter,
  toggleListingPrice,
  withListingPage,
  withListingPrice,
  withListingSort,
} from "./listing-query.ts";

const state = (patch: Partial<ListingState> = {}): ListingState => ({ ...EMPTY_LISTING_STATE, ...patch });

describe("parseListingQuery (browsing §2: filters and sort live in the route query)", () => {
  it.each<[string, string, ListingState]>([
    ["the plain category", "", state()],
    [
      "comma-separated values",
      "?color=49,50&size=101",
      state({ filters: { color: ["49", "50"], size: ["101"] } }),
    ],
    ["repeated parameters", "?color=49&color=50", state({ filters: { color: ["49", "50"] } })],
    ["encoded commas", "?color=49%2C50", state({ filters: { color: ["49", "50"] } })],
    ["duplicates and blanks dropped", "?color=49,,49, 50", state({ filters: { color: ["49", "50"] } })],
    ["an empty filter", "?color=", state()],
    ["price lower-upper", "?price=50-100", state({ price: { min: 50, max: 100 } })],
    ["an open-ended price", "?price=150-*", state({ price: { min: 150, max: null } })],
    ["a price the wrong way round", "?price=100-50", state({ price: { min: 50, max: 100 } })],
    ["a malformed price", "?price=cheap", state()],
    ["a sort", "?sort=final_price:asc", state({ sort: "final_price:asc" })],
    ["an encoded sort", "?sort=updated_at%3Adesc", state({ sort: "updated_at:desc" })],
    ["an unknown sort", "?sort=name:asc", state()],
    ["a page", "?page=2", state({ page: 2 })],
    ["page 0", "?page=0", state()],
    ["a malformed page", "?page=2x", state()],
    ["a negative page", "?page=-3", state()],
    ["a page with leading zeros", "?page=007", state({ page: 7 })],
    ["a page past any listing", "?page=99999999999", state({ page: MAX_LISTING_PAGE })],
    ["not a filter", "?utm_source=mail&q=jas", state()],
  ])("%s", (_name, search, expected) => {
    expect(parseListingQuery(search)).toEqual(expected);
  });

  it("reads only the filters it is given", () => {
    expect(parseListingQuery("?color=49&brand=214", { filters: ["brand"] })).toEqual(
      state({ filters: { brand: ["214"] } }),
    );
  });

  it("takes URLSearchParams", () => {
    expect(parseListingQuery(new URLSearchParams("brand=214&page=3"))).toEqual(
      state({ filters: { brand: ["214"] }, page: 3 }),
    );
  });
});

describe("listingSearch", () => {
  it("writes the brief's shape, readable", () => {
    const s = state({
      filters: { size: ["101"], brand: ["214"], color: ["49", "50"] },
      price: { min: 50, max: 100 },
      sort: "final_price:asc",
      page: 2,
    });
    expect(listingSearch(s)).toBe("?color=49,50&size=101&brand=214&price=50-100&sort=final_price:asc&page=2");
  });

  it("is empty for the plain category; the default sort and page 1 are left out", () => {
    expect(listingSearch(state())).toBe("");
    expect(listingSearch(state({ sort: DEFAULT_LISTING_SORT, page: 1 }))).toBe("");
  });

  it("writes an open price end as *", () => {
    expect(listingSearch(state({ price: { min: 150, max: null } }))).toBe("?price=150-*");
  });

  it("percent-encodes what is not plain", () => {
    expect(listingSearch(state({ filters: { color: ["a&b=c"] } }))).toBe("?color=a%26b%3Dc");
  });
});

describe("changing the state (browsing §4 Filters and listing)", () => {
  const onPage3 = state({ filters: { color: ["49"] }, page: 3, sort: "final_price:desc" });

  it("toggling a filter adds a value and drops the page", () => {
    expect(listingSearch(toggleListingFilter(onPage3, "color", "50"))).toBe(
      "?color=49,50&sort=final_price:desc",
    );
  });

  it("toggling a chosen value removes it, and the filter with its last value", () => {
    expect(toggleListingFilter(onPage3, "color", 49)).toEqual(state({ sort: "final_price:desc" }));
  });

  it("a price bucket is single-choice: chosen again it clears", () => {
    const cheap = toggleListingPrice(onPage3, { min: 0, max: 50 });
    expect(cheap.price).toEqual({ min: 0, max: 50 });
    expect(cheap.page).toBe(1);
    expect(toggleListingPrice(cheap, { min: 50, max: 100 }).price).toEqual({ min: 50, max: 100 });
    expect(toggleListingPrice(cheap, { min: 0, max: 50 }).price).toBeNull();
  });

  it("the slider sets a range, null clears it", () => {
    expect(withListingPrice(onPage3, { min: 20, max: 80 })).toMatchObject({
      price: { min: 20, max: 80 },
      page: 1,
    });
    expect(withListingPrice(onPage3, null).price).toBeNull();
  });

  it("a new sort starts at page 1", () => {
    expect(withListingSort(onPage3, "updated_at:desc")).toMatchObject({ sort: "updated_at:desc", page: 1 });
  });

  it("paging keeps the filters", () => {
    expect(listingSearch(withListingPage(onPage3, 4))).toBe("?color=49&sort=final_price:desc&page=4");
  });

  it("clear filters keeps the sort", () => {
    const busy = state({ filters: { color: ["49"], size: ["1", "2"] }, price: { min: 1, max: 2 }, page: 2 });
    expect(activeFilterCount(busy)).toBe(4);
    expect(clearListingFilters({ ...busy, sort: "updated_at:desc" })).toEqual(
      state({ sort: "updated_at:desc" }),
    );
  });
});

describe("listingProductQuery (contract Catalogue)", () => {
  it("maps the state to the catalogue query", () => {
    const s = state({
      filters: { color: ["49", "50"], size: ["101"] },
      price: { min: 50, max: null },
      sort: "final_price:asc",
      page: 3,
    });
    const query = listingProductQuery(s, { categoryId: 11, filters: ["color", "size"] });
    expect(query).toEqual({
      _appliedFilters: [
        { attribute: "category_ids", value: { eq: 11 }, scope: "default" },
        { attribute: "color", value: { in: ["49", "50"] }, scope: "catalog" },
        { attribute: "size", value: { in: ["101"] }, scope: "catalog" },
        { attribute: "price", value: { gte: 50 }, scope: "catalog" },
      ],
      _availableFilters: [
        { field: "color", scope: "catalog" },
        { field: "size", scope: "catalog", options: { size: 100 } },
        { field: "price", scope: "catalog" },
      ],
      _appliedSort: [{ field: "final_price", options: "asc" }],
      from: 48,
      size: 24,
    });
  });

  it("asks for every value of the size facet, and the API's default for the others (issue 14)", () => {
    const query = listingProductQuery(state(), { categoryId: 10 });
    const size = query._availableFilters?.find((f) => f.field === "size");
    expect(size?.options?.size).toBe(100);
    expect(query._availableFilters?.find((f) => f.field === "color")?.options).toBeUndefined();
  });

  it("sorts by category position by default and offers every listing facet", () => {
    const query = listingProductQuery(state(), { categoryId: 10 });
    expect(query._appliedSort).toEqual([{ field: "category.position", options: "asc" }]);
    expect(query._availableFilters?.map((f) => f.field)).toEqual([...LISTING_FILTERS, "price"]);
    expect(query.from).toBe(0);
  });

  it("the price bounds queries leave the listing's own price range out", () => {
    const s = state({ filters: { brand: ["214"] }, price: { min: 10, max: 20 } });
    const [low, high] = listingPriceRangeQueries(s, { categoryId: 10 });
    expect(low._appliedFilters).toEqual([
      { attribute: "category_ids", value: { eq: 10 }, scope: "default" },
      { attribute: "brand", value: { in: ["214"] }, scope: "catalog" },
    ]);
    expect(low._appliedSort).toEqual([{ field: "final_price", options: "asc" }]);
    expect(high._appliedSort).toEqual([{ field: "final_price", options: "desc" }]);
    expect(low.size).toBe(1);
  });
});

describe("listingPaging (24 a page, 3 pages around the current one, the first and the last)", () => {
  const pages = (paging: ReturnType<typeof listingPaging>) =>
    paging.items.map((i) => (i.kind === "gap" ? "…" : i.page)).join(" ");
  it.each<[number, number, Partial<ReturnType<typeof listingPaging>>, string]>([
    [0, 1, { page: 1, pageCount: 1, previous: null, next: null, from: 0 }, "1"],
    [24, 1, { pageCount: 1 }, "1"],
    [25, 1, { pageCount: 2, next: 2 }, "1 2"],
    [229, 1, { pageCount: 10, previous: null, next: 2 }, "1 2 3 … 10"],
    [229, 5, { previous: 4, next: 6, from: 96 }, "1 … 4 5 6 … 10"],
    [229, 10, { previous: 9, next: null, from: 216 }, "1 … 8 9 10"],
    [229, 99, { page: 10 }, "1 … 8 9 10"],
    [229, 0, { page: 1 }, "1 2 3 … 10"],
    [960, 3, { pageCount: 40, previous: 2, next: 4 }, "1 2 3 4 … 40"],
  ])("%i products, page %i", (total, page, expected, shown) => {
    const paging = listingPaging(total, page);
    expect(paging).toMatchObject(expected);
    expect(pages(paging)).toBe(shown);
  });
});

describe("round trips (every state has one shareable URL)", () => {
  const id = fc.stringMatching(/^[0-9a-z_.-]{1,6}$/);
  const filters = fc.dictionary(
    fc.constantFrom(...LISTING_FILTERS),
    fc.uniqueArray(id, { minLength: 1, maxLength: 4 }),
  );
  const bound = fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null });
  const price = fc
    .tuple(bound, bound)
    .map(([a, b]) =>
      a === null && b === null
        ? null
        : a !== null && b !== null && a > b
          ? { min: b, max: a }
          : { min: a, max: b },
    );
  const listingState = fc.record({
    filters,
    price,
    sort: fc.constantFrom(...LISTING_SORTS),
    page: fc.integer({ min: 1, max: 500 }),
  });

  it("state → query → state", () => {
    fc.assert(
      fc.property(listingState, (s) => {
        expect(parseListingQuery(listingSearch(s))).toEqual(s);
      }),
    );
  });

  it("query → state → query gives the query back once it is in its written form", () => {
    const key = fc.constantFrom(...LISTING_FILTERS, "price", "sort", "page", "q");
    const value = fc.oneof(id, fc.constantFrom("49,50", "50-100", "*-20", "final_price:desc", "3", "0", ""));
    const anyQuery = fc.array(fc.tuple(key, value)).map((pairs) => new URLSearchParams(pairs).toString());
    fc.assert(
      fc.property(anyQuery, (query) => {
        const written = listingSearch(parseListingQuery(query));
        expect(listingSearch(parseListingQuery(written))).toBe(written);
      }),
    );
  });

  it("toggling a filter twice is the same URL without the page", () => {
    fc.assert(
      fc.property(listingState, fc.constantFrom(...LISTING_FILTERS), id, (s, code, value) => {
        fc.pre(!(s.filters[code] ?? []).includes(value));
        const twice = toggleListingFilter(toggleListingFilter(s, code, value), code, value);
        expect(listingSearch(twice)).toBe(listingSearch({ ...s, page: 1 }));
      }),
    );
  });
});
