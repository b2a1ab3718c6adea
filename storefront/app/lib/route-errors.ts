import { useContext, useEffect } from "react";
import {
  type MiddlewareFunction,
  redirect,
  type UIMatch,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterDataContext,
  useLocation,
  useMatches,
  useNavigate,
} from "react-router";
import {
  deferredModule,
  FIRST_INTERACTION,
  isShopperInteraction,
  warmDeferredModules,
} from "./deferred-module.ts";
import { notify } from "./notification-store.ts";
import { asResults, CARRIED_NOTICE_KEY, type Results } from "./route-results.ts";

/**
 * Route-load failures in the browser (browsing §8; docs/decisions/0004-route-errors.md). One
 * client middleware on the root route sees every navigation's loader results:
 * - a failure naming an empty result, or a request that got no answer (offline) for a page not
 *   in the local cache → 'The product, category or CMS page is not available in Offline mode.
 *   Redirecting to Home.' with OK, and home;
 * - any other failure (a 404 is a page, not a failure) → its message with OK, and the navigation
 *   goes on to the error boundary.
 * The local cache keeps the route data of the last pages shown, so going home offline, or back to
 * a page seen before, still renders. It is only read when the network is gone. What a failure
 * tells the shopper is route-failures.ts's, loaded before any failure can need it.
 */

const CACHE_LIMIT = 20;
/** Full path → loader data per route id, of pages rendered without an error. */
const routeDataCache = new Map<string, Record<string, unknown>>();

/** Errors this middleware has dealt with, so the fallback below does not report them twice. */
const handled = new WeakSet<object>();

const keyOf = (url: URL | { pathname: string; search: string }) => url.pathname + url.search;

const failures = deferredModule(() => import("./route-failures.ts"), { warm: true });

export const routeErrorMiddleware: MiddlewareFunction<Results> = async ({ request }, next) => {
  if (request.method !== "GET") return next();
  const url = new URL(request.url);
  const cached = routeDataCache.get(keyOf(url));
  // Offline a request cannot succeed: answer from the local cache when it has the page.
  if (cached && !navigator.onLine) return asResults(cached);

  const results = await next();
  let failed = false;
  for (const { type, result } of Object.values(results)) {
    if (type !== "error" || (result instanceof DOMException && result.name === "AbortError")) continue;
    failed = true;
    if (typeof result === "object" && result !== null) handled.add(result);
  }
  if (!failed) return results;
  const loaded = await failures.load().catch(() => null);
  if (loaded) return loaded.settle(results, url.pathname, cached, offlineFallback(url));
  // Its code could not load either: offline since before any interaction. The page seen before,
  // or home, without the message.
  if (cached) return asResults(cached);
  if (url.pathname !== "/") throw redirect("/");
  return results;
};

/**
 * Where a navigation that cannot load offline goes instead (issue 23, item 9): home when its data
 * is kept here, else the page on screen when its is (it stays usable), else nowhere known.
 */
function offlineFallback(target: URL): string | null {
  if (routeDataCache.has("/")) return "/";
  const here = keyOf(window.location);
  return here !== keyOf(target) && routeDataCache.has(here) ? here : null;
}

/**
 * Remembers the route data of every page shown without an error. A route that has a loader but
 * no data is showing its error boundary; such a page is not cached (neither is /error, loaderless).
 */
function rememberPage(key: string, matches: UIMatch[]): void {
  const data: Record<string, unknown> = {};
  for (const match of matches) {
    if (match.id === "root") continue;
    if (match.loaderData === undefined) return;
    data[match.id] = match.loaderData;
  }
  routeDataCache.delete(key);
  routeDataCache.set(key, data);
  if (routeDataCache.size > CACHE_LIMIT) {
    const oldest = routeDataCache.keys().next().value;
    if (oldest !== undefined) routeDataCache.delete(oldest);
  }
}

/**
 * The failures that never reach the middleware: React Router looks up an undiscovered path's
 * route (`/__manifest`) before any loader runs, and offline that fails straight into the error
 * boundary. Same outcome, after the fact: the message, and home in place of the error page.
 */
function useUnreachedRoutes(): void {
  const errors = useContext(UNSAFE_DataRouterDataContext)?.errors;
  const navigate = useNavigate();
  useEffect(() => {
    for (const error of Object.values(errors ?? {})) {
      if (!(error instanceof TypeError) || handled.has(error)) continue;
      handled.add(error);
      // Also from home itself: the lookup's error replaced the page seen, and a navigation home
      // (answered from the local cache, or home as a document) brings it back (issue 23, item 9).
      const goHome = () => navigate("/", { replace: true });
      failures.load().then((loaded) => loaded.reportUnreached(error, goHome), goHome);
      return;
    }
  }, [errors, navigate]);
}

/**
 * The key React Router gives the location the document was loaded at (kept in history.state over
 * a reload; "default" for a first visit), read before the router can navigate anywhere.
 */
const DOCUMENT_LOCATION_KEY =
  typeof window === "undefined"
    ? "default"
    : ((window.history.state as { key?: string } | null)?.key ?? "default");

/**
 * Shows the notice a document navigation carried over (route-failures.ts `homeAsDocument`). Read
 * without the failures' chunk: offline it may not come, and the notice is already in Dutch.
 */
function useCarriedNotice(): void {
  useEffect(() => {
    let carried: string | null = null;
    try {
      carried = sessionStorage.getItem(CARRIED_NOTICE_KEY);
      sessionStorage.removeItem(CARRIED_NOTICE_KEY);
    } catch {
      return;
    }
    if (!carried) return;
    const notice = JSON.parse(carried) as { message?: unknown; action1?: { label?: unknown } };
    if (typeof notice.message !== "string" || typeof notice.action1?.label !== "string") return;
    notify({ type: "danger", message: notice.message, action1: { label: notice.action1.label } });
  }, []);
}

/** The browser half of route errors: mounted once, in the root route. */
export function useRouteErrors(): void {
  useCarriedNotice();
  const location = useLocation();
  const matches = useMatches();
  // Fills the local cache from what is on screen.
  useEffect(() => {
    rememberPage(keyOf(location), matches);
  }, [location, matches]);
  useUnreachedRoutes();
  useWarmRouteModules(location.pathname);
  // A navigation, a revalidation: what a page may need without the network comes now, if no
  // interaction brought it yet, and before the router's update renders (server HTML waiting for
  // its code, shell/on-demand.tsx, must have it then).
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // Only a navigation or a revalidation: a fetcher's answer (the checkout asks for shipping
  // methods and totals as it loads) changes no server HTML, and warming then loaded the menu's and
  // footer's code on /checkout, which shows neither (23 kB gzip).
  useEffect(() => {
    if (!router) return;
    // The new location is the sign of a navigation: one answered from what the router holds never
    // passes "loading", and one made before this effect ran (a script, a very quick hand) is only
    // seen against the document's own location.
    let shown = DOCUMENT_LOCATION_KEY;
    const moved = (key: string) => {
      const changed = key !== shown;
      shown = key;
      return changed;
    };
    if (moved(router.state.location.key)) warmDeferredModules();
    return router.subscribe((state) => {
      if (moved(state.location.key) || state.navigation.state !== "idle" || state.revalidation !== "idle")
        warmDeferredModules();
    });
  }, [router]);
}

interface ManifestRoute {
  module: string;
  path?: string;
}
interface FrameworkGlobals {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
}

/** After a page's links have been discovered (React Router fetches their routes after render). */
const WARM_DELAY_MS = 1000;
let interacted = false;

/**
 * Loads the code of the routes the page links to once the shopper has interacted, so a click
 * after the connection drops reaches the handling above instead of React Router's reload on a
 * failed module import (a browser error page when offline). Not before interaction: the first
 * paint and the page-speed budget stay untouched. Again after each navigation, for new links.
 */
function useWarmRouteModules(pathname: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page has new links to warm
  useEffect(() => {
    let timer: number | undefined;
    const schedule = (event?: Event) => {
      if (event && !isShopperInteraction(event)) return;
      interacted = true;
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, schedule);
      timer = window.setTimeout(loadRouteModules, WARM_DELAY_MS);
    };
    if (interacted) schedule();
    else for (const event of FIRST_INTERACTION) window.addEventListener(event, schedule, { passive: true });
    return () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, schedule);
      window.clearTimeout(timer);
    };
  }, [pathname]);
}

const warmed = new Set<string>();

function loadRouteModules(): void {
  const globals = window as unknown as FrameworkGlobals;
  const routes = globals.__reactRouterManifest?.routes ?? {};
  const loaded = globals.__reactRouterRouteModules ?? {};
  for (const [id, route] of Object.entries(routes)) {
    if (!route || id in loaded || warmed.has(route.module)) continue;
    // The back office is staff's, not a page a shopper's link leads to (its chunks are not precached).
    if (route.path?.startsWith("beheer")) continue;
    warmed.add(route.module);
    import(/* @vite-ignore */ route.module).catch(() => warmed.delete(route.module));
  }
}
