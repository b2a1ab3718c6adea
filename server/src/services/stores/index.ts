// Issue 18: the store locator.
export { locatePlace } from "./locator.ts";
export { storeMap } from "./map.ts";
export { findServicePoint, servicePointsNear } from "./service-points.ts";
export { STORES } from "./stores-data.ts";

import { STORES } from "./stores-data.ts";

export function findStore(id: string) {
  return STORES.find((s) => s.id === id);
}
