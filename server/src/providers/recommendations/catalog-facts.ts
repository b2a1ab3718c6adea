/**
 * What the recommendation service knows of each product, derived once per catalogue snapshot:
 * its Elevate key (the parent sku), whether it may be recommended, its style facts for the
 * catalogue rules (core/src/recommendations/style.ts), and the labels its answers show.
 */
import type { Attribute, Category, Product, StyleFacts } from "@etalage/core";
import type { CatalogIndex } from "../../catalog-index/catalog-index.ts";
import type { Snapshot } from "../../catalog-index/snapshot.ts";

/** Colours a shopper names by their family ("navy" is blue), as the text index counts them. */
const COLOR_FAMILY: Record<string, string> = {
  navy: "blauw",
  lichtblauw: "blauw",
  antraciet: "grijs",
  cognac: "bruin",
  bordeaux: "rood",
  olijf: "groen",
  beige: "bruin",
};

export interface ProductFacts {
  key: string;
  product: Product;
  /** Enabled, visible in the catalogue and in stock: may appear in a list. */
  recommendable: boolean;
  style: StyleFacts;
  /** The most specific category (the deepest of the product's). */
  leaf: number | undefined;
  brand: string;
  /** CSS colours of the product's colours, for Elevate's swatch. */
  swatches: string[];
  createdAt: number;
}

export class CatalogFacts {
  readonly byKey = new Map<string, ProductFacts>();
  /** Recommendable products by leaf category, in id order. */
  readonly byLeaf = new Map<number, ProductFacts[]>();
  readonly recommendable: ProductFacts[] = [];
  /** Recommendable products, newest first. */
  readonly newest: ProductFacts[];
  /** Child sku → parent key. */
  readonly parentOfVariant = new Map<string, string>();

  constructor(readonly snapshot: Snapshot) {
    const option = optionLabels(snapshot.attributeByCode);
    const colors = snapshot.attributeByCode.get("color");
    const swatch = new Map((colors?.options ?? []).map((o) => [String(o.value), o.swatch ?? ""]));
    for (const product of snapshot.products) {
      const facts = describe(product, snapshot.categoryById, option, swatch);
      this.byKey.set(facts.key, facts);
      for (const child of product.configurable_children ?? []) this.parentOfVariant.set(child.sku, facts.key);
      if (!facts.recommendable) continue;
      this.recommendable.push(facts);
      if (facts.leaf !== undefined) {
        const list = this.byLeaf.get(facts.leaf) ?? [];
        list.push(facts);
        this.byLeaf.set(facts.leaf, list);
      }
    }
    this.newest = [...this.recommendable].sort(
      (a, b) => b.createdAt - a.createdAt || (a.key < b.key ? -1 : 1),
    );
  }

  /** A product key, or a variant key's product. */
  resolve(key: string): ProductFacts | undefined {
    return this.byKey.get(key) ?? this.byKey.get(this.parentOfVariant.get(key) ?? "");
  }
}

/** The facts of the index's current snapshot, rebuilt when the catalogue is. */
export class FactsCache {
  private current: CatalogFacts | undefined;

  constructor(private readonly catalog: CatalogIndex) {}

  get(): CatalogFacts {
    const snapshot = this.catalog.snapshot();
    if (this.current?.snapshot !== snapshot) this.current = new CatalogFacts(snapshot);
    return this.current;
  }
}

type OptionLabel = (code: string, value: unknown) => string | undefined;

function optionLabels(attributes: ReadonlyMap<string, Attribute>): OptionLabel {
  const tables = new Map<string, Map<string, string>>();
  for (const [code, attribute] of attributes)
    tables.set(code, new Map(attribute.options.map((o) => [String(o.value), o.label])));
  return (code, value) =>
    value === undefined || value === null ? undefined : tables.get(code)?.get(String(value));
}

function describe(
  product: Product,
  categories: ReadonlyMap<number, Category>,
  option: OptionLabel,
  swatch: ReadonlyMap<string, string>,
): ProductFacts {
  const children = (product.configurable_children ?? []).filter((c) => (c.status ?? 1) < 2);
  const colorValues = new Set<string>();
  if (product.color !== undefined && product.color !== null) colorValues.add(String(product.color));
  for (const c of children) if (c.color !== undefined && c.color !== null) colorValues.add(String(c.color));
  const colorLabels = [...colorValues].map((v) => (option("color", v) ?? "").toLowerCase()).filter(Boolean);
  const leaf = deepest(product.category_ids ?? [], categories);
  const price = Number(product.final_price_incl_tax ?? product.price_incl_tax ?? 0);
  const inStock =
    product.stock?.is_in_stock !== false &&
    (children.length === 0 || children.some((c) => c.stock?.is_in_stock !== false));
  return {
    key: product.sku,
    product,
    recommendable:
      product.status === 1 && [2, 3, 4].includes(Number(product.visibility)) && inStock && price > 0,
    style: {
      key: product.sku,
      category: leaf,
      fit: option("fit", product.fit),
      material: option("material", product.material),
      pattern: option("pattern", product.pattern),
      colorFamilies: [...new Set(colorLabels.map((c) => COLOR_FAMILY[c] ?? c))],
      price,
    },
    leaf,
    brand: option("brand", product.brand) ?? "",
    swatches: [...colorValues].map((v) => swatch.get(v) ?? "").filter(Boolean),
    createdAt: Date.parse(String(product.created_at ?? "")) || 0,
  };
}

function deepest(ids: readonly number[], categories: ReadonlyMap<number, Category>): number | undefined {
  let best: Category | undefined;
  for (const id of ids) {
    const c = categories.get(id);
    if (c && (!best || c.level > best.level)) best = c;
  }
  return best?.id;
}
