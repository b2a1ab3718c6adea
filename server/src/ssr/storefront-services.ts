import type { RouteMatch, StorefrontServices } from "@etalage/storefront/server-context";
import { clusterOrigin } from "../providers/recommendations/cluster.ts";
import { CartService } from "../services/cart/index.ts";
import { searchProducts } from "../services/catalog-search.ts";
import type { Services } from "../services/index.ts";
import { locatePlace, STORES, storeMap } from "../services/stores/index.ts";
import { resolveUrl } from "../services/url-resolve.ts";
import { contentMemo } from "./content-memo.ts";
import type { DraftStoryReader } from "./preview-stories.ts";
import { publishedStories } from "./published-stories.ts";
import { storefrontCart } from "./storefront-cart.ts";
import { storefrontCheckout } from "./storefront-checkout.ts";
import { storefrontElevate } from "./storefront-elevate.ts";

/** Storyblok's visual-editor bridge (its "Bridge" guide): served by Storyblok, never bundled. */
const STORYBLOK_BRIDGE = "https://app.storyblok.com/f/storyblok-v2-latest.js";

/** The in-process face of the server that SSR loaders see (storefront/app/lib/server-context.ts). */
export function storefrontServices(services: Services, drafts?: DraftStoryReader): StorefrontServices {
  const { catalog } = services;
  const attribute = (code: string) => catalog.snapshot().attributeByCode.get(code);
  const published = publishedStories((fullSlug) => services.cms.story(fullSlug), services.cms.events);
  const shared = contentMemo({
    cms: services.cms.events,
    onCatalogRebuilt: (listener) => services.catalogEvents.onRebuilt(listener),
  });
  return {
    categoryTree: () => catalog.categoryTree(),
    categoryById: (id) => catalog.categoryById(id),
    categoryByUrlPath: (urlPath) => catalog.categoryByUrlPath(urlPath),
    productsInCategory: (categoryId, limit) => catalog.productsInCategory(categoryId, limit),
    searchProducts: (query) => searchProducts(catalog, query),
    productBySku: (sku) => catalog.productBySku(sku) ?? catalog.childBySku(sku)?.parent,
    resolveUrl: async (url, options) =>
      (await resolveUrl(catalog, url, {
        preventChildDirectAccess: services.config.PREVENT_CHILD_DIRECT_ACCESS,
        sku: options?.sku,
        cmsPage: services.cms.page,
      })) as RouteMatch,
    attribute,
    optionLabel: (code, value) =>
      attribute(code)?.options.find((option) => String(option.value) === String(value))?.label,
    story: async (fullSlug, options = {}) => {
      const { version = "published", token, release } = options;
      if (version === "published") return published(fullSlug);
      // The draft only with a token for that story; cdnStory checks it before looking anything up.
      // On Storyblok the preview route has checked the editor's token; the port reads with its own.
      if (drafts && services.cms.kind === "builtin")
        return token ? drafts(fullSlug, { token, release }) : undefined;
      const answer = await services.cms.cdnStory(fullSlug, { version, token, releaseId: release });
      return answer.ok ? answer.story : undefined;
    },
    shared,
    validatePreview: (params) => services.cms.validatePreview(params).ok,
    publicUrl: services.config.PUBLIC_URL,
    reviews: (productId) => ({
      ...services.reviews.list(productId),
      summary: services.reviews.summary(productId),
    }),
    storeLocator: () => {
      const map = storeMap();
      return {
        stores: STORES.map((store) => ({ ...store, pin: map.project(store.lat, store.lng) })),
        map: { width: map.width, height: map.height, land: map.land, neighbours: map.neighbours },
      };
    },
    locatePlace,
    gtmId: services.config.GTM_ID ?? null,
    browserOrigins: services.config.ELEVATE_CLUSTER_ID
      ? [clusterOrigin(services.config.ELEVATE_CLUSTER_ID)]
      : [],
    cmsBridge:
      services.cms.kind === "storyblok" && services.config.STORYBLOK_PREVIEW_TOKEN ? STORYBLOK_BRIDGE : null,
    newsletter: {
      confirm: (token) => services.newsletter.confirm(token),
      // A known link always answers "unsubscribed", also when it already was.
      unsubscribe: async (token) => {
        if (!(await services.newsletter.knowsUnsubscribeToken(token))) return false;
        await services.newsletter.unsubscribeToken(token);
        return true;
      },
    },
    cart: storefrontCart(new CartService(services.database.db, services.catalog)),
    elevate: storefrontElevate(
      services.elevate,
      catalog,
      services.config.ELEVATE_CLUSTER_ID,
      (message, error) => console.error(message, error),
    ),
    // Checkout (issue 13).
    checkout: storefrontCheckout(services),
  };
}
