import { describe, expect, it } from "vitest";
import { matchPage } from "./back-office-page.ts";

const PAGES = { "": "start", reviews: "reviews", bestellingen: "list", "bestellingen/:nummer": "order" };

describe("the back office's pages by path", () => {
  it("finds an exact page first, else one whose :name takes one segment", () => {
    expect(matchPage(PAGES, "")).toEqual({ page: "start", params: {} });
    expect(matchPage(PAGES, "bestellingen")).toEqual({ page: "list", params: {} });
    expect(matchPage(PAGES, "bestellingen/100000123")).toEqual({
      page: "order",
      params: { nummer: "100000123" },
    });
  });

  it("finds nothing for more or fewer segments, an empty one, or a name of Object's prototype", () => {
    expect(matchPage(PAGES, "bestellingen/1/verzenden")).toBeUndefined();
    expect(matchPage(PAGES, "bestellingen/")).toBeUndefined();
    expect(matchPage(PAGES, "reviews/1")).toBeUndefined();
    expect(matchPage(PAGES, "onbekend")).toBeUndefined();
    expect(matchPage(PAGES, "constructor")).toBeUndefined();
    expect(matchPage(PAGES, "__proto__")).toBeUndefined();
  });
});
