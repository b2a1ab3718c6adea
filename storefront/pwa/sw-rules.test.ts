import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPrivatePath, isRuntimeCatalogueRead, runtimeCacheNames } from "./sw-rules.ts";

const url = (path: string) => new URL(path, "https://shop.example");

describe("what the service worker keeps", () => {
  it("keeps catalogue, CMS and home pages and their route data", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/c/overhemden",
      "/c/overhemden.data?page=2",
      "/overshirt-ovh1133/",
      "/klantenservice/",
      "/catalogsearch/result/?q=jas",
      "/storelocator",
    ]) {
      expect(isPrivatePath(url(path)), path).toBe(false);
    }
  });

  it("never keeps the shopper's own pages, an editor's preview or an API answer as a page", () => {
    for (const path of [
      "/checkout",
      "/checkout.data",
      "/checkout-return?orderId=1",
      "/checkout-failed",
      "/bestelling/100000001",
      "/bestelling/100000001.data",
      "/login",
      "/my-account",
      "/my-account/orders/12",
      "/my-account/orders/12.data",
      "/password/reset",
      "/storyblok?_storyblok=1",
      "/over-ons?_storyblok=12",
      "/api/ext/tritonx/cart/pull",
    ]) {
      expect(isPrivatePath(url(path)), path).toBe(true);
    }
  });

  it("keeps catalogue and CMS reads, never cart, account, order, payment, stock or recommendation answers", () => {
    expect(isRuntimeCatalogueRead(url("/api/catalog/catalog_nl/product/_search?request=%7B%7D"))).toBe(true);
    expect(isRuntimeCatalogueRead(url("/api/ext/vsf-storyblok-extension/story/home"))).toBe(true);
    expect(isRuntimeCatalogueRead(url("/api/product/render-list?skus=a"))).toBe(true);
    for (const path of [
      "/api/ext/tritonx/cart/pull?cartId=x",
      "/api/ext/tritonx/me",
      "/api/ext/tritonx/order-history",
      "/api/order",
      "/api/ext/adyen/payments",
      "/api/ext/checkout/status?orderId=1&token=x",
      "/api/stock/check?sku=a",
      "/api/storefront/v3/queries/landing-page",
      "/api/ext/vsf-storyblok-extension/cdn/stories/home?token=secret&version=draft",
    ]) {
      expect(isRuntimeCatalogueRead(url(path)), path).toBe(false);
    }
  });

  it("a path under a private page is private whatever follows it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/checkout", "/my-account", "/login", "/password"),
        fc.webSegment(),
        (base, rest) => isPrivatePath(url(`${base}/${rest}`)) && isPrivatePath(url(`${base}/${rest}.data`)),
      ),
    );
  });

  it("names the pages cache after the build, and keeps images and catalogue reads across builds", () => {
    const a = runtimeCacheNames("abc");
    const b = runtimeCacheNames("def");
    expect(a.pages).not.toBe(b.pages);
    expect(a.images).toBe(b.images);
    expect(a.api).toBe(b.api);
    for (const name of Object.values(a)) expect(name.startsWith("etalage-")).toBe(true);
  });
});
