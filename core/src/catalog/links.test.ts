import { describe, expect, it } from "vitest";
import { categoryLink, localizedPath, productLink, searchLink } from "./links.ts";

const off = { useUrlDispatcher: false, appendStoreCode: false, storeCode: "nl" };
const prefixed = { useUrlDispatcher: true, appendStoreCode: true, storeCode: "nl" };
const shirt = {
  sku: "OVH1003",
  type_id: "configurable" as const,
  url_path: "oxford-overhemd-ovh1003",
  slug: "oxford-overhemd-ovh1003",
};
const belt = {
  sku: "RIE2001",
  type_id: "simple" as const,
  url_path: "leren-riem-rie2001",
  slug: "leren-riem-rie2001",
};

describe("link shapes (browsing §2)", () => {
  it("links a product to its url_path with a trailing slash, the child sku in the query", () => {
    expect(productLink(shirt)).toBe("/oxford-overhemd-ovh1003/");
    expect(productLink(shirt, "OVH1003-NAVY-M")).toBe("/oxford-overhemd-ovh1003/?childSku=OVH1003-NAVY-M");
    expect(productLink(belt)).toBe("/leren-riem-rie2001/");
  });

  it("uses the named product routes when the dispatcher is off; childSku defaults to the own sku", () => {
    expect(productLink(shirt, undefined, off)).toBe("/p/OVH1003/oxford-overhemd-ovh1003/OVH1003/");
    expect(productLink(shirt, "OVH1003-NAVY-M", off)).toBe(
      "/p/OVH1003/oxford-overhemd-ovh1003/OVH1003-NAVY-M/",
    );
    expect(productLink(belt, undefined, off)).toBe("/p/RIE2001/leren-riem-rie2001/");
  });

  it("links a category to '/' + url_path, or /c/{slug} without the dispatcher", () => {
    expect(categoryLink({ url_path: "kleding/overhemden", slug: "overhemden" })).toBe("/kleding/overhemden/");
    expect(categoryLink({ url_path: "kleding/overhemden", slug: "overhemden" }, off)).toBe("/c/overhemden/");
  });

  it("adds the store code only when the store view appends it", () => {
    expect(categoryLink({ url_path: "schoenen", slug: "schoenen" }, prefixed)).toBe("/nl/schoenen/");
    expect(localizedPath("", prefixed)).toBe("/nl/");
    expect(localizedPath("")).toBe("/");
  });

  it("links the search page with its strict trailing slash", () => {
    expect(searchLink("blauwe sneaker")).toBe("/catalogsearch/result/?q=blauwe%20sneaker");
    expect(searchLink("")).toBe("/catalogsearch/result/");
  });
});
