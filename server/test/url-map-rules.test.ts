import type { Category, Product, Redirect } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { filterSource } from "../src/api/url/source-fields.ts";
import type { CatalogLookups } from "../src/catalog-index/lookups.ts";
import { normaliseUrl, type ResolveOptions, resolveUrl } from "../src/services/url-resolve.ts";

/** URL mapping rules over a hand-made catalogue, without a database. */

const child = {
  id: 11,
  sku: "SHIRT-M",
  status: 1,
  price: 40,
  url_path: "shirt-m",
  stock: { product_id: 11, qty: 1, is_in_stock: true, manage_stock: true },
};
const disabledChild = { ...child, id: 12, sku: "SHIRT-L", status: 2, url_path: "shirt-l" };
const product = (over: Partial<Product>): Product =>
  ({
    id: 1,
    sku: "SHIRT",
    name: "Shirt",
    type_id: "configurable",
    status: 1,
    visibility: 4,
    url_key: "shirt",
    url_path: "shirt",
    slug: "shirt",
    price: 40,
    tax_class_id: 2,
    stock: child.stock,
    category: [],
    category_ids: [],
    ...over,
  }) as Product;
const shirt = product({ configurable_children: [child, disabledChild] });
const hidden = product({ id: 2, sku: "HIDDEN", type_id: "simple", visibility: 1, url_path: "hidden" });
const off = product({ id: 3, sku: "OFF", type_id: "simple", status: 2, url_path: "off" });
const offParent = product({
  id: 4,
  sku: "OFFP",
  status: 3,
  url_path: "offp",
  configurable_children: [{ ...child, id: 13, sku: "OFFP-M", url_path: "offp-m" }],
});
const category = { id: 10, name: "Overhemden", url_path: "kleding/overhemden", is_active: true } as Category;
const closed = { id: 20, name: "Gesloten", url_path: "gesloten", is_active: false } as Category;
const redirect: Redirect = {
  id: 1,
  request_path: "oud.html",
  target_path: "kleding/overhemden",
  redirect_type: 302,
};

const lookups: CatalogLookups = {
  productById: () => undefined,
  productBySku: (sku) => [shirt, hidden, off, offParent].find((p) => p.sku === sku),
  childBySku: (sku) => {
    for (const parent of [shirt, offParent]) {
      const found = parent.configurable_children?.find((c) => c.sku === sku);
      if (found) return { child: found, parent };
    }
    return undefined;
  },
  productByUrlPath: (path) => [shirt, hidden, off, offParent].find((p) => p.url_path === path),
  childByUrlPath: (path) => {
    for (const parent of [shirt, offParent]) {
      const found = parent.configurable_children?.find((c) => c.url_path === path);
      if (found) return { child: found, parent };
    }
    return undefined;
  },
  categoryById: () => undefined,
  categoryByUrlPath: (path) => [category, closed].find((c) => c.url_path === path),
  redirectByRequestPath: (path) => (path === redirect.request_path ? redirect : undefined),
  landingPageByUrlPath: () => undefined,
};

const prevent: ResolveOptions = { preventChildDirectAccess: true, cmsPage: async () => undefined };
const allow: ResolveOptions = { ...prevent, preventChildDirectAccess: false };

describe("normaliseUrl", () => {
  it.each([
    ["kleding/overhemden", "kleding/overhemden"],
    ["/kleding/overhemden/", "kleding/overhemden"],
    ["//kleding//overhemden?color=49#top", "kleding/overhemden"],
    ["https://etalage.nl/kleding/overhemden/?q=1", "kleding/overhemden"],
    ["/kleding/over%20hemden", "kleding/over hemden"],
    ["/100%", "100%"],
    ["/", ""],
  ])("%s -> %s", (input, expected) => expect(normaliseUrl(input)).toBe(expected));
});

describe("resolveUrl", () => {
  it("finds a category, then a product", async () => {
    expect(await resolveUrl(lookups, "/kleding/overhemden/", prevent)).toMatchObject({
      found: true,
      type: "category",
      source: category,
    });
    expect(await resolveUrl(lookups, "shirt", prevent)).toEqual({
      found: true,
      type: "product",
      source: shirt,
    });
  });

  it("answers a child's url with its parent and a 301 when children are closed, else not found", async () => {
    expect(await resolveUrl(lookups, "/shirt-m", prevent)).toEqual({
      found: true,
      type: "product",
      source: shirt,
      redirect: { status: 301, to: "/shirt" },
    });
    expect(await resolveUrl(lookups, "/shirt-m", allow)).toEqual({
      found: false,
      message: "Product query returned empty result product visibility = 1",
    });
  });

  it("answers the parent's own url with a child sku in filters.sku without a redirect to itself", async () => {
    // A 301 from the parent's url to the same url would loop a client that follows it.
    expect(await resolveUrl(lookups, "shirt", { ...prevent, sku: "SHIRT-M" })).toEqual({
      found: true,
      type: "product",
      source: shirt,
    });
    expect(await resolveUrl(lookups, "shirt", { ...allow, sku: "SHIRT-M" })).toEqual({
      found: true,
      type: "product",
      source: shirt,
    });
    expect(await resolveUrl(lookups, "shirt", { ...prevent, sku: "ELSEWHERE" })).toEqual({
      found: true,
      type: "product",
      source: shirt,
    });
  });

  it("applies the product-load rules with the spec's messages", async () => {
    expect(await resolveUrl(lookups, "off", prevent)).toEqual({
      found: false,
      message: "Product query returned empty result product status = 2",
    });
    expect(await resolveUrl(lookups, "hidden", prevent)).toEqual({
      found: false,
      message: "Product query returned empty result product visibility = 1",
    });
    expect(await resolveUrl(lookups, "shirt-l", prevent)).toEqual({
      found: false,
      message: "Product query returned empty result product status = 2",
    });
    // A child of a disabled parent has nowhere to go.
    expect(await resolveUrl(lookups, "offp-m", prevent)).toMatchObject({ found: false });
  });

  it("answers a known old url with not found and the redirect, an unknown one with not found", async () => {
    expect(await resolveUrl(lookups, "/oud.html", prevent)).toEqual({
      found: false,
      message: "No product, category or CMS page at /oud.html",
      redirect: { status: 302, to: "/kleding/overhemden" },
    });
    expect(await resolveUrl(lookups, "/nergens", prevent)).toEqual({
      found: false,
      message: "No product, category or CMS page at /nergens",
    });
    expect(await resolveUrl(lookups, "/", prevent)).toMatchObject({ found: false });
  });

  it("does not show an inactive category", async () => {
    expect(await resolveUrl(lookups, "/gesloten/", prevent)).toEqual({
      found: false,
      message: "Category query returned empty result url_path = gesloten",
    });
  });

  it("asks the CMS slot after the catalogue", async () => {
    const page = { identifier: "over-ons", title: "Over ons" };
    const withCms = { ...prevent, cmsPage: async (id: string) => (id === "over-ons" ? page : undefined) };
    expect(await resolveUrl(lookups, "/over-ons/", withCms)).toEqual({
      found: true,
      type: "cms_page",
      source: page,
    });
  });
});

describe("filterSource", () => {
  const source = {
    id: 1,
    sku: "SHIRT",
    name: "Shirt",
    category: [
      { category_id: 10, name: "Kleding" },
      { category_id: 11, name: "Overhemden" },
    ],
    stock: { qty: 3, is_in_stock: true },
    tags: ["a", "b"],
  };

  it("keeps everything without include or exclude", () => expect(filterSource(source)).toBe(source));

  it("keeps only included paths, through arrays, whole subtrees for a parent path", () => {
    expect(filterSource(source, ["sku", "category.name", "stock"])).toEqual({
      sku: "SHIRT",
      category: [{ name: "Kleding" }, { name: "Overhemden" }],
      stock: { qty: 3, is_in_stock: true },
    });
  });

  it("drops excluded paths, and excludes win over includes", () => {
    expect(filterSource(source, null, ["category", "stock.qty", "tags"])).toEqual({
      id: 1,
      sku: "SHIRT",
      name: "Shirt",
      stock: { is_in_stock: true },
    });
    expect(filterSource(source, ["stock"], ["stock.qty"])).toEqual({ stock: { is_in_stock: true } });
  });

  it("understands wildcards", () => {
    expect(filterSource(source, ["s*"])).toEqual({ sku: "SHIRT", stock: source.stock });
    expect(filterSource(source, ["*.name"])).toEqual({
      category: [{ name: "Kleding" }, { name: "Overhemden" }],
    });
    expect(filterSource(source, ["nothing"])).toEqual({});
  });
});
