import { createHash } from "node:crypto";
import type { Attribute, Category, LandingPage, Product } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "./demo-catalog.ts";
import { COLORS, DRAWING_FEATURES, IMAGE_VIEWS, PRODUCT_KINDS, productImagePath } from "./palette.ts";

const started = performance.now();
const records = generateDemoCatalog();
const elapsed = performance.now() - started;
console.log(`demo catalogue: ${records.length} records generated in ${elapsed.toFixed(0)} ms`);

const ofType = <T extends (typeof records)[number]["type"]>(type: T) =>
  records.filter((r) => r.type === type).map((r) => r.data) as Extract<
    (typeof records)[number],
    { type: T }
  >["data"][];

const products = ofType("product") as Product[];
const categories = ofType("category") as Category[];
const attributes = ofType("attribute") as Attribute[];
const landingPages = ofType("landing_page") as LandingPage[];
const children = products.flatMap((p) => p.configurable_children ?? []);
const bySku = new Map(products.map((p) => [p.sku, p]));
const categoryById = new Map(categories.map((c) => [c.id, c]));
const options = (code: string) =>
  new Set(attributes.find((a) => a.attribute_code === code)!.options.map((o) => o.value));
const inclTax = (p: { price: number; tax_class_id?: number }) =>
  Math.round(p.price * (p.tax_class_id === 5 ? 1.09 : 1.21) * 100) / 100;

describe("demo catalogue", () => {
  it("is the same on every run", () => {
    expect(generateDemoCatalog()).toEqual(records);
    // A deliberate change to the generator or its tables changes these: rerun with `-u` to accept it.
    const hash = createHash("sha256").update(JSON.stringify(records)).digest("hex").slice(0, 16);
    expect({
      hash,
      records: records.length,
      parents: products.length,
      children: children.length,
      firstProduct: `${products[0]!.sku} ${products[0]!.name}`,
    }).toMatchInlineSnapshot(`
      {
        "children": 9578,
        "firstProduct": "OVH1000 Slim fit overhemd twill",
        "hash": "40bed6c90332b5c1",
        "parents": 1650,
        "records": 1701,
      }
    `);
  });

  it("lists records in import order", () => {
    const order = ["taxrule", "attribute", "category", "product", "redirect", "landing_page"];
    const ranks = records.map((r) => order.indexOf(r.type));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // A look's part may be one size of a configurable: it comes with its parent.
    const rank = new Map(
      products.flatMap((p, i) => [
        [p.sku, i] as const,
        ...(p.configurable_children ?? []).map((c) => [c.sku, i] as const),
      ]),
    );
    for (const p of products) {
      const links = [...(p.product_links ?? []), ...(p.bundle_options ?? []).flatMap((o) => o.product_links)];
      for (const l of links.filter((x) => x.link_type === "associated")) {
        expect(rank.get(l.linked_product_sku)!).toBeLessThan(rank.get(p.sku)!);
      }
    }
  });

  it("is big enough to exercise listings, facets and search", () => {
    expect(products.length).toBeGreaterThanOrEqual(1500);
    expect(children.length).toBeGreaterThanOrEqual(8000);
    expect(children.length).toBeLessThanOrEqual(12000);
    const types = new Map<string, number>();
    for (const p of products) types.set(p.type_id, (types.get(p.type_id) ?? 0) + 1);
    expect(types.get("grouped")).toBeGreaterThanOrEqual(25);
    expect(types.get("bundle")).toBeGreaterThanOrEqual(15);
    expect(types.get("virtual")).toBe(3);
    expect(types.get("downloadable")).toBeGreaterThanOrEqual(1);
    expect(types.get("simple")).toBeGreaterThanOrEqual(100);
  });

  it("has unique ids, skus and url paths", () => {
    const unique = (values: readonly unknown[]) => expect(new Set(values).size).toBe(values.length);
    unique([...products, ...children].map((p) => p.id));
    unique([...products, ...children].map((p) => p.sku));
    unique([
      ...products.map((p) => p.url_path),
      ...children.map((c) => c.url_path),
      ...categories.map((c) => c.url_path),
      ...landingPages.map((l) => l.url_path),
    ]);
    expect(Math.min(...products.map((p) => p.id))).toBe(1000);
    expect(Math.min(...children.map((c) => c.id))).toBe(100000);
    for (const p of products) expect(p.slug).toBe(p.url_key);
    for (const p of products) {
      for (const c of p.configurable_children ?? [])
        expect(c.url_path).toBe(`${p.url_key}-${c.sku.toLowerCase()}`);
    }
  });

  it("has the category tree of the shop under root 2", () => {
    const names = (parent: number) =>
      categories
        .filter((c) => c.parent_id === parent)
        .sort((a, b) => a.position - b.position)
        .map((c) => c.name);
    const root = categoryById.get(2)!;
    expect([root.name, root.level, root.url_path, root.parent_id]).toEqual(["Heren", 1, "", 1]);
    expect(names(2)).toEqual(["Kleding", "Schoenen", "Accessoires", "Nieuw", "Sale"]);
    const id = (name: string) => categories.find((c) => c.name === name)!.id;
    expect(names(id("Kleding"))).toEqual([
      "Overhemden",
      "T-shirts & polo's",
      "Truien & vesten",
      "Jassen",
      "Broeken",
      "Jeans",
      "Pakken & colberts",
    ]);
    expect(names(id("Schoenen"))).toEqual(["Sneakers", "Nette schoenen", "Boots", "Loafers"]);
    expect(names(id("Accessoires"))).toEqual(["Riemen", "Sokken", "Sjaals", "Tassen"]);
    expect(categoryById.get(id("Overhemden"))!).toMatchObject({ level: 3, path: "1/2/10/11" });
    expect(categoryById.get(id("Sneakers"))!.url_path).toBe("schoenen/sneakers");
  });

  // Issue 14: a gift card is e-mailed, so it asks to whom; nothing else asks for typed text.
  it("gives every gift card its recipient options: name and address required, a message optional", () => {
    for (const p of products) {
      const typed = (p.custom_options ?? []).map((o) => [
        o.title,
        o.type,
        o.is_require === true,
        o.format ?? null,
      ]);
      expect(typed, p.sku).toEqual(
        p.type_id === "virtual"
          ? [
              ["Naam ontvanger", "field", true, null],
              ["E-mailadres ontvanger", "field", true, "email"],
              ["Persoonlijke boodschap", "area", false, null],
            ]
          : [],
      );
    }
  });

  it("puts every product in existing categories, with their ancestors, and counts them", () => {
    const counts = new Map<number, number>();
    for (const p of products) {
      expect(p.category_ids.length).toBeGreaterThan(0);
      expect(p.category.map((c) => c.category_id)).toEqual(p.category_ids);
      // Gift cards and e-books have no leaf of their own and sit in Accessoires; complete looks
      // (grouped outfits) sit in Kleding.
      const leaves = p.category_ids.filter((id) => categoryById.get(id)?.level === 3);
      const noLeaf = p.type_id === "virtual" || p.type_id === "downloadable" || p.type_id === "grouped";
      expect(leaves.length, p.sku).toBe(noLeaf ? 0 : 1);
      for (const id of p.category_ids) {
        const c = categoryById.get(id)!;
        expect(c).toBeDefined();
        for (const ancestor of c.parent_ids!.filter((a) => a > 2)) expect(p.category_ids).toContain(ancestor);
      }
      expect(p.category_ids.includes(40)).toBe(p.new === 1);
      expect(p.category_ids.includes(41)).toBe(p.sale === 1);
      if (p.status === 1 && p.visibility !== 1)
        for (const id of p.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const c of categories.filter((x) => x.id !== 2)) expect(c.product_count).toBe(counts.get(c.id) ?? 0);
    for (const l of landingPages) expect(categoryById.has(l.category_id)).toBe(true);
  });

  it("links sets to existing simple products (or sizes of configurables) and colour families both ways", () => {
    const sizes = new Set(children.map((c) => c.sku));
    for (const p of products) {
      const links = [...(p.product_links ?? []), ...(p.bundle_options ?? []).flatMap((o) => o.product_links)];
      for (const l of links) {
        const target = bySku.get(l.linked_product_sku);
        expect(l.sku).toBe(p.sku);
        // A complete look's clothes and shoes are one size each: a configurable's child.
        if (p.type_id === "grouped" && sizes.has(l.linked_product_sku)) continue;
        expect(target, l.linked_product_sku).toBeDefined();
        if (l.link_type === "associated") expect(target!.type_id).toBe("simple");
        if (l.link_type === "colorrelation") {
          expect(target!.product_links!.some((b) => b.linked_product_sku === p.sku)).toBe(true);
          expect(target!.color).not.toBe(p.color);
        }
      }
      if (p.type_id === "grouped") expect(p.product_links!.length).toBeGreaterThanOrEqual(2);
      for (const o of p.bundle_options ?? []) {
        expect(o.product_links.filter((l) => l.is_default)).toHaveLength(1);
      }
    }
    expect(products.some((p) => p.product_links?.some((l) => l.link_type === "colorrelation"))).toBe(true);
  });

  it("has shop prices in every price bucket", () => {
    const buckets = [0, 0, 0, 0];
    for (const p of products) {
      const price = inclTax(p);
      // Stored excluding tax, but always a round shop price once tax is added.
      expect(Math.abs(p.price * (p.tax_class_id === 5 ? 1.09 : 1.21) - price)).toBeLessThan(0.001);
      expect(Math.round(price * 100) % 5).toBe(0);
      buckets[price < 50 ? 0 : price < 100 ? 1 : price < 150 ? 2 : 3]!++;
    }
    for (const n of buckets) expect(n).toBeGreaterThan(100);
    const specials = products.filter((p) => p.special_price != null);
    expect(specials.filter((p) => p.special_to_date?.startsWith("2020")).length).toBeGreaterThan(0);
    expect(specials.filter((p) => p.special_from_date?.startsWith("2098")).length).toBeGreaterThan(0);
    for (const p of specials) expect(p.special_price!).toBeLessThan(p.price);
    expect(products.find((p) => p.type_id === "downloadable")!.tax_class_id).toBe(5);
  });

  it("uses at least 20 brands", () => {
    expect(new Set(products.map((p) => p.brand).filter(Boolean)).size).toBeGreaterThanOrEqual(20);
  });

  it("stores only attribute values that exist as options", () => {
    for (const code of ["color", "size", "brand", "material", "fit", "pattern", "collar", "sleeve_length"]) {
      const values = options(code);
      for (const p of [...products, ...children]) {
        if (p[code] !== undefined) expect(values, `${code} of ${p.sku}`).toContain(p[code]);
      }
    }
    for (const p of products) {
      for (const o of p.configurable_options ?? []) {
        const used = new Set(p.configurable_children!.map((c) => c[o.attribute_code]));
        expect(new Set(o.values.map((v) => v.value_index))).toEqual(used);
      }
      for (const c of p.configurable_children ?? []) {
        expect(c.custom_attributes).toEqual([
          { attribute_code: "color", value: c.color },
          { attribute_code: "size", value: c.size },
        ]);
      }
    }
    for (const l of landingPages) {
      for (const [code, values] of Object.entries(
        JSON.parse(l.filter_attributes) as Record<string, string[]>,
      )) {
        if (code === "price") {
          const [min, max] = values.map(Number);
          expect(min! < max!, l.url_path).toBe(true);
          expect(products.some((p) => p.category_ids.includes(l.category_id) && p.price * 1.21 <= max!)).toBe(
            true,
          );
          continue;
        }
        for (const v of values) expect(options(code)).toContain(v);
        const matches = products.filter(
          (p) =>
            p.category_ids.includes(l.category_id) &&
            (p.configurable_children ?? [p]).some((c) => values.includes(String(c[code] ?? p[code]))),
        );
        expect(matches.length, l.url_path).toBeGreaterThan(0);
      }
    }
  });

  it("shows pictures of the palette, or none", () => {
    const paths = new Set(
      [...PRODUCT_KINDS, "giftcard" as const].flatMap((k) => {
        const features = DRAWING_FEATURES[k as keyof typeof DRAWING_FEATURES] ?? [];
        return [[], ...features.map((f) => [f])].flatMap((f) =>
          COLORS.flatMap((c) => IMAGE_VIEWS.map((v) => productImagePath(k, c.key, v, f))),
        );
      }),
    );
    const images = [
      ...products.flatMap((p) => [
        p.image,
        p.small_image,
        p.thumbnail,
        ...(p.media_gallery ?? []).map((m) => m.image),
      ]),
      ...children.map((c) => c.image),
    ];
    for (const image of images) {
      if (image !== "no_selection") expect(paths, image).toContain(image);
    }
    expect(images.filter((i) => i === "no_selection").length).toBeGreaterThan(0);
  });

  it("keeps stock consistent", () => {
    for (const p of products) {
      expect(p.stock).toMatchObject({ product_id: p.id, sku: p.sku, manage_stock: true });
      const kids = p.configurable_children;
      if (kids) {
        expect(p.stock.is_in_stock).toBe(kids.some((c) => c.stock.is_in_stock));
        for (const c of kids)
          expect(c.stock).toMatchObject({ product_id: c.id, sku: c.sku, manage_stock: true });
      }
    }
    const skus = [...products.filter((p) => !p.configurable_children), ...children];
    const soldOut = skus.filter((s) => !s.stock.is_in_stock).length / skus.length;
    expect(soldOut).toBeGreaterThan(0.03);
    expect(soldOut).toBeLessThan(0.1);
    expect(skus.some((s) => s.stock.is_volatile)).toBe(true);
    expect(products.some((p) => p.configurable_children && !p.stock.is_in_stock)).toBe(true);
    expect(products.filter((p) => p.status === 2).length).toBeGreaterThan(0);
  });
});
