/**
 * The browser's Elevate: the official client (@apptus/esales-api), loaded on first use in its own
 * chunk, pointed at this shop's origin (the built-in service) or the configured cluster. Queries
 * drop empty parameters (browsing §5) and a failure is a silent null (browsing §8); notifications
 * never throw.
 */
import { touchpointFor } from "@etalage/core";
import { elevateCluster } from "./elevate-config.ts";
import { elevateKeys } from "./elevate-session.ts";

type EsalesModule = typeof import("@apptus/esales-api");
type Api = ReturnType<EsalesModule["elevate"]>;

let loading: Promise<Api> | undefined;

/** One client per page load; the touchpoint is read when it is made (browsing §7: mobile up to 1024 px). */
function client(): Promise<Api> {
  loading ??= import("@apptus/esales-api").then(({ elevate }) =>
    elevate({
      clusterId: elevateCluster() ?? window.location.origin,
      market: "NL",
      locale: "nl-NL",
      touchpoint: touchpointFor(window.innerWidth),
      session: () => elevateKeys(),
    }),
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** A query; null when it failed or answered other than 200. */
export async function elevateQuery<T>(run: (api: Api) => Promise<T>): Promise<T | null> {
  try {
    return await run(await client());
  } catch (error) {
    console.warn("Recommendations unavailable:", error);
    return null;
  }
}

/** Sends a notification; settles when the service has it (or it failed, which only warns). */
function silently(run: (api: Api) => Promise<unknown>): Promise<void> {
  return client()
    .then(run)
    .then(
      () => undefined,
      (error) => console.warn("Recommendation notification failed:", error),
    );
}

export const notifyClick = (ticket: string) => silently((api) => api.notify.click(ticket));
export const notifyAddToCart = (ticket: string) => silently((api) => api.notify.addToCart(ticket));
export const notifyFavorite = (productKey: string, add: boolean) =>
  silently((api) => (add ? api.notify.addFavorite(productKey) : api.notify.removeFavorite(productKey)));
export const forgetRecentSearches = () => silently((api) => api.notify.removeRecentSearches("removeAll"));
