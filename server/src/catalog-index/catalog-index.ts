import type { Category, LandingPage, Product, Redirect } from "@etalage/core";
import { STORE } from "@etalage/core";
import type { Db } from "../db/client.ts";
import { AnswerCache } from "./answer-cache.ts";
import { type Bits, hasBit, intersectAll } from "./bitset.ts";
import { type EntityType, searchEntities } from "./entities.ts";
import type { TermDef } from "./fields.ts";
import { loadCatalog } from "./load.ts";
import type { CatalogLookups, ChildHit } from "./lookups.ts";
import { searchProducts } from "./query.ts";
import type { ProductQuery, ProductSearchResult, SearchResult } from "./query-types.ts";
import { type CatalogData, Snapshot } from "./snapshot.ts";

export interface IndexStatus {
  ready: boolean;
  products: number;
  categories: number;
}

export interface CatalogIndexOptions {
  /** Where the catalogue comes from; the database by default. */
  load?: () => Promise<CatalogData>;
  /** The moment prices are computed for; the build time by default. */
  now?: () => Date;
  /** List out-of-stock products in category listings (browsing §5); search always hides them. */
  listOutOfStock?: boolean;
  /** The bound of the search answer cache in bytes; 0 turns it off. */
  answerCacheBytes?: number;
}

/** 64 MiB holds ~800 full-document pages of 24 at the large catalogue, ~3,500 product-card pages. */
export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

/** What a snapshot caches for the old listing helpers. */
interface Extras {
  tree: Category[];
  /** Enabled and visible in the catalogue: status 1, visibility 2–4. */
  listed: Bits;
}

/**
 * The in-process catalogue read path (ARCHITECTURE "Data"): built from the database at start,
 * rebuilt whole on change. A rebuild makes a new snapshot off to the side and swaps it in with
 * one assignment, so a reader sees the old catalogue or the new one, never half of each.
 */
export class CatalogIndex implements CatalogLookups {
  private current: Snapshot | undefined;
  private extras: Extras | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private readonly load: () => Promise<CatalogData>;
  /** Encoded search answers of the current snapshot; emptied by every swap. */
  readonly answers: AnswerCache;

  constructor(
    db: Db | undefined,
    private readonly options: CatalogIndexOptions = {},
  ) {
    const load = options.load ?? (db ? () => loadCatalog(db) : undefined);
    if (!load) throw new Error("CatalogIndex needs a database or a load function");
    this.load = load;
    this.answers = new AnswerCache(options.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_BYTES);
  }

  /** An index over in-memory data, built at once (tests, benchmarks, tools). */
  static fromData(data: CatalogData, options: Omit<CatalogIndexOptions, "load"> = {}): CatalogIndex {
    const index = new CatalogIndex(undefined, { ...options, load: async () => data });
    index.swap(new Snapshot(data, { now: options.now?.() ?? new Date() }));
    return index;
  }

  build(): Promise<void> {
    return this.rebuild();
  }

  /**
   * Builds a new snapshot and swaps it in. A call during a build waits for that build and one
   * more (the running one may have read the catalogue before the change the caller knows of).
   */
  rebuild(): Promise<void> {
    if (!this.running) {
      this.running = this.runBuild().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.rebuild();
      });
    return this.queued;
  }

  private async runBuild() {
    const data = await this.load();
    this.swap(new Snapshot(data, { now: this.options.now?.() ?? new Date() }));
  }

  private swap(snapshot: Snapshot) {
    const visibility = snapshot.fields.resolve("visibility") as TermDef;
    const status = snapshot.fields.resolve("status") as TermDef;
    const listed = intersectAll(snapshot.all, [
      visibility.scopes.default.union(["2", "3", "4"]),
      status.scopes.default.union(["1"]),
    ]);
    const extras = { tree: buildTree(snapshot.categories, STORE.rootCategoryId), listed };
    // One assignment each, in one synchronous step: no reader runs in between, so no answer of
    // the old catalogue is cached after the clear.
    this.current = snapshot;
    this.extras = extras;
    this.answers.clear();
  }

  /** The snapshot queries run on; hold on to it to read several things consistently. */
  snapshot(): Snapshot {
    if (!this.current) throw new Error("The catalogue index is not built yet");
    return this.current;
  }

  /**
   * When the current snapshot's prices go out of date (epoch ms): the next opening or closing of
   * a special price window. Undefined before the first build and when no window lies ahead.
   */
  nextPriceChange(): number | undefined {
    return this.current?.nextPriceChange;
  }

  status(): IndexStatus {
    const s = this.current;
    let listed = 0;
    if (s && this.extras)
      for (let doc = 0; doc < s.size; doc++) if (hasBit(this.extras.listed, doc)) listed++;
    return { ready: s !== undefined, products: listed, categories: s?.categories.length ?? 0 };
  }

  categoryTree(): Category[] {
    this.snapshot();
    return this.extras!.tree;
  }

  /** Enabled products visible in the catalogue, in the category's position order. */
  productsInCategory(categoryId: number, limit: number): Product[] {
    const s = this.snapshot();
    const order = s.positions.get(categoryId);
    if (!order) return [];
    const out: Product[] = [];
    for (let i = 0; i < order.asc.length && out.length < limit; i++) {
      const doc = order.asc[i]!;
      if (hasBit(this.extras!.listed, doc)) out.push(s.products[doc]!);
    }
    return out;
  }

  /** A product search as the catalogue search API answers it (contract "Catalogue"). */
  searchProducts(query: ProductQuery): ProductSearchResult {
    return searchProducts(this.snapshot(), query, { listOutOfStock: this.options.listOutOfStock ?? true });
  }

  /** Any entity type; products go through `searchProducts`. `docs`: see `searchEntities`. */
  search(type: EntityType, query: ProductQuery, docs?: readonly object[]): SearchResult<object> {
    if (type === "product") return this.searchProducts(query);
    return searchEntities(this.snapshot(), type, query, docs);
  }

  productById(id: number): Product | undefined {
    const s = this.snapshot();
    const doc = s.docOfId(id);
    return doc === undefined ? undefined : s.products[doc];
  }

  productBySku(sku: string): Product | undefined {
    const s = this.snapshot();
    const doc = s.skus.first(sku);
    return doc === undefined ? undefined : s.products[doc];
  }

  childBySku(sku: string): ChildHit | undefined {
    const s = this.snapshot();
    const ref = s.childSkus.first(sku);
    return ref === undefined ? undefined : hit(s, ref);
  }

  productByUrlPath(urlPath: string): Product | undefined {
    const s = this.snapshot();
    const doc = s.urlPaths.first(urlPath);
    return doc === undefined ? undefined : s.products[doc];
  }

  childByUrlPath(urlPath: string): ChildHit | undefined {
    const s = this.snapshot();
    const ref = s.childUrlPaths.first(urlPath);
    return ref === undefined ? undefined : hit(s, ref);
  }

  categoryById(id: number): Category | undefined {
    return this.snapshot().categoryById.get(id);
  }

  categoryByUrlPath(urlPath: string): Category | undefined {
    return this.snapshot().categoryByUrlPath.get(urlPath);
  }

  redirectByRequestPath(requestPath: string): Redirect | undefined {
    return this.snapshot().redirectByPath.get(requestPath);
  }

  landingPageByUrlPath(urlPath: string): LandingPage | undefined {
    return this.snapshot().landingPageByPath.get(urlPath);
  }
}

function hit(s: Snapshot, ref: number): ChildHit | undefined {
  const { doc, child } = s.childAt(ref);
  const parent = s.products[doc];
  const c = parent?.configurable_children?.[child];
  return parent && c ? { child: c, parent } : undefined;
}

/** Active children of `rootId`, nested through `children_data`, each level in position order. */
function buildTree(list: readonly Category[], rootId: number): Category[] {
  const children = new Map<number, Category[]>();
  for (const category of list) {
    if (!category.is_active) continue;
    const siblings = children.get(category.parent_id) ?? [];
    siblings.push(category);
    children.set(category.parent_id, siblings);
  }
  const attach = (parentId: number): Category[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((c) => {
        const children_data = attach(c.id);
        return { ...c, children_data, children_count: children_data.length };
      });
  return attach(rootId);
}
