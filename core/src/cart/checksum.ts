import type { ProductOption } from "../catalog/types.ts";
import { sha1 } from "./sha1.ts";

/**
 * What makes two product options the same choice: ids and quantities only, sorted, every id a
 * string. Labels and display values are left out, so a line keeps its identity when the server
 * answers other labels than the client sent (VSF1 hashed the whole option, labels included, and
 * then failed to match its own lines). Unknown extension attributes are display data and ignored.
 */
export interface CanonicalOption {
  configurable?: [string, string][];
  bundle?: [string, number, string[]][];
  custom?: [string, string][];
}

export function canonicalProductOption(option: ProductOption | null | undefined): CanonicalOption {
  const ext = option?.extension_attributes;
  const canonical: CanonicalOption = {};
  const configurable = (ext?.configurable_item_options ?? [])
    .map((o): [string, string] => [String(o.option_id), String(o.option_value)])
    .sort(compareTuples);
  if (configurable.length > 0) canonical.configurable = configurable;
  const bundle = (ext?.bundle_options ?? [])
    .map((o): [string, number, string[]] => [
      String(o.option_id),
      Number(o.option_qty ?? 1),
      [...(o.option_selections ?? [])].map(String).sort(),
    ])
    .sort(compareTuples);
  if (bundle.length > 0) canonical.bundle = bundle;
  const custom = (ext?.custom_options ?? [])
    .map((o): [string, string] => [String(o.option_id), canonicalCustomValue(String(o.option_value ?? ""))])
    .sort(compareTuples);
  if (custom.length > 0) canonical.custom = custom;
  return canonical;
}

/**
 * A checkbox sends its value ids comma-joined; their order is not part of the choice. Typed text
 * (a gift card's message) is the choice itself, commas and all: "Hoi, Sanne" and "Sanne, hoi"
 * are two messages and two lines.
 */
function canonicalCustomValue(value: string): string {
  if (!VALUE_IDS.test(value)) return value.trim();
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean)
    .sort()
    .join(",");
}

const VALUE_IDS = /^\s*\d+(\s*,\s*\d+)*\s*$/;

function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  const x = String(a[0]);
  const y = String(b[0]);
  if (x !== y) return x < y ? -1 : 1;
  const u = JSON.stringify(a);
  const v = JSON.stringify(b);
  return u < v ? -1 : u > v ? 1 : 0;
}

/** The checksum of a line's options (transactional §3 `checksum`): SHA-1 of the canonical JSON. */
export function productOptionChecksum(option: ProductOption | null | undefined): string {
  return sha1(JSON.stringify(canonicalProductOption(option)));
}

/** A cart line's identity: its sku plus the checksum of its options. */
export function cartLineKey(line: { sku: string; product_option?: ProductOption | null }): string {
  return `${line.sku}\u0000${productOptionChecksum(line.product_option)}`;
}

export function isSameLine(
  a: { sku: string; product_option?: ProductOption | null },
  b: { sku: string; product_option?: ProductOption | null },
): boolean {
  return (
    a.sku === b.sku && productOptionChecksum(a.product_option) === productOptionChecksum(b.product_option)
  );
}
