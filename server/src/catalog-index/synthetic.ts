/**
 * A deterministic large catalogue for benchmarks and load tests (default 20,000 parents with 5
 * children each, 100,000 children): the demo shop's attributes, tax rules and style names, spread
 * over 10 top categories with 10 leaves each. Same options, same bytes.
 */
import type { Attribute, Category, ConfigurableChild, Product } from "@etalage/core";
import { buildAttributes, buildTaxRules, TAX_CLASS_HIGH } from "../seed/demo-attributes.ts";
import { createRng } from "../seed/demo-random.ts";
import { PLANS } from "../seed/demo-styles.ts";
import type { CatalogData } from "./snapshot.ts";

export interface SyntheticOptions {
  parents?: number;
  childrenPerParent?: number;
  seed?: number;
}

const TOPS = [
  "Kleding",
  "Schoenen",
  "Accessoires",
  "Sport",
  "Ondergoed",
  "Outdoor",
  "Werkkleding",
  "Grote maten",
  "Feestkleding",
  "Basics",
];
const LEAVES = [
  "Overhemden",
  "Truien",
  "Jassen",
  "Broeken",
  "Jeans",
  "Sneakers",
  "Boots",
  "Riemen",
  "Sokken",
  "Tassen",
];
const QUALIFIERS = [
  "",
  " premium",
  " duurzaam",
  " outlet",
  " klassiek",
  " modern",
  " casual",
  " formeel",
  " zomer",
  " winter",
];

function categories(): Category[] {
  const list: Category[] = [];
  const add = (id: number, parent: number, level: number, name: string, path: string, position: number) => {
    const key = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    list.push({
      id,
      parent_id: parent,
      level,
      name,
      slug: `${key}-${id}`,
      is_active: true,
      position,
      product_count: 0,
      path,
      url_key: `${key}-${id}`,
      url_path: `${key}-${id}`,
      children_count: 0,
    });
  };
  add(2, 1, 1, "Heren", "1/2", 1);
  TOPS.forEach((top, t) => {
    const topId = 100 + t;
    add(topId, 2, 2, top, `1/2/${topId}`, t + 1);
    for (let l = 0; l < 10; l++) {
      const leafId = 1000 + t * 10 + l;
      add(leafId, topId, 3, `${LEAVES[l]}${QUALIFIERS[t]}`, `1/2/${topId}/${leafId}`, l + 1);
    }
  });
  return list;
}

export function syntheticCatalog(options: SyntheticOptions = {}): CatalogData {
  const parents = options.parents ?? 20_000;
  const perParent = options.childrenPerParent ?? 5;
  const rng = createRng(options.seed ?? 20_000);
  const attributes: Attribute[] = buildAttributes();
  const optionsOf = (code: string) =>
    attributes.find((a) => a.attribute_code === code)!.options.map((o) => o.value);
  const [colors, sizes, brands, materials, fits, patterns] = [
    "color",
    "size",
    "brand",
    "material",
    "fit",
    "pattern",
  ].map(optionsOf) as [string[], string[], string[], string[], string[], string[]];
  const colorLabel = new Map(attributes[0]!.options.map((o) => [o.value, o.label.toLowerCase()]));
  const styles = PLANS.flatMap((p) => p.styles.map((s) => s.name));
  const cats = categories();
  const leaves = cats.filter((c) => c.level === 3);

  const products: Product[] = [];
  let childId = 1_000_000;
  for (let i = 0; i < parents; i++) {
    const id = 100_000 + i;
    const sku = `SYN${id}`;
    const leaf = rng.pick(leaves);
    const name = `${rng
      .pick(styles)
      .replace("{fit}", rng.pick(["Slim fit", "Regular fit", ""]))
      .trim()} ${colorLabel.get(rng.pick(colors))}`;
    const gross = rng.int(995, 39_995) / 100;
    const price = Math.round((gross / 1.21) * 10_000) / 10_000;
    const special = rng.chance(0.15)
      ? {
          special_price: Math.round(price * 0.7 * 10_000) / 10_000,
          special_from_date: "2024-01-01 00:00:00",
          special_to_date: "2099-12-31 23:59:59",
        }
      : {};
    const parentColors = rng.sample(colors, rng.int(1, 2));
    const children: ConfigurableChild[] = [];
    for (let c = 0; c < perParent; c++) {
      const cid = childId++;
      const color = parentColors[c % parentColors.length]!;
      const size = sizes[(i + c) % sizes.length]!;
      const soldOut = rng.chance(0.05);
      children.push({
        id: cid,
        sku: `${sku}-${c}`,
        status: rng.chance(0.02) ? 2 : 1,
        stock: {
          product_id: cid,
          sku: `${sku}-${c}`,
          qty: soldOut ? 0 : rng.int(1, 30),
          is_in_stock: !soldOut,
          manage_stock: true,
        },
        price,
        ...special,
        tax_class_id: TAX_CLASS_HIGH,
        color,
        size,
        custom_attributes: [
          { attribute_code: "color", value: color },
          { attribute_code: "size", value: size },
        ],
      });
    }
    const key = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${sku.toLowerCase()}`;
    products.push({
      id,
      sku,
      name,
      type_id: "configurable",
      status: rng.chance(0.01) ? 2 : 1,
      visibility: rng.chance(0.02) ? 2 : 4,
      url_key: key,
      url_path: key,
      slug: key,
      price,
      ...special,
      tax_class_id: TAX_CLASS_HIGH,
      stock: {
        product_id: id,
        sku,
        qty: 10,
        is_in_stock: children.some((c) => c.stock.is_in_stock),
        manage_stock: true,
      },
      category: [leaf.id, leaf.parent_id].map((cid) => ({
        category_id: cid,
        name: cats.find((c) => c.id === cid)!.name,
        position: rng.int(1, parents),
      })),
      category_ids: [leaf.id, leaf.parent_id],
      new: rng.chance(0.1) ? 1 : 0,
      sale: special.special_price ? 1 : 0,
      brand: rng.pick(brands),
      color: parentColors[0]!,
      material: rng.pick(materials),
      fit: rng.pick(fits),
      pattern: rng.pick(patterns),
      color_options: parentColors,
      size_options: [...new Set(children.map((c) => c.size as string))],
      created_at: "2025-01-01 00:00:00",
      updated_at: `2026-0${rng.int(1, 6)}-${String(rng.int(10, 28))} 12:00:00`,
      configurable_children: children,
    });
  }
  return {
    categories: cats,
    attributes,
    taxRules: buildTaxRules(),
    products,
    redirects: [],
    landingPages: [],
  };
}
