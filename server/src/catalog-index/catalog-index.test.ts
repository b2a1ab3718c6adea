import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../seed/demo-catalog.ts";
import { CatalogIndex } from "./catalog-index.ts";
import { type CatalogData, catalogDataOf } from "./snapshot.ts";
import { syntheticCatalog } from "./synthetic.ts";

const demo = catalogDataOf(generateDemoCatalog());

describe("CatalogIndex lookups (CatalogLookups)", () => {
  const index = CatalogIndex.fromData(demo);

  it("finds parents by id, sku and url path, with prices computed", () => {
    const p = index.productBySku("OVH1000")!;
    expect(index.productById(p.id)).toBe(p);
    expect(index.productByUrlPath(p.url_path)).toBe(p);
    expect(p.final_price_incl_tax).toBeGreaterThan(0);
    expect(p.price_incl_tax).toBeGreaterThanOrEqual(p.final_price_incl_tax!);
    expect(index.productBySku("NOPE")).toBeUndefined();
  });

  it("finds a configurable child by sku and url path, with its parent and its own prices", () => {
    const p = index.productBySku("OVH1000")!;
    const child = p.configurable_children![3]!;
    const hit = index.childBySku(child.sku)!;
    expect(hit.parent).toBe(p);
    expect(hit.child.sku).toBe(child.sku);
    expect(hit.child.final_price_incl_tax).toBeGreaterThan(0);
    expect(index.childByUrlPath(child.url_path as string)?.child.sku).toBe(child.sku);
  });

  it("finds categories, redirects and landing pages", () => {
    const sneakers = index.categoryById(21)!;
    expect(index.categoryByUrlPath(sneakers.url_path)?.id).toBe(21);
    expect(index.redirectByRequestPath("sneakers")?.target_path).toBe(sneakers.url_path);
    expect(index.landingPageByUrlPath("zwarte-sneakers")?.category_id).toBe(21);
  });

  it("keeps the listing helpers SSR and /api/health use", () => {
    expect(index.categoryTree().map((c) => c.name)).toEqual([
      "Kleding",
      "Schoenen",
      "Accessoires",
      "Nieuw",
      "Sale",
    ]);
    const list = index.productsInCategory(21, 24);
    expect(list).toHaveLength(24);
    for (const p of list) expect(p.status === 1 && p.visibility >= 2).toBe(true);
    const positions = list.map((p) => p.category.find((c) => c.category_id === 21)!.position!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(index.status()).toMatchObject({ ready: true, categories: 21 });
    expect(index.status().products).toBeGreaterThan(1500);
  });
});

describe("CatalogIndex.rebuild", () => {
  it("swaps a new snapshot in whole; reads during the build see the old one", async () => {
    let data: CatalogData = demo;
    let release: () => void = () => {};
    let loads = 0;
    const index = new CatalogIndex(undefined, {
      load: async () => {
        loads++;
        if (loads > 1) await new Promise<void>((resolve) => (release = resolve));
        return data;
      },
    });
    await index.build();
    const before = index.snapshot();
    data = {
      ...demo,
      products: demo.products.map((p) => (p.sku === "OVH1000" ? { ...p, name: "Nieuw overhemd" } : p)),
    };
    const first = index.rebuild();
    const second = index.rebuild();
    const third = index.rebuild();
    expect(second).toBe(third);
    await new Promise((r) => setTimeout(r, 10));
    expect(index.snapshot()).toBe(before);
    expect(index.productBySku("OVH1000")!.name).not.toBe("Nieuw overhemd");
    release();
    await first;
    expect(index.productBySku("OVH1000")!.name).toBe("Nieuw overhemd");
    await new Promise((r) => setTimeout(r, 10));
    release();
    await second;
    expect(loads).toBe(3);
    expect(index.searchProducts({ _searchText: "nieuw overhemd" }).items[0]!.sku).toBe("OVH1000");
  });

  it("is not ready before the first build", () => {
    const index = new CatalogIndex(undefined, { load: async () => demo });
    expect(index.status().ready).toBe(false);
    expect(() => index.categoryTree()).toThrow(/not built/);
  });
});

describe("syntheticCatalog", () => {
  it("is deterministic and sized as asked", () => {
    const a = syntheticCatalog({ parents: 50, childrenPerParent: 3, seed: 7 });
    expect(a.products).toHaveLength(50);
    expect(a.products.every((p) => p.configurable_children!.length === 3)).toBe(true);
    expect(syntheticCatalog({ parents: 50, childrenPerParent: 3, seed: 7 })).toEqual(a);
    const index = CatalogIndex.fromData(a);
    expect(
      index.searchProducts({ _availableFilters: [{ field: "color", scope: "catalog" }] }).aggregations
        .filters[0]!.options.length,
    ).toBeGreaterThan(0);
  });
});
