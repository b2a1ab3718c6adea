/**
 * The product fields a catalogue search may filter on, built once per snapshot: every attribute
 * (in `default` scope the parent's own value; in `catalog` scope the parent's or any enabled
 * child's, contract "Catalogue"), the `<code>_options` lists parents carry, categories and the
 * system fields (visibility, status, stock), numeric ranges (price, dates, id) and point keys
 * (skus, url paths).
 */
import type { Attribute, Product, Scope } from "@etalage/core";
import { lookupTable } from "@etalage/core";
import { type Bits, emptyBits, setBit } from "./bitset.ts";
import { NumericField } from "./numeric-field.ts";
import { docOfChildRef, PointKeys } from "./point-keys.ts";
import { childValue, eachKey, enabledChildren, timeOf } from "./product-values.ts";
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
  keys: PointKeys;
  /** The values are child refs (`childRef`), not documents. */
  children: boolean;
}
export type FieldDef = TermDef | NumericDef | KeyDef;

const SYSTEM_TERMS = ["visibility", "status", "type_id", "tax_class_id", "new", "sale"] as const;
const ALIASES = lookupTable<string>({
  category_id: "category_ids",
  "category.category_id": "category_ids",
  is_in_stock: "stock.is_in_stock",
  price: "final_price",
  final_price_incl_tax: "final_price",
  "configurable_children.url_path": "children.url_path",
});

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

/** Point keys the snapshot keeps for its own lookups; the filters use the same maps. */
export interface SharedKeys {
  sku: PointKeys;
  url_path: PointKeys;
  "configurable_children.sku": PointKeys;
  "children.url_path": PointKeys;
}

export function buildFields(
  products: readonly Product[],
  attributes: readonly Attribute[],
  shared: SharedKeys,
): FieldRegistry {
  const size = products.length;
  const registry = new FieldRegistry();
  const same = (name: string, values: (p: Product) => unknown, group = name, attribute?: Attribute) =>
    registry.add(
      termDef(
        name,
        new TermField(size, (doc, add) => eachKey(values(products[doc]!), false, add)),
        group,
        attribute,
      ),
    );
  const children = products.map(enabledChildren);
  // Attributes no enabled child has a value for have the same documents in both scopes: build
  // them once. Asked per attribute code, so no list of every child's keys is made.
  const childCodes = new Set<string>();
  const pending = new Set(attributes.map((a) => a.attribute_code));
  const found = (code: string) => {
    childCodes.add(code);
    pending.delete(code);
  };
  for (let doc = 0; doc < size && pending.size > 0; doc++) {
    for (const child of children[doc]!) {
      for (const code of pending) if (child[code] !== undefined && child[code] !== null) found(code);
      const custom = child.custom_attributes;
      if (custom)
        for (const a of custom)
          if (pending.has(a.attribute_code) && a.value !== undefined && a.value !== null)
            found(a.attribute_code);
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
  registry.add(
    termDef(
      "category_ids",
      new TermField(size, (doc, add) => {
        const p = products[doc]!;
        eachKey(p.category_ids, false, add);
        const assigned = p.category;
        if (assigned) for (const c of assigned) eachKey(c.category_id, false, add);
      }),
    ),
  );
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

  const key = (name: string, keys: PointKeys, children = false) =>
    registry.add({ kind: "key", name, group: name, keys, children });
  key("sku", shared.sku);
  key("url_path", shared.url_path);
  key("configurable_children.sku", shared["configurable_children.sku"], true);
  key("children.url_path", shared["children.url_path"], true);
  for (const name of ["url_key", "slug"] as const) {
    const keys = new PointKeys();
    for (let doc = 0; doc < size; doc++) eachKey(products[doc]![name], false, (k) => keys.add(k, doc));
    key(name, keys);
  }
  return registry;
}

function termDef(name: string, field: TermField, group = name, attribute?: Attribute): TermDef {
  return {
    kind: "term",
    name,
    group,
    scopes: { default: field, catalog: field },
    ...(attribute ? { attribute } : {}),
  };
}

export function keyBits(size: number, def: KeyDef, keys: Iterable<string>): Bits {
  const bits = emptyBits(size);
  const set = def.children
    ? (ref: number) => setBit(bits, docOfChildRef(size, ref))
    : (doc: number) => setBit(bits, doc);
  for (const key of keys) def.keys.each(key, set);
  return bits;
}
