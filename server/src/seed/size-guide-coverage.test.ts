import {
  type Attribute,
  type Category,
  type Product,
  SIZE_TABLES,
  sizesIn,
  sizeTableFor,
} from "@etalage/core";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "./demo-catalog.ts";

/*
 * Issue 14: the size guide had only shirt sizes S–XXL (with a collar column, also shown for
 * T-shirts and jumpers) and shoes 40–46, while the shop sells XS, shoes 39–47, waist/length
 * trousers, suits and belts. Every size sold must be in the table its product's guide opens.
 */
const records = generateDemoCatalog();
const products = records.filter((r) => r.type === "product").map((r) => r.data) as Product[];
const categories = records.filter((r) => r.type === "category").map((r) => r.data) as Category[];
const sizeAttribute = records
  .filter((r) => r.type === "attribute")
  .map((r) => r.data as Attribute)
  .find((a) => a.attribute_code === "size")!;
const sizeLabel = (value: unknown) =>
  sizeAttribute.options.find((o) => String(o.value) === String(value))?.label;
const byId = new Map(categories.map((c) => [c.id, c]));

/** The url keys of the product's deepest category, from the top down. */
function pathOf(p: Product): string[] {
  const own = (p.category ?? [])
    .map((c) => byId.get(c.category_id))
    .filter((c): c is Category => c !== undefined)
    .toSorted((a, b) => b.level - a.level);
  const keys: string[] = [];
  for (let c = own[0]; c; c = byId.get(c.parent_id)) keys.unshift(c.url_key);
  return keys;
}

describe("size guide covers what is sold", () => {
  const sized = products.filter((p) => p.type_id === "configurable" && p.configurable_children?.length);

  it("has a table for every configurable product sold in sizes, listing each of its sizes", () => {
    expect(sized.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const p of sized) {
      const table = sizeTableFor(pathOf(p));
      const sizes = new Set(
        p.configurable_children!.map((c) => sizeLabel(c.size)).filter(Boolean) as string[],
      );
      if (!table) {
        missing.push(`${p.sku}: no table (${[...sizes].join(", ")})`);
        continue;
      }
      const listed = new Set(sizesIn(table));
      for (const size of sizes) if (!listed.has(size)) missing.push(`${p.sku} (${table}): ${size}`);
    }
    expect([...new Set(missing)].slice(0, 20)).toEqual([]);
  });

  it("gives T-shirts and knitwear a table without collar sizes, and shirts one with", () => {
    const collar = (key: ReturnType<typeof sizeTableFor>) =>
      key !== null && SIZE_TABLES[key].head.includes("Collar");
    expect(collar(sizeTableFor(["heren", "kleding", "overhemden"]))).toBe(true);
    expect(collar(sizeTableFor(["heren", "kleding", "t-shirts-polos"]))).toBe(false);
    expect(collar(sizeTableFor(["heren", "kleding", "truien-vesten"]))).toBe(false);
    expect(sizeTableFor(["heren", "accessoires", "tassen"])).toBeNull();
  });
});
