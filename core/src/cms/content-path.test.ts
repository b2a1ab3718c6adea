import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cmsContentPath } from "./content-path.ts";

const single = { appendStoreCode: false, storeCode: "nl" };
const multi = { appendStoreCode: true, storeCode: "nl" };
const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);

describe("CMS content path (browsing §2 CMS pages)", () => {
  it("is the route path without slashes, and home for the root, in the single store", () => {
    expect(cmsContentPath("/", single)).toBe("home");
    expect(cmsContentPath("", single)).toBe("home");
    expect(cmsContentPath("/over-ons/", single)).toBe("over-ons");
    expect(cmsContentPath("/service/retourneren", single)).toBe("service/retourneren");
  });

  it("prepends the store code in a multistore setup, and appends /home to a store's root path", () => {
    expect(cmsContentPath("/over-ons/", multi)).toBe("nl/over-ons");
    expect(cmsContentPath("/nl/over-ons/", multi)).toBe("nl/over-ons");
    expect(cmsContentPath("/", multi)).toBe("nl/home");
    expect(cmsContentPath("/nl", multi)).toBe("nl/home");
    expect(cmsContentPath("/nl/", multi)).toBe("nl/home");
  });

  it("is off for this shop: the default options give the single-store path", () => {
    expect(cmsContentPath("/over-ons/")).toBe("over-ons");
    expect(cmsContentPath("/")).toBe("home");
  });

  it("gives every multistore path exactly one store code prefix, with or without it in the route", () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, prefixed) => {
        const route = `/${[...(prefixed ? ["nl"] : []), ...segments].join("/")}/`;
        const content = cmsContentPath(route, multi);
        expect(content.startsWith("nl/")).toBe(true);
        const rest = content.slice(3);
        const own = prefixed || segments[0] !== "nl" ? segments : segments.slice(1);
        expect(rest).toBe(own.length > 0 ? own.join("/") : "home");
        // The single store reads the route path itself.
        expect(cmsContentPath(route, single)).toBe(
          [...(prefixed ? ["nl"] : []), ...segments].join("/") || "home",
        );
      }),
    );
  });
});
