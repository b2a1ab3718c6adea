/**
 * Products made of other products (grouped "Complete look" sets of clothes, shoes and accessories,
 * and bundle gift sets of simple accessories) and products without stock on a shelf: gift cards and
 * e-books.
 */
import type { BundleOption, CustomOption, Product, ProductLink } from "@etalage/core";
import { TAX_CLASS_HIGH, TAX_CLASS_LOW, TAX_CLASS_NONE, VAT_RATE } from "./demo-attributes.ts";
import { CAT, type LeafKey } from "./demo-categories.ts";
import type { Draft, Ids } from "./demo-products.ts";
import { addDays, excludingTax, type Rng, slugify, timestampBetween } from "./demo-random.ts";
import { type ColorKey, productImagePath } from "./palette.ts";

/**
 * The looks, each with the parts its name promises, in the order a stylist lays them out: a top,
 * a bottom, shoes, then accessories (issue 14: "Complete look Kantoor" was a weekend bag and a
 * scarf). Clothes and shoes are one size of a configurable (a simple product of its own, as a
 * grouped product's parts must be); its page offers the other sizes.
 */
const LOOKS: readonly (readonly [theme: string, parts: readonly LeafKey[]])[] = [
  ["Kantoor", ["overhemden", "broeken", "riemen", "netteSchoenen"]],
  ["Weekend", ["tshirts", "jeans", "sneakers", "sokken"]],
  ["Stadswandeling", ["truien", "jeans", "sneakers", "tassen"]],
  ["Zakenreis", ["overhemden", "pakken", "netteSchoenen", "tassen"]],
  ["Zondagmiddag", ["truien", "broeken", "loafers"]],
  ["Herfst", ["jassen", "truien", "jeans", "boots"]],
  ["Winter", ["jassen", "truien", "broeken", "boots", "sjaals"]],
  ["Voorjaar", ["overhemden", "broeken", "loafers"]],
  ["Zomeravond", ["overhemden", "broeken", "loafers"]],
  ["Terras", ["tshirts", "broeken", "sneakers"]],
  ["Museum", ["truien", "broeken", "sneakers"]],
  ["Theater", ["overhemden", "pakken", "riemen", "netteSchoenen"]],
  ["Borrel", ["overhemden", "jeans", "riemen", "loafers"]],
  ["Strand", ["tshirts", "broeken", "loafers"]],
  ["Kerst", ["truien", "broeken", "netteSchoenen"]],
  ["Oud en nieuw", ["overhemden", "pakken", "netteSchoenen"]],
  ["Bruiloftsgast", ["overhemden", "pakken", "riemen", "netteSchoenen"]],
  ["Sollicitatie", ["overhemden", "pakken", "riemen", "netteSchoenen"]],
  ["Eerste date", ["overhemden", "jeans", "boots"]],
  ["Fietstocht", ["tshirts", "jeans", "sneakers"]],
  ["Citytrip", ["tshirts", "jeans", "sneakers", "tassen"]],
  ["Boswandeling", ["jassen", "truien", "jeans", "boots"]],
  ["Marktdag", ["truien", "jeans", "sneakers"]],
  ["Vrijdagmiddag", ["overhemden", "jeans", "sneakers"]],
  ["Koningsdag", ["tshirts", "jeans", "sneakers"]],
  ["Vaderdag", ["overhemden", "broeken", "riemen", "loafers"]],
  ["Sinterklaas", ["truien", "broeken", "boots"]],
  ["Wintersport", ["jassen", "truien", "jeans", "boots", "sjaals"]],
  ["Golfclub", ["tshirts", "broeken", "loafers"]],
  ["Nazomer", ["tshirts", "broeken", "loafers"]],
];

interface GiftSet {
  name: string;
  options: readonly { title: string; leaf: LeafKey; qty: number }[];
}

const GIFT_SETS: readonly GiftSet[] = [
  {
    name: "Cadeauset riem en sokken",
    options: [
      { title: "Riem", leaf: "riemen", qty: 1 },
      { title: "Sokken", leaf: "sokken", qty: 2 },
    ],
  },
  {
    name: "Cadeauset sjaal en sokken",
    options: [
      { title: "Sjaal", leaf: "sjaals", qty: 1 },
      { title: "Sokken", leaf: "sokken", qty: 2 },
    ],
  },
  { name: "Cadeaubox sokken", options: [{ title: "Sokken", leaf: "sokken", qty: 3 }] },
  {
    name: "Reisset",
    options: [
      { title: "Tas", leaf: "tassen", qty: 1 },
      { title: "Sokken", leaf: "sokken", qty: 2 },
    ],
  },
  {
    name: "Winterset",
    options: [
      { title: "Sjaal", leaf: "sjaals", qty: 1 },
      { title: "Riem", leaf: "riemen", qty: 1 },
      { title: "Sokken", leaf: "sokken", qty: 2 },
    ],
  },
];
const GIFT_SET_LINES = ["Klassiek", "Modern", "Luxe", "Basis"] as const;

const NO_IMAGE = {
  image: "no_selection",
  small_image: "no_selection",
  thumbnail: "no_selection",
  media_gallery: [],
};

function baseProduct(rng: Rng, id: number, sku: string, name: string, type: Product["type_id"]): Product {
  const key = `${slugify(name)}-${sku.toLowerCase()}`;
  const createdAt = timestampBetween(rng, "2025-01-01", "2026-03-01");
  return {
    id,
    sku,
    name,
    type_id: type,
    status: 1,
    visibility: 4,
    url_key: key,
    url_path: key,
    slug: key,
    price: 0,
    tax_class_id: TAX_CLASS_HIGH,
    stock: { product_id: id, sku, qty: 999, is_in_stock: true, manage_stock: true },
    category: [],
    category_ids: [],
    new: 0,
    sale: 0,
    created_at: createdAt,
    updated_at: addDays(rng, createdAt, 90, "2026-06-30"),
  };
}

/** The set shows the picture of its first part, so it looks like what it contains. */
function imageOf(part: Product, name: string): Partial<Product> {
  const gallery = part.media_gallery?.map((m) => (m.pos === 1 ? { ...m, lab: name } : m));
  return { image: part.image, small_image: part.image, thumbnail: part.image, media_gallery: gallery };
}

/** Simple products a gift set may contain: enabled, visible, in stock and with a picture. */
function partsByLeaf(drafts: readonly Draft[]): Map<number, Draft[]> {
  const parts = new Map<number, Draft[]>();
  for (const d of drafts) {
    const p = d.product;
    if (p.type_id !== "simple" || p.status !== 1 || p.visibility !== 4) continue;
    if (!p.stock.is_in_stock || p.image === "no_selection") continue;
    const list = parts.get(d.leaf) ?? [];
    list.push(d);
    parts.set(d.leaf, list);
  }
  return parts;
}

/** A part of a look: a simple product, or one size of a configurable, and the page it is on. */
interface LookPart {
  sku: string;
  /** The product's own name, without colour and size. */
  name: string;
  price: number;
  qty: number;
  image: string;
}

/**
 * The parts a look may take from a leaf: accessories sold as simple products, and for clothes and
 * shoes the middle size in stock (qty 5 or more, never volatile) of each enabled configurable.
 */
function lookPartsByLeaf(drafts: readonly Draft[]): Map<number, LookPart[]> {
  const parts = new Map<number, LookPart[]>();
  const add = (leaf: number, part: LookPart) => parts.set(leaf, [...(parts.get(leaf) ?? []), part]);
  for (const d of drafts) {
    const p = d.product;
    if (p.status !== 1 || p.visibility !== 4 || p.image === "no_selection") continue;
    if (p.type_id === "simple" && p.stock.is_in_stock) {
      add(d.leaf, { sku: p.sku, name: p.name, price: p.price, qty: p.stock.qty, image: p.image as string });
    }
    if (p.type_id !== "configurable") continue;
    const sizes = (p.configurable_children ?? []).filter(
      (c) => c.status === 1 && c.stock.is_in_stock && c.stock.qty >= 5 && !c.stock.is_volatile,
    );
    const child = sizes[Math.floor(sizes.length / 2)];
    if (!child) continue;
    add(d.leaf, {
      sku: child.sku,
      name: p.name,
      price: child.price,
      qty: child.stock.qty,
      image: child.image ?? (p.image as string),
    });
  }
  return parts;
}

function link(set: Product, part: Product, position: number, qty: number): ProductLink {
  return {
    link_type: "associated",
    linked_product_type: "simple",
    linked_product_sku: part.sku,
    sku: set.sku,
    qty,
    position,
  };
}

function groupedLooks(rng: Rng, ids: Ids, parts: Map<number, LookPart[]>): Draft[] {
  return LOOKS.map(([theme, leaves]) => {
    const items = leaves.map((leaf) => rng.pick(parts.get(CAT[leaf])!));
    const id = ids.parent++;
    const name = `Complete look ${theme}`;
    const product = baseProduct(rng, id, `LOOK${id}`, name, "grouped");
    product.product_links = items.map((part, i) => ({
      link_type: "associated",
      linked_product_type: "simple",
      linked_product_sku: part.sku,
      sku: product.sku,
      qty: 1,
      position: i,
    }));
    product.price = Math.round(items.reduce((sum, p) => sum + p.price, 0) * 10000) / 10000;
    product.stock.qty = Math.min(...items.map((p) => p.qty));
    product.description = `<p>Onze stylisten stelden deze look samen voor ${theme.toLowerCase()}: ${items
      .map((p) => p.name.toLowerCase())
      .join(
        ", ",
      )}. Bestel alles in één keer of kies de onderdelen die je mist; een andere maat kies je op de pagina van elk onderdeel.</p>`;
    product.short_description = `${items.length} stuks die bij elkaar passen, van top tot teen.`;
    const image = items[0]!.image;
    Object.assign(product, {
      image,
      small_image: image,
      thumbnail: image,
      media_gallery: [{ image, pos: 1, typ: "image" as const, lab: name }],
    });
    // A look is an outfit: it is found among the clothes.
    return { product, leaf: CAT.kleding, kind: undefined, sustainable: false };
  });
}

function bundleGiftSets(
  rng: Rng,
  ids: Ids,
  parts: Map<number, Draft[]>,
  nextOptionId: { value: number },
): Draft[] {
  const drafts: Draft[] = [];
  for (const line of GIFT_SET_LINES) {
    for (const set of GIFT_SETS) {
      const id = ids.parent++;
      const name = `${set.name} ${line}`;
      const product = baseProduct(rng, id, `SET${id}`, name, "bundle");
      let selection = 1;
      const picks = set.options.map((o) => ({
        option: o,
        choices: rng.sample(parts.get(CAT[o.leaf])!, 3).map((d) => d.product),
      }));
      product.bundle_options = picks.map(
        ({ option, choices }): BundleOption => ({
          option_id: nextOptionId.value++,
          title: option.title,
          required: true,
          type: "select",
          product_links: choices.map((part, i) => ({
            ...link(product, part, i, option.qty),
            id: selection++,
            is_default: i === 0,
          })),
        }),
      );
      // Stored like a grouped product: the price of the default choices, so listings can sort it.
      const defaultParts = picks.map((p) => p.choices[0]!);
      const total = picks.reduce((sum, p) => sum + p.choices[0]!.price * p.option.qty, 0);
      product.price = Math.round(total * 10000) / 10000;
      product.stock.qty = Math.min(...defaultParts.map((p) => p.stock.qty));
      product.description = `<p>${set.name} in de lijn ${line.toLowerCase()}: kies per onderdeel je favoriet. Geleverd in een stevige geschenkdoos met een handgeschreven kaartje.</p>`;
      product.short_description = `Geschenkset met ${set.options.map((o) => o.title.toLowerCase()).join(" en ")}.`;
      Object.assign(product, imageOf(defaultParts[0]!, name));
      drafts.push({ product, leaf: CAT[set.options[0]!.leaf], kind: undefined, sustainable: false });
    }
  }
  return drafts;
}

/** Each amount its own colour, so the three cards are told apart at a glance in a listing. */
const GIFT_CARD_COLORS: Record<number, ColorKey> = { 25: "groen", 50: "navy", 100: "zwart" };

function giftCardImages(amount: number) {
  const color = GIFT_CARD_COLORS[amount] ?? "navy";
  const front = productImagePath("giftcard", color, "front");
  return {
    image: front,
    small_image: front,
    thumbnail: front,
    media_gallery: [
      { image: front, pos: 1, typ: "image" as const, lab: "" },
      { image: productImagePath("giftcard", color, "detail"), pos: 2, typ: "image" as const },
    ],
  };
}

/**
 * Who the card is for (issue 14): it is e-mailed, so a name and an address are required; a
 * message is not. Magento's custom options of type field and area; the cart, the order and the
 * confirmation mail carry them as the line's options.
 */
const GIFT_CARD_OPTIONS: readonly CustomOption[] = [
  {
    option_id: 901,
    title: "Naam ontvanger",
    type: "field",
    is_require: true,
    max_characters: 60,
    sort_order: 1,
  },
  {
    option_id: 902,
    title: "E-mailadres ontvanger",
    type: "field",
    format: "email",
    is_require: true,
    max_characters: 254,
    sort_order: 2,
  },
  {
    option_id: 903,
    title: "Persoonlijke boodschap",
    type: "area",
    is_require: false,
    max_characters: 200,
    sort_order: 3,
  },
];

function giftCards(rng: Rng, ids: Ids): Draft[] {
  return [25, 50, 100].map((amount) => {
    const id = ids.parent++;
    const product = baseProduct(rng, id, `CAD${amount}`, `Cadeaubon € ${amount}`, "virtual");
    // A multi-purpose voucher: VAT is due when it is spent on goods, not when it is sold, so the
    // card has no tax class (Magento's "None", 0) and its price is its face value.
    product.tax_class_id = TAX_CLASS_NONE;
    product.price = amount;
    product.description = `<p>Een cadeaubon van € ${amount}, te besteden in onze webshop en in al onze winkels. De bon is twee jaar geldig en wordt direct per e-mail verstuurd.</p>`;
    product.short_description = `Digitale cadeaubon van € ${amount}, direct in je mailbox.`;
    Object.assign(product, giftCardImages(amount));
    product.custom_options = GIFT_CARD_OPTIONS.map((option) => ({ ...option }));
    return { product, leaf: CAT.accessoires, kind: undefined, sustainable: false };
  });
}

const BOOKS = [
  {
    name: "E-book: Stijlgids voor de moderne man",
    price: 14.95,
    text: "Van de juiste broeklengte tot het combineren van dessins: onze stylisten delen hun kennis in 120 pagina's vol voorbeelden. Direct te downloaden als PDF en ePub.",
  },
  {
    name: "E-book: Schoenen verzorgen als een vakman",
    price: 7.95,
    text: "Poetsen, invetten, opnieuw zolen: zo gaan je leren schoenen twintig jaar mee. Met stap-voor-stapfoto's van onze schoenmaker.",
  },
] as const;

function ebooks(rng: Rng, ids: Ids): Draft[] {
  return BOOKS.map((book) => {
    const id = ids.parent++;
    const product = baseProduct(rng, id, `EBK${id}`, book.name, "downloadable");
    product.tax_class_id = TAX_CLASS_LOW;
    product.price = excludingTax(book.price, VAT_RATE[TAX_CLASS_LOW]!);
    product.description = `<p>${book.text}</p>`;
    product.short_description = "Digitaal boek, direct te downloaden na betaling.";
    Object.assign(product, NO_IMAGE);
    return { product, leaf: CAT.accessoires, kind: undefined, sustainable: false };
  });
}

/**
 * Gift cards and e-books, then the sets. They come last so every product a set links to is
 * listed before the set itself.
 */
export function generateSets(rng: Rng, ids: Ids, drafts: readonly Draft[]): Draft[] {
  const parts = partsByLeaf(drafts);
  const nextOptionId = { value: 1 };
  return [
    ...giftCards(rng, ids),
    ...ebooks(rng, ids),
    ...groupedLooks(rng, ids, lookPartsByLeaf(drafts)),
    ...bundleGiftSets(rng, ids, parts, nextOptionId),
  ];
}
