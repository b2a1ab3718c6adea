import { describe, expect, it } from "vitest";
import { keyedRequest, pageShape, renderedKey } from "./html-cache-key.ts";

describe("pageShape", () => {
  it.each([
    ["/", "plain"],
    ["/pwa.html", "plain"],
    ["/p/SKU1/overhemd", "plain"],
    ["/p/SKU1/overhemd/SKU1-M", "plain"],
    ["/p/SKU1/overhemd/", "plain"],
    // Not a product route: the dispatcher's, which may be a category or a CMS page.
    ["/p/x", "dispatched"],
    ["/p/a/b/c/d", "dispatched"],
    ["/c/schoenen", "listing"],
    ["/c/schoenen/", "listing"],
    ["/c/schoenen/extra", "dispatched"],
    ["/schoenen/", "dispatched"],
    ["/over-ons/", "dispatched"],
  ])("%s is %s", (path, shape) => {
    expect(pageShape(path)).toBe(shape);
  });
});

describe("keyedRequest", () => {
  it("keeps what the page reads, sorted, written as the listing writes it", () => {
    expect(keyedRequest("/c/schoenen", "utm_source=x&size=106&color=49&color=50&page=abc").key).toBe(
      "/c/schoenen?color=49,50&size=106",
    );
    expect(keyedRequest("/c/schoenen", "sort=final_price%3Aasc&price_to=80&gclid=1").key).toBe(
      "/c/schoenen?price_to=80&sort=final_price:asc",
    );
    expect(keyedRequest("/p/SKU1/overhemd", "color=49&childSku=x").key).toBe("/p/SKU1/overhemd");
    expect(keyedRequest("/", "fbclid=1").key).toBe("/");
    expect(keyedRequest("/jas-abc123/", "childSku=A%20B&msclkid=2").key).toBe("/jas-abc123/?childSku=A%20B");
  });

  it("stores a dispatched page only under the key of what it turned out to be", () => {
    const request = keyedRequest("/jas-abc123/", "childSku=ABC-M&page=2");
    expect(renderedKey(request, { kind: "product", childSku: "ABC-M" })).toBe("/jas-abc123/?childSku=ABC-M");
    expect(renderedKey(request, { kind: "category" })).toBe("/jas-abc123/?page=2");
    expect(renderedKey(request, { kind: "cms_page" })).toBe("/jas-abc123/");
    expect(renderedKey(request, undefined)).toBeUndefined();
    const own = keyedRequest("/jas-abc123/", "childSku=ABC-M&utm_source=x");
    expect(renderedKey(own, { kind: "product", childSku: "ABC-M" })).toBe(own.key);
  });
});
