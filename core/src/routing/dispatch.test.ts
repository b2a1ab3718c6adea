import { describe, expect, it } from "vitest";
import {
  childRedirectLocation,
  childSkuForPath,
  dispatchedRouteName,
  dispatcherPath,
  redirectLocation,
  stripStoreCode,
  trailingSlashRedirect,
} from "./dispatch.ts";

const prefixed = { useUrlDispatcher: true, appendStoreCode: true, storeCode: "nl" };
const shirt = {
  sku: "OVH1000",
  type_id: "configurable" as const,
  url_path: "slim-fit-overhemd-twill-ovh1000",
  slug: "slim-fit-overhemd-twill-ovh1000",
  configurable_children: [
    { id: 1, sku: "OVH1000-NAVY-S", url_path: "slim-fit-overhemd-twill-ovh1000-ovh1000-navy-s", status: 1 },
    { id: 2, sku: "OVH1000-NAVY-M", url_key: "slim-fit-overhemd-twill-ovh1000-ovh1000-navy-m", status: 1 },
  ] as never,
};

describe("dispatcher path (browsing §2 route resolution)", () => {
  it.each([
    ["/kleding/overhemden/", "kleding/overhemden"],
    ["kleding/overhemden", "kleding/overhemden"],
    ["//kleding//overhemden//", "kleding/overhemden"],
    ["/", ""],
    ["", ""],
    ["/heren/schoenen.html", "heren/schoenen.html"],
    ["/caf%C3%A9/", "café"],
    ["/100%/", "100%"],
  ])("%s → %s", (pathname, path) => {
    expect(dispatcherPath(pathname)).toBe(path);
  });
});

describe("store code prefix (supported, off for this shop)", () => {
  it("leaves the path alone while the store view does not append its code", () => {
    expect(stripStoreCode("nl/kleding")).toEqual({ path: "nl/kleding" });
  });

  it("strips the store code when the store view appends it", () => {
    expect(stripStoreCode("nl/kleding/overhemden", prefixed)).toEqual({
      path: "kleding/overhemden",
      storeCode: "nl",
    });
    expect(stripStoreCode("nl", prefixed)).toEqual({ path: "", storeCode: "nl" });
    expect(stripStoreCode("nlx/kleding", prefixed)).toEqual({ path: "nlx/kleding" });
  });
});

describe("trailing slash canonicalisation (browsing §2 link shapes)", () => {
  it("adds the slash and keeps the query", () => {
    expect(trailingSlashRedirect("/kleding", "?page=2")).toBe("/kleding/?page=2");
    expect(trailingSlashRedirect("/kleding/overhemden")).toBe("/kleding/overhemden/");
  });

  it("leaves canonical paths and the home page alone", () => {
    expect(trailingSlashRedirect("/kleding/")).toBeNull();
    expect(trailingSlashRedirect("/")).toBeNull();
  });
});

describe("redirect targets", () => {
  it("gives a site path the link shape in one hop", () => {
    expect(redirectLocation("/schoenen")).toBe("/schoenen/");
    expect(redirectLocation("kleding/overhemden")).toBe("/kleding/overhemden/");
    expect(redirectLocation("/schoenen", "?utm_source=mail")).toBe("/schoenen/?utm_source=mail");
  });

  it("keeps the target's own query and fragment", () => {
    expect(redirectLocation("/sale?sort=price", "?x=1")).toBe("/sale/?sort=price");
    expect(redirectLocation("/sale#top")).toBe("/sale/#top");
  });

  it("adds the store code when the store view appends it", () => {
    expect(redirectLocation("/schoenen", "", prefixed)).toBe("/nl/schoenen/");
  });

  it("passes other sites untouched", () => {
    expect(redirectLocation("https://example.com/a")).toBe("https://example.com/a");
    expect(redirectLocation("//example.com/a")).toBe("//example.com/a");
  });
});

describe("configurable child URL → parent (browsing §2, §4)", () => {
  it("finds the child by url_path or url_key", () => {
    expect(childSkuForPath(shirt, "/slim-fit-overhemd-twill-ovh1000-ovh1000-navy-s/")).toBe("OVH1000-NAVY-S");
    expect(childSkuForPath(shirt, "slim-fit-overhemd-twill-ovh1000-ovh1000-navy-m")).toBe("OVH1000-NAVY-M");
    expect(childSkuForPath(shirt, "iets-anders")).toBeUndefined();
  });

  it("sends a child URL to the parent's URL with the child chosen", () => {
    expect(childRedirectLocation(shirt, "slim-fit-overhemd-twill-ovh1000-ovh1000-navy-s", undefined)).toBe(
      "/slim-fit-overhemd-twill-ovh1000/?childSku=OVH1000-NAVY-S",
    );
  });

  it("prefers the child sku the visitor asked for", () => {
    expect(childRedirectLocation(shirt, "oude-url", "OVH1000-NAVY-M")).toBe(
      "/slim-fit-overhemd-twill-ovh1000/?childSku=OVH1000-NAVY-M",
    );
  });

  it("does not redirect the parent's own URL to itself", () => {
    expect(childRedirectLocation(shirt, "/slim-fit-overhemd-twill-ovh1000/", "OVH1000-NAVY-M")).toBeNull();
  });

  it("falls back to the parent alone when no child matches", () => {
    expect(childRedirectLocation(shirt, "oude-url", undefined)).toBe("/slim-fit-overhemd-twill-ovh1000/");
  });
});

describe("route names for analytics", () => {
  it("names products type_id + '-product' and categories 'category'", () => {
    expect(dispatchedRouteName({ type: "product", product: shirt })).toEqual({
      name: "configurable-product",
      params: { parentSku: "OVH1000", slug: "slim-fit-overhemd-twill-ovh1000" },
    });
    expect(dispatchedRouteName({ type: "category", slug: "overhemden" })).toEqual({
      name: "category",
      params: { slug: "overhemden" },
    });
  });
});
