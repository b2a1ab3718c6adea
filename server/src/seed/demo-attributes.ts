/**
 * Filterable product attributes and tax rules of the demo shop. Option values are numeric
 * strings, as in a Magento export; every attribute draws from its own hundred so a stray value
 * in the wrong attribute is easy to spot.
 */
import type { Attribute, AttributeOption, TaxRule } from "@etalage/core";
import { BRANDS } from "./demo-brands.ts";
import { COLORS, type ColorKey } from "./palette.ts";

export const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export const SHOE_SIZES = ["39", "40", "41", "42", "43", "44", "45", "46", "47"] as const;
/** Waist/length pairs, most sold first: a trouser takes the first 8 to 11 of them. */
export const WAIST_LENGTHS = [
  "W32/L32",
  "W33/L32",
  "W31/L32",
  "W34/L32",
  "W30/L32",
  "W36/L32",
  "W32/L34",
  "W33/L34",
  "W34/L34",
  "W31/L34",
  "W36/L34",
  "W29/L32",
  "W38/L32",
  "W30/L30",
  "W32/L30",
] as const;
export const BELT_LENGTHS = ["85", "90", "95", "100", "105"] as const;
export const SOCK_SIZES = ["39-42", "43-46"] as const;
export const ONE_SIZE = "One size";

/** Sorts "W30/L32" by waist, then length; plain numbers rather than locale rules keep it stable. */
const byWaistThenLength = (a: string, b: string) => {
  const [wa = 0, la = 0] = a.match(/\d+/g)!.map(Number);
  const [wb = 0, lb = 0] = b.match(/\d+/g)!.map(Number);
  return wa - wb || la - lb;
};

const SIZE_LABELS: readonly string[] = [
  ...CLOTHING_SIZES,
  ...SHOE_SIZES,
  ...[...WAIST_LENGTHS].sort(byWaistThenLength),
  ...BELT_LENGTHS,
  ...SOCK_SIZES,
  ONE_SIZE,
];

const MATERIALS = [
  "katoen",
  "biologisch katoen",
  "stretchkatoen",
  "linnen",
  "wol",
  "merinowol",
  "lamswol",
  "kasjmier",
  "leer",
  "suède",
  "denim",
  "canvas",
  "polyester gerecycled",
  "nylon",
  "bamboe",
  "zijde",
] as const;

export const FITS = [
  "extra slim fit",
  "slim fit",
  "tailored fit",
  "regular fit",
  "relaxed fit",
  "straight fit",
  "tapered fit",
] as const;

const SLEEVE_LENGTHS = ["korte mouw", "lange mouw", "extra lange mouw", "mouwloos"] as const;
const COLLARS = [
  "button-down",
  "cutaway",
  "semi-cutaway",
  "kent",
  "opstaande kraag",
  "polokraag",
  "ronde hals",
  "V-hals",
  "col",
  "schipperskraag",
  "capuchon",
  "reverskraag",
  "sjaalkraag",
] as const;
const PATTERNS = [
  "effen",
  "gestreept",
  "geruit",
  "visgraat",
  "pied-de-poule",
  "print",
  "stippen",
  "melange",
  "kabelmotief",
] as const;

interface AttributeDef {
  id: number;
  code: string;
  label: string;
  /** First option value; option i gets firstValue + i. */
  firstValue: number;
  labels: readonly string[];
  comparable: boolean;
}

const DEFS: readonly AttributeDef[] = [
  {
    id: 93,
    code: "color",
    label: "Kleur",
    firstValue: 49,
    labels: COLORS.map((c) => c.label),
    comparable: true,
  },
  { id: 144, code: "size", label: "Maat", firstValue: 100, labels: SIZE_LABELS, comparable: false },
  {
    id: 150,
    code: "brand",
    label: "Merk",
    firstValue: 200,
    labels: BRANDS.map((b) => b.name),
    comparable: true,
  },
  { id: 151, code: "material", label: "Materiaal", firstValue: 300, labels: MATERIALS, comparable: true },
  { id: 152, code: "fit", label: "Pasvorm", firstValue: 400, labels: FITS, comparable: true },
  { id: 153, code: "pattern", label: "Dessin", firstValue: 500, labels: PATTERNS, comparable: true },
  { id: 154, code: "collar", label: "Kraag", firstValue: 600, labels: COLLARS, comparable: true },
  {
    id: 155,
    code: "sleeve_length",
    label: "Mouwlengte",
    firstValue: 700,
    labels: SLEEVE_LENGTHS,
    comparable: true,
  },
];

export type AttributeCode =
  | "color"
  | "size"
  | "brand"
  | "material"
  | "fit"
  | "pattern"
  | "collar"
  | "sleeve_length";

/** The attributes a style may set besides colour, size, brand, material and fit. */
export const EXTRA_ATTRIBUTES = ["pattern", "collar", "sleeve_length"] as const;

const def = (code: AttributeCode) => DEFS.find((d) => d.code === code)!;

const valueIndex = new Map<string, string>(
  DEFS.flatMap((d) => d.labels.map((label, i) => [`${d.code}:${label}`, String(d.firstValue + i)] as const)),
);

/** The option value for a label; unknown labels throw, so a typo in a table fails at once. */
export function optionValue(code: AttributeCode, label: string): string {
  const value = valueIndex.get(`${code}:${label}`);
  if (value === undefined) throw new Error(`demo catalogue: no ${code} option "${label}"`);
  return value;
}

export function hasOption(code: AttributeCode, label: string): boolean {
  return valueIndex.has(`${code}:${label}`);
}

export const colorValue = (key: ColorKey) => optionValue("color", COLORS.find((c) => c.key === key)!.label);
export const colorLabel = (key: ColorKey) => COLORS.find((c) => c.key === key)!.label;
export const sizeValue = (label: string) => optionValue("size", label);
export const attributeId = (code: AttributeCode) => def(code).id;
export const attributeLabel = (code: AttributeCode) => def(code).label;

export function buildAttributes(): Attribute[] {
  return DEFS.map((d, position) => {
    const options: AttributeOption[] = d.labels.map((label, i) => {
      const option: AttributeOption = { label, value: String(d.firstValue + i), sort_order: i };
      if (d.code === "color") option.swatch = COLORS[i]!.hex;
      return option;
    });
    const attribute: Attribute = {
      attribute_id: d.id,
      attribute_code: d.code,
      frontend_label: d.label,
      frontend_input: "select",
      is_user_defined: true,
      is_visible: true,
      is_visible_on_front: true,
      is_comparable: d.comparable,
      is_filterable: true,
      position,
      options,
    };
    if (d.code === "color") attribute.swatch = true;
    return attribute;
  });
}

/** Product tax classes: 2 for almost everything, 5 for books (the low Dutch rate). */
/** No VAT at sale: multi-purpose vouchers (gift cards), taxed when they are spent. */
export const TAX_CLASS_NONE = 0;
export const TAX_CLASS_HIGH = 2;
export const TAX_CLASS_LOW = 5;
export const VAT_RATE: Record<number, number> = { [TAX_CLASS_HIGH]: 21, [TAX_CLASS_LOW]: 9 };

export function buildTaxRules(): TaxRule[] {
  const rule = (id: number, code: string, taxClass: number, rate: number): TaxRule => ({
    id,
    code,
    priority: 0,
    product_tax_class_ids: [taxClass],
    customer_tax_class_ids: [3],
    rates: [{ rate, tax_country_id: "NL", tax_region_id: 0, region_name: "*", code: `NL-${rate}` }],
  });
  return [rule(1, "NL BTW hoog", TAX_CLASS_HIGH, 21), rule(2, "NL BTW laag", TAX_CLASS_LOW, 9)];
}
