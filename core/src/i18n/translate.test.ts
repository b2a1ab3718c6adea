import { describe, expect, it } from "vitest";
import { nl } from "./nl-NL.ts";
import { t } from "./translate.ts";

describe("t", () => {
  it("translates a spec phrase to Dutch", () => {
    expect(t("No products found!")).toBe("Geen producten gevonden!");
    expect(t("Home Page")).toBe("Startpagina");
  });
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("{n} items", { n: 12 })).toBe("12 artikelen");
    expect(t("ALL {name}", { name: "Schoenen" })).toBe("ALLE Schoenen");
    expect(t("{n} items")).toBe("{n} artikelen");
  });
  it("returns an unknown key as it is", () => {
    expect(t("Something the server said")).toBe("Something the server said");
  });
  it("has Dutch text for every key", () => {
    for (const [key, value] of Object.entries(nl)) {
      expect(value.trim(), key).not.toBe("");
    }
  });
});
