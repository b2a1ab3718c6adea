import type { RouteMatch, StorefrontServices } from "@etalage/storefront/server-context";
import { CartService } from "../services/cart/index.ts";
import { searchProducts } from "../services/catalog-search.ts";
import type { Services } from "../services/index.ts";
import { locatePlace, STORES, storeMap } from "../services/stores/index.ts";
import { resolveUrl } from "../services/url-resolve.ts";
import type { DraftStoryReader } from "./preview-stories.ts";
import { publishedStories } from "./published-stories.ts";
import { storefrontCart } from "./storefront-cart.ts";
import { storefrontCheckout } from "./storefront-checkout.ts";
import { storefrontElevate } from "./storefront-elevate.ts";

/** The in-process face of the server that SSR loaders see (storefront/app/lib/server-context.ts). */
export function storefrontServices(services: Services, drafts?: DraftStoryReader): StorefrontServices {
  const { catalog } = services;
  const attribute = (code: string) => catalog.snapshot().attributeByCode.get(code);
  const published = publishedStories((fullSlug) => services.cms.story(fullSlug), services.cms.events);
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
      if (drafts) return token ? drafts(fullSlug, { token, release }) : undefined;
      const answer = await services.cms.cdnStory(fullSlug, { version, token, releaseId: release });
      return answer.ok ? answer.story : undefined;
    },
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
