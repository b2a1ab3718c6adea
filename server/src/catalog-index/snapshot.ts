/**
 * One immutable build of the catalogue index from plain arrays (the database loader, the tests
 * and the benchmarks all feed it the same way). Parents get dense numbers 0..n-1 in id order;
 * every structure below is indexed by that number.
 */
import type {
  Attribute,
  CatalogRecord,
  Category,
  LandingPage,
  Product,
  Redirect,
  TaxRule,
} from "@etalage/core";
import { STORE } from "@etalage/core";
import { type Bits, emptyBits, setBit } from "./bitset.ts";
import { buildFields, type FieldRegistry, type NumericDef } from "./fields.ts";
import { childOfChildRef, childRef, docOfChildRef, PointKeys } from "./point-keys.ts";
import { PRICE_BUCKETS, type PriceBucket, priceCatalog } from "./prices.ts";
import { enabledChildren, timeOf } from "./product-values.ts";
import { MISSING_RANK, memberSortKey, numericSortKey, type SortKey } from "./sort-orders.ts";
import { TextIndex } from "./text-index.ts";

export interface CatalogData {
  categories: Category[];
  attributes: Attribute[];
  taxRules: TaxRule[];
  /** Parents with their configurable children inside, as stored (prices not yet computed). */
  products: Product[];
  redirects: Redirect[];
  landingPages: LandingPage[];
}

export interface SnapshotOptions {
  /** The moment prices are computed for (special price windows); defaults to the build time. */
  now?: Date;
}

export interface ChildRef {
  doc: number;
  child: number;
}

const SORT_FIELDS = ["final_price", "updated_at", "created_at", "name", "id"] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export class Snapshot {
  readonly size: number;
  readonly builtAt = new Date();
  readonly pricedAt: Date;
  /**
   * When a special price window of the catalogue next opens or closes after `pricedAt` (epoch
   * ms): from then on this snapshot's prices are out of date and it must be rebuilt.
   */
  readonly nextPriceChange: number | undefined;
  /** Priced parents by doc number. */
  readonly products: Product[];
  /** Parent ids by doc number: ascending, as documents are numbered in id order. */
  private readonly ids: Float64Array;
  /** Parent sku → doc. */
  readonly skus = new PointKeys();
  /** Parent url_path → doc. */
  readonly urlPaths = new PointKeys();
  /** Child sku → child ref (`childRef`). */
  readonly childSkus = new PointKeys();
  /** Child url_path → child ref. */
  readonly childUrlPaths = new PointKeys();
  readonly categories: Category[];
  readonly categoryById = new Map<number, Category>();
  readonly categoryByUrlPath = new Map<string, Category>();
  readonly attributes: Attribute[];
  readonly attributeByCode = new Map<string, Attribute>();
  readonly taxRules: TaxRule[];
  readonly redirects: Redirect[];
  readonly redirectByPath = new Map<string, Redirect>();
  readonly landingPages: LandingPage[];
  readonly landingPageByPath = new Map<string, LandingPage>();
  readonly issues: number;

  readonly all: Bits;
  readonly fields: FieldRegistry;
  readonly sorts: Record<SortField, SortKey>;
  /** Position order per category id (docs outside the category rank last). */
  readonly positions = new Map<number, SortKey>();
  readonly priceBuckets: { bucket: PriceBucket; bits: Bits }[];
  readonly text: TextIndex;

  constructor(data: CatalogData, options: SnapshotOptions = {}) {
    this.pricedAt = options.now ?? this.builtAt;
    const raw = [...data.products].sort((a, b) => a.id - b.id);
    const priced = priceCatalog(raw, data.taxRules, this.pricedAt);
    this.products = priced.products;
    this.issues = priced.issues;
    this.nextPriceChange = priced.nextChange;
    this.size = this.products.length;
    this.all = emptyBits(this.size);
    for (let doc = 0; doc < this.size; doc++) setBit(this.all, doc);

    this.ids = new Float64Array(this.size);
    for (let doc = 0; doc < this.size; doc++) {
      const p = this.products[doc]!;
      this.ids[doc] = p.id;
      if (p.sku) this.skus.add(p.sku, doc);
      if (p.url_path) this.urlPaths.add(p.url_path, doc);
      const children = p.configurable_children;
      if (!children) continue;
      for (let child = 0; child < children.length; child++) {
        const c = children[child]!;
        const ref = childRef(this.size, doc, child);
        if (c.sku) this.childSkus.add(c.sku, ref);
        if (typeof c.url_path === "string" && c.url_path) this.childUrlPaths.add(c.url_path, ref);
      }
    }

    this.categories = [...data.categories].sort((a, b) => a.position - b.position || a.id - b.id);
    for (const c of this.categories) {
      this.categoryById.set(c.id, c);
      if (c.url_path) this.categoryByUrlPath.set(c.url_path, c);
    }
    this.attributes = [...data.attributes].sort(
      (a, b) => (a.position ?? 0) - (b.position ?? 0) || a.attribute_id - b.attribute_id,
    );
    for (const a of this.attributes) this.attributeByCode.set(a.attribute_code, a);
    this.taxRules = [...data.taxRules].sort((a, b) => a.id - b.id);
    this.redirects = [...data.redirects].sort((a, b) => a.id - b.id);
    for (const r of this.redirects) this.redirectByPath.set(r.request_path, r);
    this.landingPages = [...data.landingPages].sort((a, b) => a.id - b.id);
    for (const l of this.landingPages) this.landingPageByPath.set(l.url_path, l);

    this.fields = buildFields(this.products, this.attributes, {
      sku: this.skus,
      url_path: this.urlPaths,
      "configurable_children.sku": this.childSkus,
      "children.url_path": this.childUrlPaths,
    });
    const price = this.fields.resolve("final_price") as NumericDef;
    this.priceBuckets = PRICE_BUCKETS.map((bucket) => ({
      bucket,
      bits: price.field.rangeBits({
        gte: bucket.from,
        ...(bucket.to !== undefined ? { lt: bucket.to } : {}),
      }),
    }));
    this.sorts = this.buildSorts(price);
    this.buildPositions();
    this.text = new TextIndex(this.size, (doc) => this.textDocument(this.products[doc]!));
  }

  /** The document of a parent id (binary search over the ids in doc order). */
  docOfId(id: number): number | undefined {
    const ids = this.ids;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < ids.length && ids[lo] === id ? lo : undefined;
  }

  /** A child by its ref: the parent's document and the child's place among its children. */
  childAt(ref: number): ChildRef {
    return { doc: docOfChildRef(this.size, ref), child: childOfChildRef(this.size, ref) };
  }

  private buildSorts(price: NumericDef): Record<SortField, SortKey> {
    // Collate each distinct name once (Dutch rules), then sort documents by that rank.
    const collator = new Intl.Collator("nl", { sensitivity: "base", numeric: true });
    const names = this.products.map((p) => String(p.name ?? ""));
    const distinct = [...new Set(names)].sort(collator.compare);
    const nameRank = new Map<string, number>();
    distinct.forEach((name, i) => {
      nameRank.set(
        name,
        i > 0 && collator.compare(distinct[i - 1]!, name) === 0 ? nameRank.get(distinct[i - 1]!)! : i,
      );
    });
    return {
      final_price: numericSortKey(price.field.values),
      updated_at: numericSortKey(Float64Array.from(this.products, (p) => timeOf(p.updated_at))),
      created_at: numericSortKey(Float64Array.from(this.products, (p) => timeOf(p.created_at))),
      id: numericSortKey(Float64Array.from(this.products, (p) => p.id)),
      name: numericSortKey(Float64Array.from(names, (name) => nameRank.get(name)!)),
    };
  }

  private buildPositions() {
    // Per category its members in doc order and their positions (the first assignment's), side
    // by side; a member without a position sorts after the positioned ones, in id order.
    const members = new Map<number, { docs: number[]; values: number[]; last: number }>();
    const note = (id: number, doc: number, value: number) => {
      let list = members.get(id);
      if (!list) {
        list = { docs: [], values: [], last: -1 };
        members.set(id, list);
      }
      if (list.last === doc) return;
      list.last = doc;
      list.docs.push(doc);
      list.values.push(value);
    };
    for (let doc = 0; doc < this.size; doc++) {
      const p = this.products[doc]!;
      const assigned = p.category;
      if (assigned) for (const c of assigned) note(c.category_id, doc, c.position ?? MISSING_RANK - 1);
      const ids = p.category_ids;
      if (ids) for (const id of ids) note(id, doc, MISSING_RANK - 1);
    }
    for (const [id, list] of members)
      this.positions.set(id, memberSortKey(this.size, list.docs, list.values));
  }

  private readonly labels = new Map<string, Map<string, string>>();

  private optionLabel(code: string, value: unknown): string | undefined {
    if (value === undefined || value === null) return undefined;
    let labels = this.labels.get(code);
    if (!labels) {
      labels = new Map(
        (this.attributeByCode.get(code)?.options ?? []).map((o) => [String(o.value), o.label]),
      );
      this.labels.set(code, labels);
    }
    return labels.get(String(value));
  }

  private readonly chains = new Map<number, number[]>();

  /** The category names of a product and of their ancestors up to the store root (not the tree root). */
  private categoryNames(p: Product): string[] {
    const ids = new Set<number>();
    for (const id of p.category_ids ?? []) for (const a of this.chain(id)) ids.add(a);
    for (const c of p.category ?? []) for (const a of this.chain(c.category_id)) ids.add(a);
    const names: string[] = [];
    for (const id of ids) {
      const name = this.categoryById.get(id)?.name ?? p.category?.find((c) => c.category_id === id)?.name;
      if (name) names.push(name);
    }
    return names;
  }

  /** A category id with its ancestors from its path, the tree root left out. */
  private chain(id: number): number[] {
    let chain = this.chains.get(id);
    if (!chain) {
      chain = [id];
      for (const part of (this.categoryById.get(id)?.path ?? "").split("/")) {
        const n = Number(part);
        if (Number.isInteger(n) && n >= STORE.rootCategoryId && n !== id) chain.push(n);
      }
      this.chains.set(id, chain);
    }
    return chain;
  }

  private textDocument(p: Product) {
    const children = enabledChildren(p);
    const colors = new Set<string>();
    for (const value of [p.color, ...children.map((c) => c.color)]) {
      const label = this.optionLabel("color", value);
      if (label) colors.add(label);
    }
    return {
      name: String(p.name ?? ""),
      sku: p.sku,
      childSkus: (p.configurable_children ?? []).map((c) => c.sku),
      categories: this.categoryNames(p),
      brand: this.optionLabel("brand", p.brand),
      colors: [...colors],
      materials: [this.optionLabel("material", p.material)].filter((m): m is string => Boolean(m)),
    };
  }
}

/** Import records (the JSONL format, the demo seed) as snapshot input. */
export function catalogDataOf(records: readonly CatalogRecord[]): CatalogData {
  const data: CatalogData = {
    categories: [],
    attributes: [],
    taxRules: [],
    products: [],
    redirects: [],
    landingPages: [],
  };
  for (const r of records) {
    if (r.type === "category") data.categories.push(r.data);
    else if (r.type === "attribute") data.attributes.push(r.data);
    else if (r.type === "taxrule") data.taxRules.push(r.data);
    else if (r.type === "product") data.products.push(r.data);
    else if (r.type === "redirect") data.redirects.push(r.data);
    else data.landingPages.push(r.data);
  }
  return data;
}
