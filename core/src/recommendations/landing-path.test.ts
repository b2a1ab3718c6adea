import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  landingBreadcrumbs,
  landingPagePath,
  landingUrlPath,
  leavesLanding,
  segmentLabel,
} from "./landing-path.ts";

describe("landing page paths", () => {
  it("read the url_path under /l/elevate/", () => {
    expect(landingUrlPath("/l/elevate/zwarte-sneakers/")).toBe("zwarte-sneakers");
    expect(landingUrlPath("/l/elevate/cadeaus/onder-50/")).toBe("cadeaus/onder-50");
    expect(landingUrlPath("/l/elevate/")).toBeUndefined();
    expect(landingUrlPath("/c/sneakers/")).toBeUndefined();
    expect(landingPagePath("cadeaus/onder-50")).toBe("/l/elevate/cadeaus/onder-50/");
  });

  it("round-trip any path of segments", () => {
    const segment = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const urlPath = segments.join("/");
        expect(landingUrlPath(landingPagePath(urlPath))).toBe(urlPath);
      }),
    );
  });
});

describe("landing breadcrumbs (browsing §2)", () => {
  it("turn hyphens into spaces, capitalise the first letter, and end in the current item", () => {
    expect(segmentLabel("zwarte-sneakers")).toBe("Zwarte sneakers");
    expect(segmentLabel("%C3%A9tui-van-leer")).toBe("Étui van leer");
    expect(landingBreadcrumbs("cadeaus/onder-50")).toEqual([
      { label: "Cadeaus", path: "/l/elevate/cadeaus/" },
      { label: "Onder 50" },
    ]);
  });

  it("have one crumb per segment, and only the last has no link", () => {
    const segment = fc.stringMatching(/^[a-z][a-z-]{0,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const crumbs = landingBreadcrumbs(segments.join("/"));
        expect(crumbs).toHaveLength(segments.length);
        expect(crumbs.at(-1)!.path).toBeUndefined();
        for (const c of crumbs.slice(0, -1)) expect(c.path).toMatch(/^\/l\/elevate\/.+\/$/);
        for (const c of crumbs) {
          expect(c.label).not.toContain("-");
          expect(c.label.charAt(0)).toBe(c.label.charAt(0).toUpperCase());
        }
      }),
    );
  });

  it("are cleared when the route leaves the landing page's path", () => {
    expect(leavesLanding("zwarte-sneakers", "/l/elevate/zwarte-sneakers/")).toBe(false);
    expect(leavesLanding("zwarte-sneakers", "/c/sneakers/")).toBe(true);
    expect(leavesLanding("zwarte-sneakers", "/l/elevate/bruine-boots/")).toBe(true);
  });
});
