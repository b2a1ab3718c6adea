/**
 * The size guide: one table per kind of product, covering every size the shop sells in it.
 * A T-shirt or a jumper is not bought by collar size, so it gets a table without one; trousers
 * and jeans are sold by waist and leg length, suits by chest and waist, belts by length.
 * Measurements are body measurements in cm, as the fitting advisors in the shops use them.
 */

export type SizeTableKey = "shirts" | "tops" | "suits" | "trousers" | "shoes" | "belts" | "socks";

export interface SizeTable {
  /** The switch's label (an English dictionary key). */
  label: string;
  /** The caption under which the table reads (a dictionary key). */
  caption: string;
  /** Column heads; the first names the size column (dictionary keys). */
  head: readonly string[];
  /** One row per size sold; the first cell is the size as the product page names it. */
  rows: readonly (readonly string[])[];
  /** How to measure for this table (a dictionary key). */
  tip: string;
}

const LETTERS_TIP = "Measure your chest at its widest point and your waist at the navel.";

export const SIZE_TABLES: Readonly<Record<SizeTableKey, SizeTable>> = {
  shirts: {
    label: "Shirts",
    caption: "Shirt sizes, body measurements in cm",
    head: ["Size", "Collar", "Chest", "Waist"],
    rows: [
      ["XS", "35/36", "88–94", "76–82"],
      ["S", "37/38", "94–100", "82–88"],
      ["M", "39/40", "100–106", "88–94"],
      ["L", "41/42", "106–112", "94–100"],
      ["XL", "43/44", "112–118", "100–106"],
      ["XXL", "45/46", "118–124", "106–112"],
    ],
    tip: "Measure your collar just below the Adam's apple, and your chest at its widest point.",
  },
  tops: {
    label: "T-shirts, knitwear and jackets",
    caption: "Sizes of T-shirts, polos, knitwear and jackets, body measurements in cm",
    head: ["Size", "Chest", "Waist"],
    rows: [
      ["XS", "88–94", "76–82"],
      ["S", "94–100", "82–88"],
      ["M", "100–106", "88–94"],
      ["L", "106–112", "94–100"],
      ["XL", "112–118", "100–106"],
      ["XXL", "118–124", "106–112"],
    ],
    tip: LETTERS_TIP,
  },
  suits: {
    label: "Suits and blazers",
    caption: "Suit and blazer sizes, body measurements in cm",
    head: ["Size", "Suit size", "Chest", "Waist"],
    rows: [
      ["XS", "44", "86–90", "74–78"],
      ["S", "46", "90–94", "78–82"],
      ["M", "48", "94–98", "82–86"],
      ["L", "50", "98–102", "86–90"],
      ["XL", "52", "102–106", "90–96"],
      ["XXL", "54", "106–112", "96–102"],
    ],
    tip: LETTERS_TIP,
  },
  trousers: {
    label: "Trousers and jeans",
    caption: "Trouser and jeans sizes: waist (W) and inside leg (L) in inches and cm",
    head: ["Size", "Waist (cm)", "Inside leg (cm)"],
    rows: [
      ["W29/L32", "74", "81"],
      ["W30/L30", "76", "76"],
      ["W30/L32", "76", "81"],
      ["W31/L32", "79", "81"],
      ["W31/L34", "79", "86"],
      ["W32/L30", "81", "76"],
      ["W32/L32", "81", "81"],
      ["W32/L34", "81", "86"],
      ["W33/L32", "84", "81"],
      ["W33/L34", "84", "86"],
      ["W34/L32", "86", "81"],
      ["W34/L34", "86", "86"],
      ["W36/L32", "91", "81"],
      ["W36/L34", "91", "86"],
      ["W38/L32", "97", "81"],
    ],
    tip: "Measure your waist where your trousers sit, and your inside leg from crotch to floor.",
  },
  shoes: {
    label: "Shoes",
    caption: "Shoe sizes",
    head: ["EU", "UK", "US", "Foot length (cm)"],
    rows: [
      ["39", "6", "7", "24,8"],
      ["40", "6,5", "7,5", "25,4"],
      ["41", "7", "8", "26,0"],
      ["42", "8", "9", "26,7"],
      ["43", "9", "10", "27,3"],
      ["44", "9,5", "10,5", "28,0"],
      ["45", "10,5", "11,5", "28,6"],
      ["46", "11", "12", "29,3"],
      ["47", "12", "13", "30,0"],
    ],
    tip: "Stand on a sheet of paper and measure from your heel to your longest toe.",
  },
  belts: {
    label: "Belts",
    caption: "Belt sizes in cm",
    head: ["Size", "Waist (cm)", "Trouser size"],
    rows: [
      ["85", "70–75", "W28–W29"],
      ["90", "75–80", "W30–W31"],
      ["95", "80–85", "W32–W33"],
      ["100", "85–90", "W34–W35"],
      ["105", "90–95", "W36–W37"],
    ],
    tip: "Take a belt length 10 cm more than your waist, or measure a belt that fits from the buckle to the hole you use.",
  },
  socks: {
    label: "Socks",
    caption: "Sock sizes",
    head: ["Size", "Shoe size (EU)"],
    rows: [
      ["39-42", "39–42"],
      ["43-46", "43–46"],
    ],
    tip: "Take the sock size that covers your shoe size.",
  },
};

export const SIZE_TABLE_KEYS = Object.keys(SIZE_TABLES) as SizeTableKey[];

/** The table for each category url key, deepest first wins (a shirt under Kleding is a shirt). */
const TABLE_BY_CATEGORY: Readonly<Record<string, SizeTableKey>> = {
  overhemden: "shirts",
  "t-shirts-polos": "tops",
  "truien-vesten": "tops",
  jassen: "tops",
  broeken: "trousers",
  jeans: "trousers",
  "pakken-colberts": "suits",
  schoenen: "shoes",
  riemen: "belts",
  sokken: "socks",
};

/**
 * The size table for a product in these categories (url keys from the top down), or null when
 * nothing it is in is sold by size (scarves, bags). The deepest known category decides.
 */
export function sizeTableFor(categoryUrlKeys: readonly string[]): SizeTableKey | null {
  for (let i = categoryUrlKeys.length - 1; i >= 0; i--) {
    const table = TABLE_BY_CATEGORY[categoryUrlKeys[i]!];
    if (table) return table;
  }
  return null;
}

/** The sizes a table lists, as the product page names them. */
export function sizesIn(table: SizeTableKey): string[] {
  return SIZE_TABLES[table].rows.map((row) => row[0]!);
}
