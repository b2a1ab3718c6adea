/**
 * What the service worker may keep (issue 17): pure, so the rules are tested without a worker.
 * Private answers (the cart, the account, checkout and payment, the customer platform, the
 * recommendation service, whose answers Elevate says never to cache) are never stored.
 */

export const OFFLINE_PAGE = "/offline.html";

const PRIVATE_PAGES = [
  "/bestelling",
  "/checkout",
  "/checkout-return",
  "/checkout-failed",
  "/login",
  "/my-account",
  "/password",
  "/storyblok",
  "/storyblok-empty",
];

/** Catalogue and CMS reads that are the same for every shopper. */
const CATALOGUE_READS = [
  "/api/catalog/",
  "/api/url/map",
  "/api/product/render-list",
  "/api/ext/vsf-storyblok-extension/story/",
  "/api/ext/cms-data/",
  "/api/ext/vsf-storelocator/stores",
  "/api/ext/directory/",
];

/** A page (or its `.data`) that is the shopper's own, or an editor's preview. */
export function isPrivatePath(url: URL): boolean {
  if (url.pathname.startsWith("/api/")) return true;
  if (url.searchParams.has("_storyblok") || url.searchParams.has("token")) return true;
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return PRIVATE_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function isRuntimeCatalogueRead(url: URL): boolean {
  if (url.searchParams.has("token") || url.searchParams.has("cartId")) return false;
  return CATALOGUE_READS.some((prefix) => url.pathname.startsWith(prefix));
}

export function runtimeCacheNames(version: string) {
  return {
    pages: `etalage-pages-${version}`,
    images: "etalage-images-v1",
    api: "etalage-api-v1",
  } as const;
}
