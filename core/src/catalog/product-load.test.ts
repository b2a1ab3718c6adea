import { describe, expect, it } from "vitest";
import { t } from "../i18n/translate.ts";
import { checkProductLoad, requireParentSku, requireSearchKey } from "./product-load.ts";
import { product } from "./test-products.ts";
import type { Product } from "./types.ts";

const parent = product({ id: 10, sku: "SH", type_id: "configurable" });
const childPage = product({ id: 11, sku: "SH-BLUE-S", visibility: 1, parentSku: "SH" });

describe("checkProductLoad (browsing §4 Product load)", () => {
  it.each<[string, Product, { parent?: Product; preventChildDirectAccess: boolean }, object]>([
    ["an enabled, visible product loads", parent, { preventChildDirectAccess: true }, { ok: parent }],
    [
      "status 0 loads",
      product({ sku: "Z", status: 0 }),
      { preventChildDirectAccess: false },
      { ok: product({ sku: "Z", status: 0 }) },
    ],
    [
      "status 2 fails",
      product({ sku: "D", status: 2 }),
      { preventChildDirectAccess: true },
      { error: "Product query returned empty result product status = 2" },
    ],
    [
      "status 3 fails before visibility is looked at",
      product({ sku: "D", status: 3, visibility: 1 }),
      { parent, preventChildDirectAccess: true },
      { error: "Product query returned empty result product status = 3" },
    ],
    [
      "a child is replaced by its parent when direct access is prevented",
      childPage,
      { parent, preventChildDirectAccess: true },
      { redirectTo: parent },
    ],
    [
      "a child fails when direct access is allowed",
      childPage,
      { parent, preventChildDirectAccess: false },
      { error: "Product query returned empty result product visibility = 1" },
    ],
    [
      "a child without a parent fails",
      childPage,
      { preventChildDirectAccess: true },
      { error: "Product query returned empty result product visibility = 1" },
    ],
    [
      "a disabled parent is no place to send a visitor",
      childPage,
      { parent: { ...parent, status: 2 }, preventChildDirectAccess: true },
      { error: "Product query returned empty result product visibility = 1" },
    ],
    [
      "a parent that is not configurable is not its parent",
      childPage,
      { parent: { ...parent, type_id: "grouped" }, preventChildDirectAccess: true },
      { error: "Product query returned empty result product visibility = 1" },
    ],
  ])("%s", (_name, loaded, options, result) => {
    expect(checkProductLoad(loaded, options)).toMatchObject(result);
  });

  it("gives the dictionary key and values so the message can be shown in Dutch", () => {
    const result = checkProductLoad(product({ sku: "D", status: 2 }), { preventChildDirectAccess: false });
    expect("key" in result && t(result.key, result.params)).toBe(
      "Productzoekopdracht gaf geen resultaat: productstatus = 2",
    );
  });

  it("keeps the text the route-load handler looks for (browsing §8)", () => {
    const result = checkProductLoad(childPage, { preventChildDirectAccess: false });
    expect("error" in result && result.error.includes("query returned empty result")).toBe(true);
  });
});

describe("requireSearchKey", () => {
  it.each([
    [{ sku: "SH" }, "sku", { ok: "SH" }],
    [{ id: 12 }, "id", { ok: "12" }],
    [{ sku: "" }, "sku", { error: "Please provide the search key sku for product/single action!" }],
    [{ sku: "  " }, "sku", { error: "Please provide the search key sku for product/single action!" }],
    [{}, "url_path", { error: "Please provide the search key url_path for product/single action!" }],
    [{ sku: null }, "sku", { error: "Please provide the search key sku for product/single action!" }],
  ])("%o by %s", (options, key, result) => {
    expect(requireSearchKey(options, key)).toMatchObject(result);
  });
});

describe("requireParentSku", () => {
  const message = "Product doesn't have parentSku, please check if this is configurable product";
  it.each([
    [{ parentSku: "SH" }, { ok: "SH" }],
    [{}, { error: message }],
    [{ parentSku: "" }, { error: message }],
  ])("%o", (loaded, result) => {
    expect(requireParentSku(loaded)).toMatchObject(result);
  });
});
