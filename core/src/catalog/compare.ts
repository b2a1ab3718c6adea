/**
 * Product comparison (issue 29; browsing §1 names a `compare` page): up to four products of one
 * kind side by side. The list lives in the browser; these rules decide what may join it and which
 * rows of the table differ.
 */

/** A shopper compares at most four products: more columns do not fit a phone or a laptop. */
export const COMPARE_LIMIT = 4;

/** The attributes a menswear shopper weighs, in the table's order (after price and brand). */
export const COMPARE_ATTRIBUTES = ["fit", "material", "collar", "sleeve_length"] as const;
export type CompareAttribute = (typeof COMPARE_ATTRIBUTES)[number];

/**
 * One compared product as the browser keeps it: a snapshot taken when it was added and refreshed
 * whenever the compare page reaches the catalogue, so the page works offline for products seen.
 */
export interface CompareEntry {
  /** The product's key: a configurable's parent sku. */
  key: string;
  /** What kind of product it is (its deepest category's name), or null while not yet known. */
  kind: string | null;
  name: string;
  href: string;
  image: string | null;
  brand: string | null;
  /** Regular price including tax. */
  price: number;
  /** The lower price paid today, or null. */
  specialPrice: number | null;
  /** Attribute labels; null where the product has none (or the snapshot does not know yet). */
  attributes: Partial<Record<CompareAttribute, string | null>>;
  /** Size labels in stock, in the catalogue's order; null while unknown. */
  sizesInStock: string[] | null;
}

export type CompareOutcome =
  | { ok: true; entries: CompareEntry[] }
  | { ok: false; reason: "full" | "other-kind"; kind?: string };

/**
 * Adds `entry` to the list (newest last, so columns keep their places), or says why not: the list
 * is full, or the product is of another kind than those already compared. An entry already
 * there is refreshed in place.
 */
export function addToCompare(entries: readonly CompareEntry[], entry: CompareEntry): CompareOutcome {
  const at = entries.findIndex((e) => e.key === entry.key);
  if (at >= 0) return { ok: true, entries: entries.map((e, i) => (i === at ? merge(e, entry) : e)) };
  const kind = listKind(entries);
  if (kind !== null && entry.kind !== null && entry.kind !== kind)
    return { ok: false, reason: "other-kind", kind };
  if (entries.length >= COMPARE_LIMIT) return { ok: false, reason: "full" };
  return { ok: true, entries: [...entries, entry] };
}

/** The kind of the list: the first known kind among its entries. */
export function listKind(entries: readonly CompareEntry[]): string | null {
  return entries.find((e) => e.kind !== null)?.kind ?? null;
}

/** A fresher snapshot over an older one: what the newer one does not know, the older keeps. */
export function merge(older: CompareEntry, newer: CompareEntry): CompareEntry {
  return {
    ...older,
    ...newer,
    kind: newer.kind ?? older.kind,
    attributes: { ...older.attributes, ...newer.attributes },
    sizesInStock: newer.sizesInStock ?? older.sizesInStock,
  };
}

export type CompareRowCode = "price" | "brand" | CompareAttribute | "sizes";

export interface CompareRow {
  code: CompareRowCode;
  /** One cell per entry, in the entries' order; null where the product has no value. */
  values: (string | null)[];
  /** True when not every product has the same value: the table highlights the row. */
  differs: boolean;
}

/**
 * The comparison table: price, brand, the attributes and the sizes in stock, one cell per product.
 * `formatPrice` renders an amount (the i18n layer's `€ 1.234,56`). A row every product leaves
 * empty is left out; a row differs when two cells are unequal (an empty cell counts as a value).
 */
export function compareTable(
  entries: readonly CompareEntry[],
  formatPrice: (amount: number) => string,
): CompareRow[] {
  const rows: { code: CompareRowCode; values: (string | null)[] }[] = [
    { code: "price", values: entries.map((e) => formatPrice(e.specialPrice ?? e.price)) },
    { code: "brand", values: entries.map((e) => e.brand || null) },
    ...COMPARE_ATTRIBUTES.map((code) => ({
      code,
      values: entries.map((e) => e.attributes[code] || null),
    })),
    {
      code: "sizes",
      values: entries.map((e) => (e.sizesInStock === null ? null : e.sizesInStock.join(", "))),
    },
  ];
  return rows
    .filter((row) => row.values.some((v) => v !== null))
    .map((row) => ({ ...row, differs: new Set(row.values).size > 1 }));
}
