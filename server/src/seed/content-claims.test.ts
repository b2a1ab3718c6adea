import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Product } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { demoContentDir } from "../services/cms/demo-content.ts";
import { generateDemoCatalog } from "./demo-catalog.ts";

/*
 * Issue 14: "Sale: tot 50% korting" while the deepest discount was 41 %. A "tot N%" (up to) claim
 * in the demo content must be the catalogue's deepest discount, rounded down.
 */
const products = generateDemoCatalog()
  .filter((r) => r.type === "product")
  .map((r) => r.data) as Product[];

function deepestDiscount(): number {
  let deepest = 0;
  const look = (p: { price?: number; special_price?: number | null }) => {
    if (p.price && p.special_price && p.special_price < p.price)
      deepest = Math.max(deepest, 1 - p.special_price / p.price);
  };
  for (const p of products) {
    look(p);
    for (const c of p.configurable_children ?? [])
      look(c as { price?: number; special_price?: number | null });
  }
  return Math.floor(deepest * 100);
}

describe("the demo content's claims", () => {
  it("says 'tot N% korting' only where N is the deepest discount on sale", () => {
    const deepest = deepestDiscount();
    expect(deepest).toBeGreaterThan(0);
    const claims = readdirSync(demoContentDir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => [...readFileSync(path.join(demoContentDir, f), "utf8").matchAll(/tot (\d+) ?%/gi)])
      .map((m) => Number(m[1]));
    for (const claim of claims) expect(claim).toBe(deepest);
  });
});
