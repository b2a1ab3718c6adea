/**
 * Merchandising passes over the finished products: the odd cases tests need (disabled,
 * catalogue-only, search-only, sold out, no picture), labels, and category membership with a
 * shuffled listing position per category.
 */
import type { Product, ProductLabel } from "@etalage/core";
import { CAT, categoryChain, categoryName } from "./demo-categories.ts";
import { type Draft, isActiveSpecial, parentStock } from "./demo-products.ts";
import type { Rng } from "./demo-random.ts";

/**
 * A few products in states a real catalogue always has. Picked among configurables only, so the
 * simple products that sets link to stay ordinary.
 */
export function applyEdgeCases(rng: Rng, drafts: readonly Draft[]) {
  const configurables = rng.shuffle(drafts.filter((d) => d.product.type_id === "configurable"));
  let next = 0;
  const take = (n: number) => {
    next += n;
    return configurables.slice(next - n, next).map((d) => d.product);
  };

  for (const p of take(5)) p.status = 2;
  for (const p of take(6)) p.visibility = 2;
  for (const p of take(6)) p.visibility = 3;
  for (const p of take(12)) {
    const children = p.configurable_children!;
    for (const c of children) {
      c.stock.qty = 0;
      c.stock.is_in_stock = false;
    }
    p.stock = parentStock(p, children);
  }
  const scarf = drafts.find((d) => d.product.type_id === "simple" && d.leaf === CAT.sjaals)!.product;
  Object.assign(scarf, { image: "no_selection", small_image: "no_selection", thumbnail: "no_selection" });
  scarf.media_gallery = [];
}

const LABEL_COLORS = {
  nieuw: { id: 1, background: "#1f2a44", text: "#ffffff" },
  sale: { id: 2, background: "#b3262e", text: "#ffffff" },
  duurzaam: { id: 3, background: "#3f6b4a", text: "#ffffff" },
  online: { id: 4, background: "#1d1d1f", text: "#f4f3ef" },
} as const;

/** Product-view (type 2) labels get their own ids, as in the label module they come from. */
const PRODUCT_VIEW_ID_OFFSET = 10;

function label(kind: keyof typeof LABEL_COLORS, type: 1 | 2, position: number, text: string): ProductLabel {
  const colors = LABEL_COLORS[kind];
  return {
    label_id: colors.id + (type === 2 ? PRODUCT_VIEW_ID_OFFSET : 0),
    type,
    position,
    label_text: text,
    label_background_color: colors.background,
    label_text_color: colors.text,
    image: null,
    alt_tag: text,
  };
}

function discountPercent(p: Product): number {
  return Math.round((1 - (p.special_price ?? p.price) / p.price) * 100);
}

/** Labels on new, sale, sustainable and online-only products (about a fifth of the range). */
export function applyLabels(rng: Rng, drafts: readonly Draft[]) {
  for (const d of drafts) {
    const p = d.product;
    const labels: ProductLabel[] = [];
    if (p.new === 1) labels.push(label("nieuw", 1, 0, "Nieuw"));
    if (p.sale === 1 && isActiveSpecial(p)) {
      const text = `-${discountPercent(p)}%`;
      labels.push(label("sale", 1, 2, text), label("sale", 2, 2, text));
    }
    if (d.sustainable && rng.chance(0.4)) {
      labels.push(label("duurzaam", 1, 6, "Duurzaam"), label("duurzaam", 2, 6, "Duurzaam"));
    }
    if (d.kind && rng.chance(0.03)) labels.push(label("online", 1, 8, "Online exclusief"));
    if (labels.length > 0) p.product_labels = labels;
  }
}

/**
 * Puts each product in its leaf, the leaf's ancestors below the root, and Nieuw or Sale when
 * flagged. Positions are shuffled per category so a listing in default order mixes brands and
 * styles, as a merchandiser would.
 */
export function assignCategories(rng: Rng, drafts: readonly Draft[]) {
  const members = new Map<number, Product[]>();
  for (const d of drafts) {
    const p = d.product;
    const ids = categoryChain(d.leaf);
    if (p.new === 1) ids.push(CAT.nieuw);
    if (p.sale === 1) ids.push(CAT.sale);
    p.category_ids = ids;
    for (const id of ids) {
      const list = members.get(id) ?? [];
      list.push(p);
      members.set(id, list);
    }
  }
  const positions = new Map<string, number>();
  for (const [categoryId, products] of [...members].sort((a, b) => a[0] - b[0])) {
    rng.shuffle(products).forEach((p, i) => {
      positions.set(`${categoryId}:${p.id}`, i + 1);
    });
  }
  for (const d of drafts) {
    const p = d.product;
    p.category = p.category_ids.map((id) => ({
      category_id: id,
      name: categoryName(id),
      position: positions.get(`${id}:${p.id}`)!,
    }));
  }
}
