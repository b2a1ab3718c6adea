/**
 * The demo catalogue as the index's input, and synthetic shoppers over it (issue 16 quality
 * check). Shoppers have a taste — a kind of product, a fit, a colour family, a budget — and a
 * hidden popularity pulls everyone towards some products, as bestsellers do. A session looks at
 * a few products of its kind, mostly in its taste, adds one or two to the cart, and often adds a
 * complement of another kind (a belt to trousers) that suits what it chose.
 */
import type { CatalogRecord, Product } from "@etalage/core";
import { CatalogIndex } from "../../server/src/catalog-index/catalog-index.ts";
import type { CatalogData } from "../../server/src/catalog-index/snapshot.ts";
import {
  type CatalogFacts,
  CatalogFacts as Facts,
  type ProductFacts,
} from "../../server/src/providers/recommendations/catalog-facts.ts";
import { generateDemoCatalog } from "../../server/src/seed/demo-catalog.ts";

function demoCatalogData(): CatalogData {
  const records: CatalogRecord[] = generateDemoCatalog();
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
    else if (r.type === "product") data.products.push(r.data as Product);
    else if (r.type === "redirect") data.redirects.push(r.data);
    else data.landingPages.push(r.data);
  }
  return data;
}

export function demoIndex(): { index: CatalogIndex; facts: CatalogFacts } {
  const index = CatalogIndex.fromData(demoCatalogData());
  return { index, facts: new Facts(index.snapshot()) };
}

/** A deterministic PRNG (mulberry32), so every run draws the same shoppers. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Action {
  type: "view" | "add-to-cart";
  key: string;
}

export interface Session {
  id: string;
  actions: Action[];
}

/** Which kinds of product complete which (by leaf category name). */
const COMPLEMENTS: Record<string, string[]> = {
  Overhemden: ["Broeken", "Riemen"],
  "T-shirts & polo's": ["Jeans", "Sneakers"],
  "Truien & vesten": ["Jeans", "Sjaals"],
  Jassen: ["Sjaals", "Boots"],
  Broeken: ["Riemen", "Loafers"],
  Jeans: ["Riemen", "Sneakers"],
  "Pakken & colberts": ["Nette schoenen", "Overhemden"],
  Sneakers: ["Sokken", "Jeans"],
  "Nette schoenen": ["Sokken", "Riemen"],
  Boots: ["Sokken", "Jassen"],
  Loafers: ["Sokken", "Broeken"],
};

export function generateSessions(facts: CatalogFacts, count: number, seed: number): Session[] {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const byName = new Map<string, ProductFacts[]>();
  for (const [leaf, list] of facts.byLeaf) {
    const name = facts.snapshot.categoryById.get(leaf)?.name;
    if (name) byName.set(name, list);
  }
  // Hidden popularity: a Zipf-like weight per product, fixed for the whole population.
  const weight = new Map<string, number>();
  const order = [...facts.recommendable].sort(() => random() - 0.5);
  order.forEach((f, i) => {
    weight.set(f.key, 1 / (1 + i) ** 0.8);
  });
  const weighted = (list: readonly ProductFacts[], fits: (f: ProductFacts) => number) => {
    let total = 0;
    const scores = list.map((f) => {
      const s = (weight.get(f.key) ?? 0) * fits(f);
      total += s;
      return s;
    });
    let r = random() * total;
    for (let i = 0; i < list.length; i++) {
      r -= scores[i]!;
      if (r <= 0) return list[i]!;
    }
    return list[list.length - 1]!;
  };
  const kinds = [...byName.keys()].filter((k) => COMPLEMENTS[k] && (byName.get(k)?.length ?? 0) > 8);
  const sessions: Session[] = [];
  for (let s = 0; s < count; s++) {
    const kind = pick(kinds);
    const pool = byName.get(kind)!;
    const anchor = weighted(pool, () => 1);
    const taste = (f: ProductFacts) =>
      (f.style.fit === anchor.style.fit ? 3 : 1) *
      (f.style.colorFamilies.some((c) => anchor.style.colorFamilies.includes(c)) ? 3 : 1) *
      (Math.abs(f.style.price - anchor.style.price) <= anchor.style.price * 0.35 ? 2 : 1);
    const actions: Action[] = [{ type: "view", key: anchor.key }];
    const views = 3 + Math.floor(random() * 5);
    const seen = new Set([anchor.key]);
    for (let v = 1; v < views; v++) {
      const next = weighted(pool, (f) => (seen.has(f.key) ? 0.05 : taste(f)));
      seen.add(next.key);
      actions.push({ type: "view", key: next.key });
    }
    const chosen = actions[actions.length - 1 - Math.floor(random() * 2)]!.key;
    actions.push({ type: "add-to-cart", key: chosen });
    const complementKinds = COMPLEMENTS[kind]!.filter((k) => byName.has(k));
    if (complementKinds.length > 0 && random() < 0.7) {
      const chosenFacts = facts.byKey.get(chosen)!;
      const other = byName.get(pick(complementKinds))!;
      // What suits the choice: the colour family and budget of what went into the cart.
      const suits = (f: ProductFacts) =>
        (f.style.colorFamilies.some((c) => chosenFacts.style.colorFamilies.includes(c)) ? 6 : 1) *
        (f.style.price <= chosenFacts.style.price ? 2 : 1);
      const complement = weighted(other, suits);
      actions.push({ type: "view", key: complement.key }, { type: "add-to-cart", key: complement.key });
    }
    sessions.push({ id: `s${seed}-${s}`, actions });
  }
  return sessions;
}
