/**
 * What the built-in recommendation service has learnt from shoppers, in memory: popularity with
 * time decay, products viewed and bought together, and each customer key's recent views and
 * searches. Events come from notifications and queries of this instance and, through the event
 * store, from the others. The rules of how numbers change are core's (recommendations/learning.ts).
 */
import {
  addDecayed,
  type Decayed,
  decayedScore,
  foldText,
  PAIR_HALF_LIFE_MS,
  POPULARITY_HALF_LIFE_MS,
  pushRecent,
  SIGNAL_WEIGHTS,
  type Signal,
  sessionPartners,
  topKeys,
} from "@etalage/core";
import { LRUCache } from "lru-cache";

type EventType = Signal | "search" | "end";

export interface LearnEvent {
  type: EventType;
  customerKey: string;
  sessionKey: string;
  productKey?: string | null;
  variantKey?: string | null;
  listId?: string | null;
  position?: number | null;
  q?: string | null;
  hidden?: boolean;
  /** Epoch ms. */
  at: number;
}

/** What the service remembers per customer key for personal lists. */
const RECENTLY_VIEWED_LIMIT = 20;
const RECENT_SEARCHES_LIMIT = 10;
const SESSION_HISTORY = 30;
/** Bounds of the in-memory state: beyond them the least recently active keys are forgotten. */
const MAX_SESSIONS = 50_000;
const MAX_CUSTOMERS = 50_000;
const MAX_PARTNERS = 200;

interface SessionState {
  views: string[];
  carts: string[];
}

interface CustomerState {
  viewed: string[];
  searches: string[];
}

type Pairs = Map<string, Map<string, Decayed>>;

export class Learner {
  private readonly popularity = new Map<string, Decayed>();
  private readonly viewedWith: Pairs = new Map();
  private readonly boughtWith: Pairs = new Map();
  private readonly phrases = new Map<string, Decayed>();
  private readonly sessions = new LRUCache<string, SessionState>({ max: MAX_SESSIONS });
  private readonly customers = new LRUCache<string, CustomerState>({ max: MAX_CUSTOMERS });
  /** Popularity ranking, recomputed when a popularity changed since. */
  private ranking: string[] | undefined;
  events = 0;

  apply(event: LearnEvent): void {
    this.events++;
    const { productKey, at } = event;
    if (event.type === "end") {
      this.sessions.delete(event.sessionKey);
      return;
    }
    if (event.type === "search") {
      const q = foldText(event.q ?? "").trim();
      if (!q) return;
      this.phrases.set(q, addDecayed(this.phrases.get(q), 1, at, POPULARITY_HALF_LIFE_MS));
      if (!event.hidden) {
        const c = this.customer(event.customerKey);
        c.searches = pushRecent(c.searches, event.q!.trim(), RECENT_SEARCHES_LIMIT);
      }
      return;
    }
    if (!productKey) return;
    this.popularity.set(
      productKey,
      addDecayed(this.popularity.get(productKey), SIGNAL_WEIGHTS[event.type], at, POPULARITY_HALF_LIFE_MS),
    );
    this.ranking = undefined;
    const session = this.session(event.sessionKey);
    if (event.type === "view" || event.type === "click") {
      for (const other of sessionPartners(session.views, productKey))
        pair(this.viewedWith, productKey, other, 1, at);
      session.views = pushRecent(session.views, productKey, SESSION_HISTORY);
      if (event.type === "view" && !event.hidden) {
        const c = this.customer(event.customerKey);
        c.viewed = pushRecent(c.viewed, productKey, RECENTLY_VIEWED_LIMIT);
      }
    } else {
      const weight = event.type === "purchase" ? 2 : 1;
      for (const other of sessionPartners(session.carts, productKey))
        pair(this.boughtWith, productKey, other, weight, at);
      session.carts = pushRecent(session.carts, productKey, SESSION_HISTORY);
    }
  }

  /** An order's lines, bought together by one customer (the orders module reports them). */
  applyOrder(customerKey: string, sessionKey: string, productKeys: readonly string[], at: number): void {
    const keys = [...new Set(productKeys)];
    for (const key of keys)
      this.apply({ type: "purchase", customerKey, sessionKey: `order:${sessionKey}`, productKey: key, at });
  }

  popularityOf(key: string, now: number): number {
    const entry = this.popularity.get(key);
    return entry ? decayedScore(entry, now, POPULARITY_HALF_LIFE_MS) : 0;
  }

  /** Every product with a popularity, most popular first. */
  popular(now: number): readonly string[] {
    this.ranking ??= topKeys(
      [...this.popularity].map(
        ([key, entry]) => [key, decayedScore(entry, now, POPULARITY_HALF_LIFE_MS)] as const,
      ),
      this.popularity.size,
    );
    return this.ranking;
  }

  viewedTogether(key: string, now: number): Map<string, number> {
    return scoresOf(this.viewedWith.get(key), now);
  }

  boughtTogether(key: string, now: number): Map<string, number> {
    return scoresOf(this.boughtWith.get(key), now);
  }

  recentlyViewed(customerKey: string): readonly string[] {
    return [...(this.customers.get(customerKey)?.viewed ?? [])].reverse();
  }

  recentSearches(customerKey: string): readonly string[] {
    return [...(this.customers.get(customerKey)?.searches ?? [])].reverse();
  }

  /** Searched phrases starting with `prefix` (folded), most searched first. */
  popularPhrases(prefix: string, now: number, limit: number): string[] {
    const p = foldText(prefix).trim();
    const scores: [string, number][] = [];
    for (const [q, entry] of this.phrases)
      if (q.startsWith(p)) scores.push([q, decayedScore(entry, now, POPULARITY_HALF_LIFE_MS)]);
    return topKeys(scores, limit);
  }

  phraseCount(q: string, now: number): number {
    const entry = this.phrases.get(foldText(q).trim());
    return entry ? decayedScore(entry, now, POPULARITY_HALF_LIFE_MS) : 0;
  }

  hideViewed(customerKey: string, keys: readonly string[] | "all"): void {
    const c = this.customers.get(customerKey);
    if (c) c.viewed = keys === "all" ? [] : c.viewed.filter((k) => !keys.includes(k));
  }

  hideSearches(customerKey: string, phrases: readonly string[] | "all"): void {
    const c = this.customers.get(customerKey);
    if (!c) return;
    const drop = new Set(phrases === "all" ? [] : phrases.map((p) => foldText(p).trim()));
    c.searches = phrases === "all" ? [] : c.searches.filter((s) => !drop.has(foldText(s).trim()));
  }

  private session(key: string): SessionState {
    let s = this.sessions.get(key);
    if (!s) {
      s = { views: [], carts: [] };
      this.sessions.set(key, s);
    }
    return s;
  }

  private customer(key: string): CustomerState {
    let c = this.customers.get(key);
    if (!c) {
      c = { viewed: [], searches: [] };
      this.customers.set(key, c);
    }
    return c;
  }
}

function pair(pairs: Pairs, a: string, b: string, weight: number, at: number) {
  add(pairs, a, b, weight, at);
  add(pairs, b, a, weight, at);
}

function add(pairs: Pairs, from: string, to: string, weight: number, at: number) {
  let partners = pairs.get(from);
  if (!partners) {
    partners = new Map();
    pairs.set(from, partners);
  }
  partners.set(to, addDecayed(partners.get(to), weight, at, PAIR_HALF_LIFE_MS));
  if (partners.size > MAX_PARTNERS) {
    // Forget the weakest partner: a long tail of one-off pairs says nothing.
    let weakest: string | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const [key, entry] of partners) {
      const score = decayedScore(entry, at, PAIR_HALF_LIFE_MS);
      if (score < least) {
        least = score;
        weakest = key;
      }
    }
    if (weakest !== undefined) partners.delete(weakest);
  }
}

function scoresOf(partners: Map<string, Decayed> | undefined, now: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, entry] of partners ?? []) out.set(key, decayedScore(entry, now, PAIR_HALF_LIFE_MS));
  return out;
}
