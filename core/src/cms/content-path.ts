import { dispatcherPath, type StoreCodeOptions, stripStoreCode } from "../routing/dispatch.ts";
import { STORE } from "../store.ts";

/**
 * The CMS content path of a page (browsing §2 "CMS pages"): its route path without slashes at
 * either end; the home page's is `home`. In a multistore setup the store code is prepended
 * (`nl/over-ons`), and a store's root path (`/nl/`) is that store's `nl/home`. Off for this shop,
 * whose single store reads `over-ons` and `home`.
 */
export const HOME_CONTENT_PATH = "home";

const STORE_CODE_OPTIONS: StoreCodeOptions = {
  appendStoreCode: STORE.appendStoreCode,
  storeCode: STORE.storeCode,
};

export function cmsContentPath(routePath: string, options: StoreCodeOptions = STORE_CODE_OPTIONS): string {
  const path = dispatcherPath(routePath);
  if (!options.appendStoreCode) return path || HOME_CONTENT_PATH;
  const rest = stripStoreCode(path, options).path;
  return `${options.storeCode}/${rest || HOME_CONTENT_PATH}`;
}
