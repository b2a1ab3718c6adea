/**
 * Configurable and simple products from the style tables. A "model" is one style made by one brand
 * in one fit and material at one price; it becomes one parent with a few colours, or a family of
 * single-colour parents linked to each other (`colorrelation`), as many shops split colours.
 */
import type { ConfigurableChild, ConfigurableOption, Product, StockInfo } from "@etalage/core";
import {
  attributeId,
  attributeLabel,
  BELT_LENGTHS,
  CLOTHING_SIZES,
  colorLabel,
  colorValue,
  EXTRA_ATTRIBUTES,
  ONE_SIZE,
  optionValue,
  SHOE_SIZES,
  SOCK_SIZES,
  sizeValue,
  TAX_CLASS_HIGH,
  VAT_RATE,
  WAIST_LENGTHS,
} from "./demo-attributes.ts";
import { brandsFor } from "./demo-brands.ts";
import { CAT } from "./demo-categories.ts";
import {
  addDays,
  capitalize,
  discounted,
  excludingTax,
  pickPrice,
  type Rng,
  slugify,
  timestampBetween,
} from "./demo-random.ts";
import type { LeafPlan, SizeScheme, Style } from "./demo-styles.ts";
import { productCopy } from "./demo-texts.ts";
import { drawingFeatures } from "./drawing-features.ts";
import { type ColorKey, type DrawingFeature, type ProductKind, productImagePath } from "./palette.ts";

/** A product plus what the later passes (categories, labels, sets) need to know about it. */
export interface Draft {
  product: Product;
  /** Category id of the product's leaf (or of a level-2 category for cards and books). */
  leaf: number;
  kind: ProductKind | undefined;
  sustainable: boolean;
}

export interface Ids {
  parent: number;
  child: number;
}

const ACTIVE_FROM = "2024-01-01 00:00:00";
const ACTIVE_TO = "2099-12-31 23:59:59";

interface Model {
  style: Style;
  brand: string;
  fit: string | undefined;
  material: string;
  /** Shop price including 21 % tax. */
  price: number;
  name: string;
  sizes: string[];
}

interface Special {
  special_price: number;
  special_from_date: string;
  special_to_date: string;
}

const SUSTAINABLE = new Set(["biologisch katoen", "polyester gerecycled"]);
const bySizeOrder = (a: string, b: string) => Number(sizeValue(a)) - Number(sizeValue(b));

function sizesFor(rng: Rng, scheme: SizeScheme, type: LeafPlan["type"]): string[] {
  switch (scheme) {
    case "letters": {
      const r = rng.next();
      // Not every maker cuts XS, and premium lines often stop at XL.
      return CLOTHING_SIZES.slice(r < 0.5 ? 0 : 1, r < 0.85 ? 6 : 5);
    }
    case "shoes": {
      const r = rng.next();
      return SHOE_SIZES.slice(r < 0.2 ? 0 : r < 0.7 ? 1 : 2, r < 0.2 ? 9 : 8);
    }
    case "waist":
      return WAIST_LENGTHS.slice(0, rng.int(8, 11)).sort(bySizeOrder);
    case "belt":
      return [...BELT_LENGTHS];
    case "socks":
      return type === "simple" ? [rng.pick(SOCK_SIZES)] : [...SOCK_SIZES];
    case "one":
      return [ONE_SIZE];
  }
}

function makeModel(rng: Rng, plan: LeafPlan, style: Style): Model {
  const fit = style.fits.length > 0 ? rng.pick(style.fits) : undefined;
  return {
    style,
    brand: rng.pick(brandsFor(CAT[plan.leaf])).name,
    fit,
    material: rng.pick(style.materials),
    price: pickPrice(rng, style.min, style.max),
    name: capitalize(style.name.replace("{fit}", fit ?? "").trim()),
    sizes: sizesFor(rng, plan.sizes, plan.type),
  };
}

/** One sku's stock: about 5 % sold out and 3 % of uncertain quantity. */
function makeStock(rng: Rng, productId: number, sku: string): StockInfo {
  const soldOut = rng.chance(0.05);
  const stock: StockInfo = {
    product_id: productId,
    sku,
    qty: soldOut ? 0 : rng.int(1, 40),
    is_in_stock: !soldOut,
    manage_stock: true,
  };
  if (rng.chance(0.03)) stock.is_volatile = true;
  return stock;
}

/** A parent's stock sums its children: in stock while any child is. */
export function parentStock(product: Product, children: readonly ConfigurableChild[]): StockInfo {
  return {
    product_id: product.id,
    sku: product.sku,
    qty: children.reduce((sum, c) => sum + c.stock.qty, 0),
    is_in_stock: children.some((c) => c.stock.is_in_stock),
    manage_stock: true,
  };
}

/**
 * About 15 % of parents carry a special price 20–40 % off: most in an open window, some that
 * ended in 2020 and some that only start in 2098, so date handling is exercised both ways.
 */
function makeSpecial(rng: Rng, price: number): Special | undefined {
  const r = rng.next();
  if (r >= 0.155) return undefined;
  const special_price = excludingTax(discounted(price, rng.pick([0.2, 0.25, 0.3, 0.3, 0.4])), 21);
  if (r < 0.115) return { special_price, special_from_date: ACTIVE_FROM, special_to_date: ACTIVE_TO };
  if (r < 0.135) {
    return {
      special_price,
      special_from_date: "2020-01-01 00:00:00",
      special_to_date: "2020-02-29 23:59:59",
    };
  }
  return { special_price, special_from_date: "2098-01-01 00:00:00", special_to_date: ACTIVE_TO };
}

export const isActiveSpecial = (s: { special_to_date?: string | null; special_from_date?: string | null }) =>
  s.special_from_date === ACTIVE_FROM && s.special_to_date === ACTIVE_TO;

function gallery(
  kind: ProductKind,
  color: ColorKey,
  label: string,
  features: readonly DrawingFeature[] = [],
) {
  const front = productImagePath(kind, color, "front", features);
  return {
    image: front,
    small_image: front,
    thumbnail: front,
    media_gallery: [
      { image: front, pos: 1, typ: "image" as const, lab: label },
      { image: productImagePath(kind, color, "detail", features), pos: 2, typ: "image" as const },
    ],
  };
}

const urlKey = (name: string, sku: string) => `${slugify(name)}-${sku.toLowerCase()}`;
const skuPart = (label: string) => label.replace(/[^A-Za-z0-9-]/g, "").toUpperCase();

function buildParent(
  rng: Rng,
  ids: Ids,
  plan: LeafPlan,
  model: Model,
  colors: ColorKey[],
  split: boolean,
): Draft {
  const { style } = model;
  const id = ids.parent++;
  const sku = `${plan.code}${id}`;
  const name = split ? `${model.name} ${colorLabel(colors[0]!).toLowerCase()}` : model.name;
  const key = urlKey(name, sku);
  const isNew = rng.chance(0.1);
  const createdAt = isNew
    ? timestampBetween(rng, "2026-03-01", "2026-06-01")
    : timestampBetween(rng, "2025-01-01", "2026-03-01");
  const special = makeSpecial(rng, model.price);
  const price = excludingTax(model.price, VAT_RATE[TAX_CLASS_HIGH]!);
  const product: Product = {
    id,
    sku,
    name,
    type_id: plan.type,
    status: 1,
    visibility: 4,
    url_key: key,
    url_path: key,
    slug: key,
    ...productCopy(rng, {
      kind: style.kind,
      name,
      brand: model.brand,
      material: model.material,
      fit: model.fit,
    }),
    ...gallery(style.kind, colors[0]!, name, drawingFeatures(style)),
    price,
    ...special,
    tax_class_id: TAX_CLASS_HIGH,
    stock: { product_id: id, sku, qty: 0, is_in_stock: false, manage_stock: true },
    category: [],
    category_ids: [],
    new: isNew ? 1 : 0,
    sale: special && isActiveSpecial(special) ? 1 : 0,
    brand: optionValue("brand", model.brand),
    color: colorValue(colors[0]!),
    material: optionValue("material", model.material),
    created_at: createdAt,
    updated_at: addDays(rng, createdAt, 90, "2026-06-30"),
  };
  if (model.fit) product.fit = optionValue("fit", model.fit);
  for (const code of EXTRA_ATTRIBUTES) {
    const label = style.extras[code];
    if (label) product[code] = optionValue(code, label);
  }
  if (plan.type === "simple") {
    product.size = sizeValue(model.sizes[0]!);
    product.stock = makeStock(rng, id, sku);
  } else {
    addChildren(rng, ids, product, model, colors, special);
  }
  return { product, leaf: CAT[plan.leaf], kind: style.kind, sustainable: SUSTAINABLE.has(model.material) };
}

function addChildren(
  rng: Rng,
  ids: Ids,
  product: Product,
  model: Model,
  colors: ColorKey[],
  special: Special | undefined,
) {
  const children: ConfigurableChild[] = [];
  for (const color of colors) {
    for (const size of model.sizes) {
      const id = ids.child++;
      const sku = `${product.sku}-${color.toUpperCase()}-${skuPart(size)}`;
      const key = `${product.url_key}-${sku.toLowerCase()}`;
      children.push({
        id,
        sku,
        name: `${model.name} - ${colorLabel(color)} - ${size}`,
        status: 1,
        url_key: key,
        url_path: key,
        stock: makeStock(rng, id, sku),
        price: product.price,
        ...special,
        tax_class_id: product.tax_class_id,
        image: productImagePath(model.style.kind, color, "front", drawingFeatures(model.style)),
        color: colorValue(color),
        size: sizeValue(size),
        custom_attributes: [
          { attribute_code: "color", value: colorValue(color) },
          { attribute_code: "size", value: sizeValue(size) },
        ],
      });
    }
  }
  const options: ConfigurableOption[] = [
    {
      attribute_id: attributeId("color"),
      attribute_code: "color",
      label: attributeLabel("color"),
      values: colors.map((c) => ({ value_index: colorValue(c), label: colorLabel(c) })),
    },
    {
      attribute_id: attributeId("size"),
      attribute_code: "size",
      label: attributeLabel("size"),
      values: model.sizes.map((s) => ({ value_index: sizeValue(s), label: s })),
    },
  ];
  product.configurable_children = children;
  product.configurable_options = options;
  // Parents carry every child value too, so a filter on the parent alone finds all colours.
  product.color_options = colors.map(colorValue);
  product.size_options = model.sizes.map(sizeValue);
  product.stock = parentStock(product, children);
}

/** Every member of a colour family points at every other member. */
function linkFamily(family: readonly Draft[]) {
  for (const member of family) {
    member.product.product_links = family
      .filter((other) => other !== member)
      .map((other, position) => ({
        link_type: "colorrelation" as const,
        linked_product_type: other.product.type_id,
        linked_product_sku: other.product.sku,
        sku: member.product.sku,
        position,
      }));
  }
}

function colorCount(rng: Rng, plan: LeafPlan): number {
  if (plan.type === "simple") return 1;
  const r = rng.next();
  return r < 0.85 ? 1 : r < 0.97 ? 2 : 3;
}

/** The parents of one plan, cycling through its styles so every style is represented. */
export function generatePlan(rng: Rng, ids: Ids, plan: LeafPlan): Draft[] {
  const drafts: Draft[] = [];
  const styles = rng.shuffle(plan.styles);
  for (let i = 0; drafts.length < plan.parents; i++) {
    const style = styles[i % styles.length]!;
    const model = makeModel(rng, plan, style);
    const remaining = plan.parents - drafts.length;
    if (remaining >= 2 && style.colors.length >= 2 && rng.chance(0.25)) {
      const size = Math.min(remaining, rng.int(2, 3));
      const family = rng.sample(style.colors, size).map((c) => buildParent(rng, ids, plan, model, [c], true));
      linkFamily(family);
      drafts.push(...family);
    } else {
      const colors = rng.sample(style.colors, colorCount(rng, plan));
      drafts.push(buildParent(rng, ids, plan, model, colors, false));
    }
  }
  return drafts;
}
