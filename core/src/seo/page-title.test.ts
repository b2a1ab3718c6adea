import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title.ts";

describe("pageTitle", () => {
  it.each([
    ["Overhemden", {}, "Overhemden | Etalage"],
    ["Overhemden", { page: 1 }, "Overhemden | Etalage"],
    ["Overhemden", { page: 2 }, "Overhemden – pagina 2 | Etalage"],
    // Issue 14: an editor's meta title with the shop's name put the page number after the brand.
    ["Overhemden voor heren | Etalage", { page: 2 }, "Overhemden voor heren – pagina 2 | Etalage"],
    ["Overhemden voor heren – Etalage", {}, "Overhemden voor heren | Etalage"],
    ["Over ons - etalage ", {}, "Over ons | Etalage"],
    [
      "Etalage | Herenmode en schoenen van Europese merken",
      {},
      "Herenmode en schoenen van Europese merken | Etalage",
    ],
    ["Etalage – Herenmode", { page: 2 }, "Herenmode – pagina 2 | Etalage"],
    ["Pagina niet gevonden", {}, "Pagina niet gevonden | Etalage"],
    ["", {}, "Etalage"],
    [null, { page: 3 }, "pagina 3 | Etalage"],
    ["Etalage", {}, "Etalage"],
    ["Schoenen", { page: 0 }, "Schoenen | Etalage"],
    ["Schoenen", { page: 2.5 }, "Schoenen | Etalage"],
  ] as const)("%j with %o: %s", (name, options, title) => {
    expect(pageTitle(name, options)).toBe(title);
  });

  it("ends in the shop's name exactly once, with the page number just before it", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((name) => !/etalage/i.test(name)),
        fc.boolean(),
        fc.integer({ min: 1, max: 500 }),
        (name, branded, page) => {
          const title = pageTitle(branded ? `${name} | Etalage` : name, { page });
          expect(title.match(/Etalage/g)).toHaveLength(1);
          expect(title.endsWith("Etalage")).toBe(true);
          expect(title.includes(`pagina ${page} | Etalage`)).toBe(page > 1);
          if (name.trim()) expect(title.startsWith(name.trim())).toBe(true);
        },
      ),
    );
  });
});
