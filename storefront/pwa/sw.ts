/// <reference lib="webworker" />

import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { cacheNames, clientsClaim, setCacheNameDetails } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { isPrivatePath, isRuntimeCatalogueRead, OFFLINE_PAGE, runtimeCacheNames } from "./sw-rules.ts";

/**
 * Etalage's service worker (browsing §4 "Offline", issue 17; docs/decisions/0021). Workbox
 * injects the precache list (every hashed chunk and stylesheet, the offline page, the icons)
 * after `react-router build` (pwa/build-pwa.ts). The pages cache carries the build's version in
 * its name: a cached page names the chunks of the build it came from, so it goes with that build.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const manifest = self.__WB_MANIFEST;
const version = buildVersion(manifest);
const caches_ = runtimeCacheNames(version);

setCacheNameDetails({ prefix: "etalage", suffix: "v1" });
const log = (event: string, detail?: unknown) =>
  console.info(`[sw ${version}] ${event}`, ...(detail === undefined ? [] : [detail]));

precacheAndRoute(manifest);
cleanupOutdatedCaches();

// A new version waits until the shopper reloads (the page announces it); then it takes every tab.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") {
    log("skip waiting");
    void self.skipWaiting();
  }
});
clientsClaim();

self.addEventListener("install", () => log("install"));
self.addEventListener("activate", (event) => {
  // Runtime caches of older versions (the pages of an older build) go; the precache's outdated
  // entries are Workbox's to remove.
  const keep = new Set<string>([...Object.values(caches_), cacheNames.precache]);
  event.waitUntil(
    caches.keys().then(async (names) => {
      const old = names.filter((name) => name.startsWith("etalage-") && !keep.has(name));
      await Promise.all(old.map((name) => caches.delete(name)));
      log("activate", { removed: old });
    }),
  );
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages and their route data (React Router's `.data` requests): the network, or after 3 s the
// copy of the last visit. Never a private page (cart, account, checkout, payment).
registerRoute(
  ({ request, url }) =>
    request.method === "GET" &&
    sameOrigin(url) &&
    (request.mode === "navigate" || url.pathname.endsWith(".data")) &&
    !isPrivatePath(url),
  new NetworkFirst({
    cacheName: caches_.pages,
    networkTimeoutSeconds: 3,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Product and CMS images: the first copy is good (their URLs change with their content).
registerRoute(
  ({ request, url }) =>
    request.method === "GET" &&
    sameOrigin(url) &&
    (url.pathname.startsWith("/img/") || url.pathname.startsWith("/media/")),
  new CacheFirst({
    cacheName: caches_.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Catalogue and CMS reads: answer from the cache, refresh behind it.
registerRoute(
  ({ request, url }) => request.method === "GET" && sameOrigin(url) && isRuntimeCatalogueRead(url),
  new StaleWhileRevalidate({
    cacheName: caches_.api,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Offline and never visited: the offline page for a page, nothing for the rest.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    log("offline page", request.url);
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
  return Response.error();
});

/** A short, stable name for this build: FNV-1a of the precache list. */
function buildVersion(entries: ReadonlyArray<{ url: string; revision: string | null }>): string {
  let hash = 0x811c9dc5;
  for (const { url, revision } of entries) {
    for (const char of `${url}@${revision ?? ""};`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return (hash >>> 0).toString(36);
}
