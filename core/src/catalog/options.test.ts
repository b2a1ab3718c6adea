import { describe, expect, it } from "vitest";
import {
  cleanOptionValues,
  hasImage,
  isLoadableAttribute,
  isLoadableAttributeCode,
  stripHtml,
} from "./options.ts";

describe("hasImage (browsing §5: 'no_selection' means no image)", () => {
  it.each([
    ["/images/p/shirt-blue-front.jpg", true],
    ["no_selection", false],
    [" no_selection ", false],
    ["", false],
    ["   ", false],
    [null, false],
    [undefined, false],
    [42, false],
  ])("%j → %s", (value, expected) => {
    expect(hasImage(value)).toBe(expected);
  });
});

describe("cleanOptionValues (browsing §5: labels empty after stripping HTML are dropped)", () => {
  it("drops empty, blank and markup-only labels and keeps the rest as written", () => {
    const values = [
      { value_index: 1, label: "Blauw" },
      { value_index: 2, label: "" },
      { value_index: 3, label: "   " },
      { value_index: 4, label: "<span></span>" },
      { value_index: 5, label: "<b>&nbsp;</b>" },
      { value_index: 6, label: "<b>Rood</b>" },
      { value_index: 7, label: undefined as unknown as string },
    ];
    expect(cleanOptionValues(values).map((v) => v.value_index)).toEqual([1, 6]);
    expect(cleanOptionValues(values)[1]!.label).toBe("<b>Rood</b>");
  });

  it("strips tags and non-breaking spaces", () => {
    expect(stripHtml("<p>Wol&nbsp;<i>mix</i></p> ")).toBe("Wol mix");
  });
});

describe("attribute load rule (browsing §5)", () => {
  it.each([
    ["color", [], true],
    ["stock.qty", [], false],
    ["configurable_children.sku", [], false],
    ["description", ["description"], false],
    ["", [], false],
  ])("code %j with blacklist %j → %s", (code, blacklist, loadable) => {
    expect(isLoadableAttributeCode(code, blacklist)).toBe(loadable);
  });

  it.each([
    [{ attribute_code: "color", is_visible: true, is_user_defined: true }, true],
    [{ attribute_code: "color", is_visible: false, is_user_defined: true }, false],
    [{ attribute_code: "status", is_visible: true, is_user_defined: false }, false],
    [{ attribute_code: "a.b", is_visible: true, is_user_defined: true }, false],
  ])("%o → %s", (attribute, loadable) => {
    expect(isLoadableAttribute(attribute)).toBe(loadable);
  });
});
