/**
 * The product fields a catalogue search may filter on, built once per snapshot: every attribute
 * (in `default` scope the parent's own value; in `catalog` scope the parent's or any enabled
 * child's, contract "Catalogue"), the `<code>_options` lists parents carry, categories and the
 * system fields (visibility, status, stock), numeric ranges (price, dates, id) and point keys
 * (skus, url paths).
 */
import type { Attribute, Product, Scope } from "@etalage/core";
import { type Bits, bitsOf } from "./bitset.ts";
import { NumericField } from "./numeric-field.ts";
import { childValue, eachKey, enabledChildren, keysOf, timeOf } from "./product-values.ts";
import { TermField } from "./term-field.ts";

export type { Scope };

interface Common {
  name: string;
  /** Filters of one group are left out of that group's facet counts ("color" and "color_options"). */
  group: string;
  attribute?: Attribute;
}
export interface TermDef extends Common {
  kind: "term";
  scopes: Record<Scope, TermField>;
}
export interface NumericDef extends Common {
  kind: "numeric";
  field: NumericField;
  parse: (value: unknown) => number | undefined;
}
export interface KeyDef extends Common {
  kind: "key";
  docsOf: Map<string, number[]>;
}
export type FieldDef = TermDef | NumericDef | KeyDef;

const SYSTEM_TERMS = ["visibility", "status", "type_id", "tax_class_id", "new", "sale"] as const;
const ALIASES: Record<string, string> = {
  category_id: "category_ids",
  "category.category_id": "category_ids",
  is_in_stock: "stock.is_in_stock",
  price: "final_price",
  final_price_incl_tax: "final_price",
  "configurable_children.url_path": "children.url_path",
};

const parseNumber = (value: unknown) => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
};
const parseTime = (value: unknown) => {
  const n = typeof value === "number" ? value : timeOf(value);
  return Number.isFinite(n) ? n : undefined;
};

export class FieldRegistry {
  readonly fields = new Map<string, FieldDef>();

  resolve(name: string): FieldDef | undefined {
    return this.fields.get(ALIASES[name] ?? name);
  }

  add(def: FieldDef) {
    this.fields.set(def.name, def);
  }
}

export function buildFields(products: readonly Product[], attributes: readonly Attribute[]): FieldRegistry {
  const size = products.length;
  const registry = new FieldRegistry();
  const same = (name: string, values: (p: Product) => unknown, group = name, attribute?: Attribute) => {
    const field = new TermField(size, (doc, add) => eachKey(values(products[doc]!), false, add));
    registry.add({
      kind: "term",
      name,
      group,
      scopes: { default: field, catalog: field },
      ...(attribute ? { attribute } : {}),
    });
  };
  const children = products.map(enabledChildren);
  // Attributes no child carries have the same documents in both scopes: build them once.
  const childCodes = new Set<string>();
  for (const list of children) {
    for (const child of list) {
      for (const key of Object.keys(child)) childCodes.add(key);
      for (const a of child.custom_attributes ?? []) childCodes.add(a.attribute_code);
    }
  }

  for (const attribute of attributes) {
    const code = attribute.attribute_code;
    if (code.includes(".")) continue;
    const multi = attribute.frontend_input === "multiselect";
    const own = new TermField(size, (doc, add) => eachKey(products[doc]![code], multi, add));
    const catalog = !childCodes.has(code)
      ? own
      : new TermField(size, (doc, add) => {
          eachKey(products[doc]![code], multi, add);
          for (const child of children[doc]!) eachKey(childValue(child, code), multi, add);
        });
    registry.add({ kind: "term", name: code, group: code, attribute, scopes: { default: own, catalog } });
    const listField = `${code}_options`;
    if (products.some((p) => Array.isArray(p[listField])))
      same(listField, (p) => p[listField], code, attribute);
  }
  same("category_ids", (p) => [...(p.category_ids ?? []), ...(p.category ?? []).map((c) => c.category_id)]);
  for (const name of SYSTEM_TERMS) same(name, (p) => p[name]);
  same("stock.is_in_stock", (p) => p.stock?.is_in_stock === true);

  const numeric = (name: string, value: (p: Product) => number, parse = parseNumber, group = name) =>
    registry.add({
      kind: "numeric",
      name,
      group,
      parse,
      field: new NumericField(Float64Array.from(products, value)),
    });
  numeric("final_price", (p) => Number(p.final_price_incl_tax ?? Number.NaN), parseNumber, "price");
  numeric("updated_at", (p) => timeOf(p.updated_at), parseTime);
  numeric("created_at", (p) => timeOf(p.created_at), parseTime);
  numeric("id", (p) => p.id);

  const keyed = (name: string, keys: (p: Product) => unknown[]) => {
    const docsOf = new Map<string, number[]>();
    products.forEach((p, doc) => {
      for (const key of keys(p).flatMap((k) => keysOf(k))) {
        const list = docsOf.get(key);
        if (!list) docsOf.set(key, [doc]);
        else if (list[list.length - 1] !== doc) list.push(doc);
      }
    });
    registry.add({ kind: "key", name, group: name, docsOf });
  };
  keyed("sku", (p) => [p.sku]);
  keyed("configurable_children.sku", (p) => (p.configurable_children ?? []).map((c) => c.sku));
  keyed("url_path", (p) => [p.url_path]);
  keyed("url_key", (p) => [p.url_key]);
  keyed("slug", (p) => [p.slug]);
  keyed("children.url_path", (p) => (p.configurable_children ?? []).map((c) => c.url_path));
  return registry;
}

export function keyBits(size: number, def: KeyDef, keys: Iterable<string>): Bits {
  const docs: number[] = [];
  for (const key of keys) docs.push(...(def.docsOf.get(key) ?? []));
  return bitsOf(size, docs);
}
