import { AsyncLocalStorage } from "node:async_hooks";
import { nextSpecialPriceBoundary, type Product } from "@etalage/core";
import type { StorefrontServices } from "@etalage/storefront/server-context";
import type { KeyedRequest, RenderedPage } from "./html-cache-key.ts";
import type { EncodingClass } from "./html-cache-store.ts";

/*
 * What a render read, gathered while its loaders run (docs/decisions/0008-html-output-cache.md):
 * the tags that drop its page, whether it may be stored at all, and how long its prices hold.
 */

/** Everything a render read, gathered while its loaders run. */
export interface RenderRecord {
  tags: Set<string>;
  /** A loader read something no cached page may show (a draft, a preview check). */
  uncacheable: boolean;
  key: string;
  /** The request as the cache keyed it; the page is stored only if that is its own key. */
  request: KeyedRequest;
  /** What a dispatched page turned out to be (noted by URL resolution). */
  page?: RenderedPage;
  encoding: EncodingClass;
  /** The cache's invalidation count when the render started: a later one makes it stale. */
  epoch: number;
  /** When the render started (epoch ms): prices are as of this moment. */
  startedAt: number;
  /**
   * The first special-price boundary (special_from_date start, special_to_date end) after the
   * render of a product it read: the page's prices hold until then, and it is not kept longer.
   */
  pricesChangeAt: number | undefined;
}

/** What the reads below note: a page's render record, or a shared value's own (`readsOf`). */
type Reads = Pick<RenderRecord, "tags" | "uncacheable" | "page" | "startedAt" | "pricesChangeAt">;

const renders = new AsyncLocalStorage<Reads>();

export function recordRender<T>(record: RenderRecord, render: () => T): T {
  return renders.run(record, render);
}

function tag(...tags: string[]) {
  const record = renders.getStore();
  if (record) for (const t of tags) record.tags.add(t);
}

/**
 * The kind of page the dispatcher's URL resolution found, and the variant it was asked for if the
 * product has it. The first resolution of a render is the page's own.
 */
function resolved(match: Awaited<ReturnType<StorefrontServices["resolveUrl"]>>, sku: string | undefined) {
  const record = renders.getStore();
  if (!record || record.page || !match.found) return;
  if (match.type !== "product") {
    record.page = { kind: match.type };
    return;
  }
  const product = match.source as Product;
  const known =
    sku !== undefined && (sku === product.sku || !!product.configurable_children?.some((c) => c.sku === sku));
  record.page = known ? { kind: "product", childSku: sku } : { kind: "product" };
}

function uncacheable() {
  const record = renders.getStore();
  if (record) record.uncacheable = true;
}

/**
 * Notes the special-price boundaries of products a page read, and of their configurable children
 * (the product page shows each variant's price). Two date parses per product, from a cache.
 */
function priced(products: readonly (Product | undefined)[]) {
  const record = renders.getStore();
  if (!record) return;
  const now = new Date(record.startedAt);
  for (const product of products) {
    if (!product) continue;
    for (const item of [product, ...(product.configurable_children ?? [])]) {
      const change = nextSpecialPriceBoundary(item, now);
      if (change !== undefined && (record.pricesChangeAt === undefined || change < record.pricesChangeAt))
        record.pricesChangeAt = change;
    }
  }
}

/**
 * Runs a shared value's computation with a record of its own, also when the render that asks is
 * not cached (a logged-in shopper's), and answers what it read along with the value. Its URL
 * resolutions are link checks, never a page's own (`page` is set).
 */
async function readsOf<T>(compute: () => Promise<T>) {
  const own: Reads = {
    tags: new Set(),
    uncacheable: false,
    page: { kind: "cms_page" },
    startedAt: Date.now(),
    pricesChangeAt: undefined,
  };
  const value = await renders.run(own, compute);
  return { value, tags: [...own.tags], cacheable: !own.uncacheable, pricesChangeAt: own.pricesChangeAt };
}

/**
 * The loaders' services, recording what each render read. Catalogue reads tag the page `catalog`
 * (a refresh replaces the whole index), plus the category or product they were about.
 */
export function taggingServices(base: StorefrontServices): StorefrontServices {
  return {
    ...base,
    categoryTree: () => {
      tag("catalog");
      return base.categoryTree();
    },
    categoryById: (id) => {
      tag("catalog", `category:${id}`);
      return base.categoryById(id);
    },
    categoryByUrlPath: (urlPath) => {
      const category = base.categoryByUrlPath(urlPath);
      tag("catalog", ...(category ? [`category:${category.id}`] : []));
      return category;
    },
    productsInCategory: (categoryId, limit) => {
      const products = base.productsInCategory(categoryId, limit);
      tag("catalog", `category:${categoryId}`, ...products.map((p) => `product:${p.sku}`));
      priced(products);
      return products;
    },
    searchProducts: (query) => {
      tag("catalog");
      const result = base.searchProducts(query);
      priced(result.items);
      return result;
    },
    productBySku: (sku) => {
      const product = base.productBySku(sku);
      tag("catalog", ...(product ? [`product:${product.sku}`] : []));
      priced([product]);
      return product;
    },
    resolveUrl: async (url, options) => {
      tag("catalog");
      const match = await base.resolveUrl(url, options);
      // Only the page's own resolution says what the page is; the shell's link checks do not.
      if (!options?.linkOnly) resolved(match, options?.sku);
      if (!match.found) return match;
      const source = match.source as Record<string, unknown>;
      if (match.type === "category") tag(`category:${String(source.id)}`);
      else if (match.type === "product") {
        tag(`product:${String(source.sku)}`);
        priced([match.source as Product]);
      } else {
        const slug = typeof source.full_slug === "string" ? source.full_slug : source.identifier;
        tag(`story:${String(slug)}`);
      }
      return match;
    },
    attribute: (code) => {
      tag("catalog");
      return base.attribute(code);
    },
    optionLabel: (code, value) => {
      tag("catalog");
      return base.optionLabel(code, value);
    },
    story: (fullSlug, options) => {
      if (options?.version === "draft" || options?.token) uncacheable();
      else tag(`story:${fullSlug}`);
      return base.story(fullSlug, options);
    },
    // A shared value is computed once: its reads are kept with it and tag every page that uses it.
    shared: async (key, compute) => {
      const reads = await base.shared(key, () => readsOf(compute));
      const record = renders.getStore();
      if (record) {
        for (const t of reads.tags) record.tags.add(t);
        if (!reads.cacheable) record.uncacheable = true;
        const change = reads.pricesChangeAt;
        if (change !== undefined && (record.pricesChangeAt === undefined || change < record.pricesChangeAt))
          record.pricesChangeAt = change;
      }
      return reads.value;
    },
    validatePreview: (params) => {
      uncacheable();
      return base.validatePreview(params);
    },
    // The built-in Elevate answers from the catalogue index: dropped with it. A real cluster's
    // answers change on its own schedule, which no tag follows: such pages are not stored.
    elevate: {
      ...base.elevate,
      landingPage: (params, body) => {
        if (base.elevate.clusterId) uncacheable();
        else tag("catalog");
        return base.elevate.landingPage(params, body);
      },
      subPages: (urlPath) => {
        tag("catalog");
        return base.elevate.subPages(urlPath);
      },
    },
  };
}
