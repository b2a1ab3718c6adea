/**
 * Recommendation lists by Elevate algorithm: learnt signals first (what shoppers viewed and
 * bought together, what is popular now, the customer key's own history), catalogue rules where
 * history is empty (core/src/recommendations/style.ts), so a new shop still shows sensible lists.
 */
import type { Algorithm } from "@apptus/esales-api";
import { alternativeScore, topKeys, upsellScore } from "@etalage/core";
import type { CatalogFacts, ProductFacts } from "./catalog-facts.ts";
import type { Learner } from "./learner.ts";

export interface ListContext {
  facts: CatalogFacts;
  learner: Learner;
  now: number;
  customerKey: string;
  /** The product of a product page or popup, resolved. */
  product?: ProductFacts;
  /** Product keys in the cart. */
  cart: string[];
  favorites: () => Promise<string[]>;
}

/** How much learnt signal weighs against the catalogue rule's score (which runs about 1–10). */
const LEARNT_WEIGHT = 6;
const POPULARITY_WEIGHT = 1;

export async function listKeys(algorithm: Algorithm, limit: number, ctx: ListContext): Promise<string[]> {
  const exclude = new Set<string>([...(ctx.product ? [ctx.product.key] : []), ...ctx.cart]);
  switch (algorithm) {
    case "ALTERNATIVES":
      return ctx.product ? alternatives(ctx, ctx.product, limit, exclude) : popular(ctx, limit, exclude);
    case "UPSELL":
      return ctx.product ? upsell(ctx, ctx.product, limit, exclude) : [];
    case "STYLE_WITH":
    case "ADD_TO_CART_RECS":
      return ctx.product ? together(ctx, [ctx.product.key], limit, exclude) : popular(ctx, limit, exclude);
    case "CART":
      return together(
        ctx,
        ctx.cart.length > 0 ? ctx.cart : ctx.product ? [ctx.product.key] : [],
        limit,
        exclude,
      );
    case "MORE_FROM_SERIES":
      return ctx.product ? sameBrand(ctx, ctx.product, limit, exclude) : [];
    case "RECENTLY_VIEWED":
      return ctx.learner
        .recentlyViewed(ctx.customerKey)
        .filter((k) => !exclude.has(k) && ctx.facts.byKey.has(k))
        .slice(0, limit);
    case "FAVORITES":
      return (await ctx.favorites()).filter((k) => ctx.facts.byKey.has(k)).slice(0, limit);
    case "NEWEST_PRODUCTS":
      return ctx.facts.newest
        .filter((f) => !exclude.has(f.key))
        .slice(0, limit)
        .map((f) => f.key);
    case "PERSONAL":
      return personal(ctx, limit, exclude);
    default:
      return popular(ctx, limit, exclude);
  }
}

/** The most popular recommendable products; the newest fill the rest while history is thin. */
export function popular(ctx: ListContext, limit: number, exclude: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const taken = new Set(exclude);
  for (const key of ctx.learner.popular(ctx.now)) {
    if (out.length >= limit) return out;
    if (!taken.has(key) && ctx.facts.byKey.get(key)?.recommendable) {
      out.push(key);
      taken.add(key);
    }
  }
  for (const f of ctx.facts.newest) {
    if (out.length >= limit) break;
    if (!taken.has(f.key)) {
      out.push(f.key);
      taken.add(f.key);
    }
  }
  return out;
}

function normalised(scores: Map<string, number>): Map<string, number> {
  let max = 0;
  for (const v of scores.values()) if (v > max) max = v;
  if (max <= 0) return new Map();
  return new Map([...scores].map(([k, v]) => [k, v / max]));
}

function popularityScores(ctx: ListContext, keys: readonly ProductFacts[]): Map<string, number> {
  return normalised(new Map(keys.map((f) => [f.key, ctx.learner.popularityOf(f.key, ctx.now)])));
}

/**
 * The products of the same kind (leaf category) that a style rule accepts, ranked by the rule,
 * lifted by what shoppers viewed together with `product` and by popularity.
 */
function sameKind(
  ctx: ListContext,
  product: ProductFacts,
  rule: (from: ProductFacts["style"], to: ProductFacts["style"]) => number,
  limit: number,
  exclude: ReadonlySet<string>,
): string[] {
  const candidates = product.leaf !== undefined ? (ctx.facts.byLeaf.get(product.leaf) ?? []) : [];
  const viewed = normalised(ctx.learner.viewedTogether(product.key, ctx.now));
  const pop = popularityScores(ctx, candidates);
  const scores: [string, number][] = [];
  for (const c of candidates) {
    const base = rule(product.style, c.style);
    if (base <= 0) continue;
    scores.push([
      c.key,
      base + LEARNT_WEIGHT * (viewed.get(c.key) ?? 0) + POPULARITY_WEIGHT * (pop.get(c.key) ?? 0),
    ]);
  }
  return topKeys(scores, limit, exclude);
}

/** "Bekijk ook": the same kind in a similar style and price. */
const alternatives = (ctx: ListContext, product: ProductFacts, limit: number, exclude: ReadonlySet<string>) =>
  sameKind(ctx, product, alternativeScore, limit, exclude);

/** "Maak je look compleet": the same kind a step up in price. */
const upsell = (ctx: ListContext, product: ProductFacts, limit: number, exclude: ReadonlySet<string>) =>
  sameKind(ctx, product, upsellScore, limit, exclude);

/** How much what was bought with the very product counts against what was bought with its kind. */
const SAME_PRODUCT_WEIGHT = 5;
/** A complement in the colour family of what is in the cart suits it better. */
const MATCHING_COLOUR = 1.5;

/**
 * Bought together with `keys`: co-occurrence of add-to-carts and orders with these products and,
 * more thinly, with other products of their kind (a belt bought with one pair of chinos suits the
 * next pair), favouring complements in the cart's colours. With no history at all, popular
 * products of other kinds than the cart's (a belt to the trousers, not more trousers).
 */
function together(
  ctx: ListContext,
  keys: readonly string[],
  limit: number,
  exclude: ReadonlySet<string>,
): string[] {
  const sum = new Map<string, number>();
  const add = (from: string, weight: number) => {
    for (const [other, score] of ctx.learner.boughtTogether(from, ctx.now))
      sum.set(other, (sum.get(other) ?? 0) + weight * score);
  };
  const kinds = new Set<number | undefined>();
  const colours = new Set<string>();
  for (const key of keys) {
    const f = ctx.facts.byKey.get(key);
    add(key, SAME_PRODUCT_WEIGHT);
    if (!f) continue;
    kinds.add(f.leaf);
    for (const c of f.style.colorFamilies) colours.add(c);
    for (const sibling of f.leaf !== undefined ? (ctx.facts.byLeaf.get(f.leaf) ?? []) : [])
      if (sibling.key !== key) add(sibling.key, 1);
  }
  const scored: [string, number][] = [];
  for (const [key, score] of sum) {
    const f = ctx.facts.byKey.get(key);
    if (!f?.recommendable || kinds.has(f.leaf)) continue;
    scored.push([key, score * (f.style.colorFamilies.some((c) => colours.has(c)) ? MATCHING_COLOUR : 1)]);
  }
  const learnt = topKeys(scored, limit, exclude);
  if (learnt.length >= limit) return learnt;
  const taken = new Set([...exclude, ...learnt]);
  const others = popular(ctx, limit * 4, taken).filter((k) => !kinds.has(ctx.facts.byKey.get(k)?.leaf));
  return [...learnt, ...others].slice(0, limit);
}

function sameBrand(
  ctx: ListContext,
  product: ProductFacts,
  limit: number,
  exclude: ReadonlySet<string>,
): string[] {
  if (!product.brand) return [];
  const pop = ctx.facts.recommendable.filter((f) => f.brand === product.brand);
  return topKeys(
    pop.map((f) => [f.key, 1 + ctx.learner.popularityOf(f.key, ctx.now)] as const),
    limit,
    exclude,
  );
}

/** From the customer key's recent views: what others viewed with them, then their alternatives. */
function personal(ctx: ListContext, limit: number, exclude: ReadonlySet<string>): string[] {
  const recent = ctx.learner.recentlyViewed(ctx.customerKey).slice(0, 5);
  if (recent.length === 0) return popular(ctx, limit, exclude);
  const seen = new Set([...exclude, ...recent]);
  const sum = new Map<string, number>();
  recent.forEach((key, i) => {
    const weight = 1 / (i + 1);
    for (const [other, score] of ctx.learner.viewedTogether(key, ctx.now))
      sum.set(other, (sum.get(other) ?? 0) + weight * score);
  });
  const out = topKeys(sum, limit, seen).filter((k) => ctx.facts.byKey.get(k)?.recommendable);
  const last = ctx.facts.byKey.get(recent[0]!);
  if (last) out.push(...alternatives(ctx, last, limit - out.length, new Set([...seen, ...out])));
  out.push(...popular(ctx, Math.max(0, limit - out.length), new Set([...seen, ...out])));
  return out.slice(0, limit);
}
