import type { Product } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "./demo-catalog.ts";
import { CAT } from "./demo-categories.ts";

/*
 * Issue 14: "Complete look Kantoor" was a weekend bag and a scarf. A complete look is an outfit,
 * and its name says which: each look's parts are checked against its name here, by the category
 * of each part, with rules of their own (not the generator's table).
 */
const products = generateDemoCatalog()
  .filter((r) => r.type === "product")
  .map((r) => r.data) as Product[];
const looks = products.filter((p) => p.type_id === "grouped" && p.name.startsWith("Complete look "));

/** A part's sku → the leaf category of the product it is (or is a size of), and whether it sells. */
const partOf = new Map<string, { leaf: number; name: string; title: string; sellable: boolean }>();
for (const p of products) {
  const leaf = Math.max(...p.category_ids.filter((id) => id !== CAT.nieuw && id !== CAT.sale));
  const enabled = p.status === 1;
  partOf.set(p.sku, { leaf, name: p.name, title: p.name, sellable: enabled && p.stock.is_in_stock });
  for (const c of p.configurable_children ?? []) {
    partOf.set(c.sku, {
      leaf,
      name: c.name ?? p.name,
      title: p.name,
      sellable: enabled && c.status === 1 && c.stock.is_in_stock,
    });
  }
}

const TOPS: number[] = [CAT.overhemden, CAT.tshirts, CAT.truien, CAT.jassen];
const BOTTOMS: number[] = [CAT.broeken, CAT.jeans, CAT.pakken];
const SHOES: number[] = [CAT.sneakers, CAT.netteSchoenen, CAT.boots, CAT.loafers];

/** What a look's name promises: every category of a `all` group present, none of `none`. */
const RULES: { name: RegExp; all: number[][]; none?: number[] }[] = [
  // Office and formal occasions: a shirt, trousers or a suit, a belt where a jacket may come off, proper shoes.
  {
    name: /Kantoor|Sollicitatie|Bruiloftsgast|Theater/,
    all: [[CAT.overhemden], [CAT.broeken, CAT.pakken], [CAT.riemen], [CAT.netteSchoenen]],
    none: [CAT.tshirts, CAT.sneakers],
  },
  {
    name: /Zakenreis|Oud en nieuw/,
    all: [[CAT.overhemden], [CAT.pakken], [CAT.netteSchoenen]],
    none: [CAT.tshirts, CAT.sneakers],
  },
  // Cold weather: a coat or a sweater, boots, nothing short-sleeved.
  {
    name: /Winter|Herfst|Boswandeling/,
    all: [[CAT.jassen, CAT.truien], [CAT.boots]],
    none: [CAT.tshirts, CAT.loafers],
  },
  // Warm weather: nothing warm.
  {
    name: /Strand|Zomeravond|Terras|Nazomer|Golfclub/,
    all: [],
    none: [CAT.jassen, CAT.truien, CAT.sjaals, CAT.boots, CAT.pakken],
  },
  // Casual days out: no suit, no formal shoes.
  {
    name: /Weekend|Fietstocht|Citytrip|Koningsdag|Marktdag|Stadswandeling/,
    all: [[CAT.jeans, CAT.broeken], [CAT.sneakers]],
    none: [CAT.pakken, CAT.netteSchoenen],
  },
];

describe("complete looks (issue 14)", () => {
  it("are there, one for each theme", () => {
    expect(looks.length).toBeGreaterThanOrEqual(25);
    expect(looks.map((l) => l.name)).toContain("Complete look Kantoor");
  });

  it.each(looks.map((l) => [l.name, l] as const))("%s is an outfit its name describes", (name, look) => {
    const parts = (look.product_links ?? [])
      .filter((l) => l.link_type === "associated")
      .map((l) => {
        const part = partOf.get(l.linked_product_sku);
        expect(part, `${name}: ${l.linked_product_sku}`).toBeDefined();
        return part!;
      });
    const leaves = parts.map((p) => p.leaf);
    const names = parts.map((p) => p.name).join(", ");
    // Every look: a top, a bottom and shoes, each once, all for sale.
    expect(leaves.filter((l) => TOPS.includes(l)).length, `${name}: a top in ${names}`).toBeGreaterThan(0);
    expect(leaves.filter((l) => BOTTOMS.includes(l)).length, `${name}: one bottom in ${names}`).toBe(1);
    expect(leaves.filter((l) => SHOES.includes(l)).length, `${name}: one pair of shoes in ${names}`).toBe(1);
    expect(new Set(leaves).size, `${name}: no category twice`).toBe(leaves.length);
    for (const part of parts) expect(part.sellable, `${name}: ${part.name} for sale`).toBe(true);
    for (const rule of RULES.filter((r) => r.name.test(name))) {
      for (const group of rule.all)
        expect(
          leaves.some((l) => group.includes(l)),
          `${name}: one of ${group} in ${names}`,
        ).toBe(true);
      for (const leaf of rule.none ?? []) expect(leaves, `${name}: ${names}`).not.toContain(leaf);
    }
    // Its text names what it holds.
    for (const part of parts) expect(look.description).toContain(part.title.toLowerCase());
  });

  it("is listed with the clothes", () => {
    for (const look of looks) expect(look.category_ids).toContain(CAT.kleding);
  });
});
