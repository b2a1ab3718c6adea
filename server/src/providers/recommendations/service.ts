/**
 * The built-in Voyado Elevate: the Storefront API v3's queries and notifications over the
 * catalogue index and what shoppers did (docs/decisions/0018). Route files hand it parsed
 * requests; it answers in the official client's types, so the compiler checks the wire shapes.
 */
import type {
  AddToCartPopup,
  Autocomplete,
  CartPage,
  LandingPage,
  NavigationTree,
  ProductGroup,
  ProductPage,
  RecommendationList,
  SearchPage,
} from "@apptus/esales-api";
import {
  type AppliedFilter,
  foldText,
  highlightPhrase,
  landingPagePath,
  landingUrlPath,
  segmentLabel,
  t,
} from "@etalage/core";
import { LRUCache } from "lru-cache";
import type { CatalogIndex } from "../../catalog-index/catalog-index.ts";
import { QueryError } from "../../catalog-index/query-types.ts";
import type { Db } from "../../db/client.ts";
import { type CatalogFacts, FactsCache, type ProductFacts } from "./catalog-facts.ts";
import { EventStore, type EventStoreOptions } from "./event-store.ts";
import { redirectFor } from "./landing-lookups.ts";
import { type LearnEvent, Learner } from "./learner.ts";
import { type ListContext, listKeys } from "./lists.ts";
import { breadcrumbsOf, navigationState, navigationTree } from "./navigation.ts";
import { FACET_IDS, type FacetSelection, presetFilters, primaryList } from "./primary-list.ts";
import { productGroupOf } from "./product-groups.ts";
import { decodeTicket } from "./tickets.ts";
import { vocabularyOf } from "./vocabulary.ts";
import { facetSelection, type RecommendationListConfig } from "./wire.ts";

/** An answer Elevate gives as `{message}` with this status. */
export class ElevateError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Visitor {
  customerKey: string;
  sessionKey: string;
  /** `notify=false`: the query leaves no trace (a crawler's, a prefetch). */
  notify: boolean;
}

const DEFAULT_PAGE_LIMIT = 60;
const DEFAULT_LIST_LIMIT = 8;
const AUTOCOMPLETE_PRODUCTS = 6;
const AUTOCOMPLETE_PHRASES = 6;
/**
 * Autocomplete for a typed text is the same for every shopper (history is only for an empty
 * field): kept a few seconds per snapshot, so a popular prefix typed by many costs one lookup.
 */
const AUTOCOMPLETE_CACHE = { max: 2_000, ttl: 5_000 };

export class ElevateService {
  readonly learner = new Learner();
  readonly events: EventStore;
  private readonly facts: FactsCache;
  private readonly suggestions = new LRUCache<string, { facts: CatalogFacts; answer: Autocomplete }>(
    AUTOCOMPLETE_CACHE,
  );

  constructor(
    private readonly catalog: CatalogIndex,
    db: Db,
    options: EventStoreOptions & { now?: () => number } = {},
  ) {
    this.facts = new FactsCache(catalog);
    this.events = new EventStore(db, this.learner, options);
    this.now = options.now ?? Date.now;
  }

  private readonly now: () => number;

  async start(): Promise<void> {
    await this.events.load();
    this.events.start();
  }

  stop(): Promise<void> {
    return this.events.stop();
  }

  private sizeLabel = (value: unknown) => {
    const size = this.catalog.snapshot().attributeByCode.get("size");
    return size?.options.find((o) => String(o.value) === String(value))?.label;
  };

  private group(f: ProductFacts, list: string, position: number): ProductGroup {
    return productGroupOf(f, list, position, this.sizeLabel);
  }

  private groups(facts: CatalogFacts, keys: readonly string[], list: string): ProductGroup[] {
    const out: ProductGroup[] = [];
    for (const key of keys) {
      const f = facts.byKey.get(key);
      if (f) out.push(this.group(f, list, out.length));
    }
    return out;
  }

  private async lists(
    configs: readonly RecommendationListConfig[] | undefined,
    ctx: ListContext,
  ): Promise<RecommendationList[]> {
    const out: RecommendationList[] = [];
    for (const config of configs ?? []) {
      const algorithm = config.algorithm ?? "TOP_PRODUCTS";
      const product = config.params?.productKey ? ctx.facts.resolve(config.params.productKey) : ctx.product;
      const cart = config.params?.cart ? this.cartKeys(ctx.facts, config.params.cart) : ctx.cart;
      const keys = await listKeys(algorithm, config.limit ?? DEFAULT_LIST_LIMIT, { ...ctx, product, cart });
      const productGroups = this.groups(ctx.facts, keys, config.id);
      out.push({
        id: config.id,
        algorithm,
        productGroups,
        visible: productGroups.length > 0,
        visualization: config.visualization ?? "CAROUSEL",
        ...(config.label ? { label: config.label } : {}),
        ...(config.showMoreLink ? { showMoreLink: config.showMoreLink } : {}),
      });
    }
    return out;
  }

  private context(facts: CatalogFacts, visitor: Visitor, extra: Partial<ListContext> = {}): ListContext {
    return {
      facts,
      learner: this.learner,
      now: this.now(),
      customerKey: visitor.customerKey,
      cart: [],
      favorites: () => this.events.favorites(visitor.customerKey),
      ...extra,
    };
  }

  private cartKeys(facts: CatalogFacts, keys: readonly string[]): string[] {
    return [...new Set(keys.map((k) => facts.resolve(k)?.key).filter((k): k is string => k !== undefined))];
  }

  private primary(request: Parameters<typeof primaryList>[2]) {
    try {
      return primaryList(this.catalog, this.facts.get(), request, this.sizeLabel);
    } catch (error) {
      if (error instanceof QueryError)
        throw new ElevateError(400, `querystring.${error.path}: ${error.message}`);
      throw error;
    }
  }

  async landingPage(
    params: {
      pageReference?: string;
      q?: string;
      limit?: number;
      skip?: number;
      sort?: string;
      includeNavigation?: boolean;
    },
    selection: FacetSelection,
    body:
      | {
          primaryList?: { include: boolean };
          navigation?: { include: boolean };
          recommendationLists?: RecommendationListConfig[];
          contentLists?: { id: string }[];
        }
      | undefined,
    visitor: Visitor,
  ): Promise<LandingPage> {
    const facts = this.facts.get();
    const reference = params.pageReference ?? "/";
    const urlPath = landingUrlPath(reference) ?? reference.replace(/^\/+|\/+$/g, "");
    const landing = urlPath ? this.catalog.landingPageByUrlPath(urlPath) : undefined;
    const category = landing
      ? this.catalog.categoryById(landing.category_id)
      : urlPath
        ? this.catalog.categoryByUrlPath(urlPath)
        : undefined;
    const base: AppliedFilter[] = [];
    if (category) base.push({ attribute: "category_ids", value: { in: [category.id] }, scope: "default" });
    if (landing) base.push(...presetFilters(landing.filter_attributes));
    const heading =
      landing?.title ?? category?.name ?? (urlPath ? segmentLabel(urlPath.split("/").at(-1)!) : t("Home"));
    const answer: LandingPage = {
      recommendationLists: await this.lists(body?.recommendationLists, this.context(facts, visitor)),
      contentLists: (body?.contentLists ?? []).map((c) => ({ id: c.id, totalHits: 0, items: [] })),
      customData: landing ? { url_path: landing.url_path, category_id: String(landing.category_id) } : {},
      published: landing !== undefined || category !== undefined,
      seo: {
        pageHeading: heading,
        pageTitle: heading,
        ...(category?.meta_description || category?.description
          ? { metaDescription: String(category.meta_description || category.description) }
          : {}),
        ...(landing ? { canonicalPath: landingPagePath(landing.url_path) } : {}),
      },
    };
    if (body?.primaryList?.include) {
      answer.primaryList = this.primary({
        base,
        searchText: params.q,
        selection,
        sort: params.sort,
        skip: params.skip ?? 0,
        limit: params.limit ?? DEFAULT_PAGE_LIMIT,
      });
    }
    if (body?.navigation?.include || params.includeNavigation) {
      answer.navigation = {
        breadcrumbs: urlPath ? breadcrumbsOf(urlPath) : [],
        tree: navigationState(this.catalog.categoryTree(), category?.id),
      };
    }
    return answer;
  }

  async searchPage(
    params: { q: string; limit?: number; skip?: number; sort?: string; origin?: string },
    selection: FacetSelection,
    body: { navigation?: { include: boolean }; contentLists?: { id: string }[] } | undefined,
    visitor: Visitor,
  ): Promise<SearchPage> {
    const request = {
      base: [],
      selection,
      sort: params.sort,
      skip: params.skip ?? 0,
      limit: params.limit ?? DEFAULT_PAGE_LIMIT,
    };
    let q = params.q;
    let list = this.primary({ ...request, searchText: q });
    let autoCorrect: SearchPage["autoCorrect"];
    const didYouMean: SearchPage["didYouMean"] = [];
    const corrected = q.trim() ? vocabularyOf(this.facts.get()).correct(q) : undefined;
    if (corrected && params.origin !== "UNDO_AUTO_CORRECT") {
      if (list.totalHits === 0) {
        const retry = this.primary({ ...request, searchText: corrected });
        if (retry.totalHits > 0) {
          autoCorrect = { q: corrected, originalTotalHits: 0 };
          list = retry;
          q = corrected;
        }
      } else {
        didYouMean.push({ q: corrected });
      }
    }
    if (visitor.notify && list.totalHits > 0 && q.trim()) {
      this.record({ type: "search", q: q.trim() }, visitor);
      // A searched phrase becomes a suggestion: what was kept for its prefixes is out of date.
      const phrase = foldText(q.trim());
      for (const typed of [...this.suggestions.keys()])
        if (phrase.startsWith(foldText(typed).trim())) this.suggestions.delete(typed);
    }
    return {
      q,
      didYouMean,
      primaryList: list,
      contentLists: (body?.contentLists ?? []).map((c) => ({ id: c.id, totalHits: 0, items: [] })),
      ...(autoCorrect ? { autoCorrect } : {}),
      ...(body?.navigation?.include
        ? { navigation: { breadcrumbs: [], tree: navigationState(this.catalog.categoryTree(), undefined) } }
        : {}),
    };
  }

  async productPage(
    params: { productKey: string },
    body:
      | { productGroup?: { include: boolean }; recommendationLists?: RecommendationListConfig[] }
      | undefined,
    visitor: Visitor,
  ): Promise<ProductPage> {
    const facts = this.facts.get();
    const product = facts.resolve(params.productKey);
    if (product && visitor.notify) this.record({ type: "view", productKey: product.key }, visitor);
    const recommendationLists = await this.lists(
      body?.recommendationLists,
      this.context(facts, visitor, { product }),
    );
    if (!product) return { recommendationLists, tickets: {} };
    if (body?.productGroup?.include)
      return { recommendationLists, productGroup: this.group(product, "product-page", 0), tickets: {} };
    const group = this.group(product, "product-page", 0);
    const tickets: Record<string, string> = {};
    for (const v of group.products[0]?.variants ?? []) tickets[v.key] = v.ticket;
    return { recommendationLists, tickets };
  }

  async cartPage(
    params: { cart: string[] },
    body: { cart?: { include: boolean }; recommendationLists?: RecommendationListConfig[] } | undefined,
    visitor: Visitor,
  ): Promise<CartPage> {
    const facts = this.facts.get();
    const cart = this.cartKeys(facts, params.cart);
    return {
      recommendationLists: await this.lists(
        body?.recommendationLists,
        this.context(facts, visitor, { cart }),
      ),
      cart: body?.cart?.include ? this.groups(facts, cart, "cart") : [],
    };
  }

  async addToCartPopup(
    params: { variantKey: string; cart?: string[] },
    body: { recommendationLists: RecommendationListConfig[] },
    visitor: Visitor,
  ): Promise<AddToCartPopup> {
    const facts = this.facts.get();
    const product = facts.resolve(params.variantKey);
    const cart = this.cartKeys(facts, params.cart ?? []);
    return {
      recommendationLists: await this.lists(
        body.recommendationLists,
        this.context(facts, visitor, { product, cart }),
      ),
    };
  }

  async autocomplete(
    params: { q: string },
    body: { contentLists?: { id: string }[] } | undefined,
    visitor: Visitor,
  ): Promise<Autocomplete> {
    const facts = this.facts.get();
    const q = params.q;
    const contentLists = (body?.contentLists ?? []).map((c) => ({ id: c.id, totalHits: 0, items: [] }));
    if (q.trim() === "") {
      return {
        phraseSuggestions: [],
        productSuggestions: [],
        contentSuggestions: [],
        recentSearches: this.learner.recentSearches(visitor.customerKey).map((s) => ({ q: s })),
        recentlyViewed: this.groups(
          facts,
          this.learner.recentlyViewed(visitor.customerKey).slice(0, DEFAULT_LIST_LIMIT),
          "recently-viewed",
        ),
        totalHits: 0,
        contentLists,
      };
    }
    const cached = this.suggestions.get(q);
    // The kept answer itself when no content list is asked (the storefront asks none): the same
    // object each time, so the route serialises it once (api/storefront/route.ts).
    if (cached && cached.facts === facts)
      return contentLists.length === 0 ? cached.answer : { ...cached.answer, contentLists };
    const result = this.catalog.searchProducts({ _searchText: q, size: AUTOCOMPLETE_PRODUCTS });
    const productSuggestions: ProductGroup[] = [];
    for (const p of result.items) {
      const f = facts.byKey.get(p.sku);
      if (f) productSuggestions.push(this.group(f, "autocomplete", productSuggestions.length));
    }
    // A phrase that names a landing page or category leads there, as a cluster's search redirects do.
    const redirectLink = redirectFor(this.catalog, q);
    const answer: Autocomplete = {
      ...(redirectLink ? { redirectLink } : {}),
      phraseSuggestions: this.phrases(facts, q).map((text) => ({
        q: text,
        highlighted: highlightPhrase(text, q),
      })),
      productSuggestions,
      contentSuggestions: [],
      recentSearches: [],
      recentlyViewed: [],
      totalHits: result.total,
      contentLists: [],
    };
    this.suggestions.set(q, { facts, answer });
    return contentLists.length === 0 ? answer : { ...answer, contentLists };
  }

  /** Searched phrases first (what shoppers found things with), then the shop's own words. */
  private phrases(facts: CatalogFacts, q: string): string[] {
    const now = this.now();
    const out: string[] = [];
    const seen = new Set<string>();
    const push = (text: string) => {
      const k = text.toLowerCase();
      if (!seen.has(k) && out.length < AUTOCOMPLETE_PHRASES) {
        seen.add(k);
        out.push(text);
      }
    };
    for (const p of this.learner.popularPhrases(q, now, AUTOCOMPLETE_PHRASES)) push(p);
    for (const p of vocabularyOf(facts).complete(q, AUTOCOMPLETE_PHRASES * 2)) push(p.text);
    return out;
  }

  navigationTree(): NavigationTree {
    return { tree: navigationTree(this.catalog.categoryTree()) };
  }

  // Notifications.

  /** `click` and `add-to-cart`: with a ticket we issued, or a product or variant key. */
  notify(
    type: "click" | "add-to-cart",
    body: { ticket: string } | { productKey: string } | { variantKey: string },
    visitor: Visitor,
  ): void {
    const facts = this.facts.get();
    let event: Omit<LearnEvent, "customerKey" | "sessionKey" | "at">;
    if ("ticket" in body) {
      const ticket = decodeTicket(body.ticket);
      if (!ticket) throw new ElevateError(400, "body.ticket: is not a ticket this service issued");
      event = {
        type,
        productKey: ticket.productKey,
        variantKey: ticket.variantKey ?? null,
        listId: ticket.list,
        position: ticket.position,
      };
    } else {
      const key = "productKey" in body ? body.productKey : body.variantKey;
      const product = facts.resolve(key);
      if (!product)
        throw new ElevateError(
          400,
          `body.${"productKey" in body ? "productKey" : "variantKey"}: no product ${key}`,
        );
      event = { type, productKey: product.key, variantKey: "variantKey" in body ? body.variantKey : null };
    }
    this.record(event, visitor);
  }

  end(visitor: Visitor): void {
    this.record({ type: "end" }, visitor);
  }

  /** Lines of an order, learnt as bought together (for the orders module to call). */
  purchase(visitor: Visitor, keys: readonly string[]): void {
    const facts = this.facts.get();
    for (const key of this.cartKeys(facts, keys)) this.record({ type: "purchase", productKey: key }, visitor);
  }

  async favorite(
    add: boolean,
    body: { productKey: string } | { variantKey: string },
    visitor: Visitor,
  ): Promise<void> {
    const key = "productKey" in body ? body.productKey : body.variantKey;
    const product = this.facts.get().resolve(key)?.key ?? key;
    if (add) await this.events.addFavorite(visitor.customerKey, product);
    else await this.events.removeFavorite(visitor.customerKey, product);
  }

  async removeRecentSearches(
    body: { phrases: string[] } | { removeAll: true },
    visitor: Visitor,
  ): Promise<void> {
    const phrases = "removeAll" in body ? "all" : body.phrases;
    this.learner.hideSearches(visitor.customerKey, phrases);
    await this.events.hide(visitor.customerKey, { type: "search", phrases });
  }

  async removeRecentlyViewed(
    body: { productKeys: string[] } | { removeAll: true },
    visitor: Visitor,
  ): Promise<void> {
    const keys = "removeAll" in body ? "all" : body.productKeys;
    this.learner.hideViewed(visitor.customerKey, keys);
    await this.events.hide(visitor.customerKey, { type: "view", keys });
  }

  private record(event: Omit<LearnEvent, "customerKey" | "sessionKey" | "at">, visitor: Visitor): void {
    this.events.record({
      ...event,
      customerKey: visitor.customerKey,
      sessionKey: visitor.sessionKey,
      at: this.now(),
    });
  }
}

/** The `f.*` facets of a query, checked against the facets this shop has. */
export function facetsOf(query: Record<string, unknown>): FacetSelection {
  const parsed = facetSelection(query);
  if (parsed.problem) throw new ElevateError(400, parsed.problem);
  for (const id of parsed.values.keys())
    if (!FACET_IDS.has(id) || id === "price")
      throw new ElevateError(400, `querystring.f.${id}: is not a facet this shop has`);
  return parsed;
}
