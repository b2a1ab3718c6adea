import {
  type DictionaryKey,
  distanceMetres,
  formatNumber,
  type OpeningState,
  openingState,
  t,
  upcomingSpecialDays,
} from "@etalage/core";
import type { StoreLocatorData, StoreRecord } from "../../lib/server-context.ts";

/** A store as the locator shows it: its state now, and how far it is from the searched place. */
export type StoreView = StoreLocatorData["stores"][number] & {
  state: OpeningState;
  distance_m: number | null;
};

/** /storelocator's answer: the page renders it, the store modals fetch it (stores-modal.tsx). */
export interface StoreLocatorView {
  q: string;
  place: { label: string } | null;
  notFound: boolean;
  nearMe: boolean;
  map: StoreLocatorData["map"];
  stores: StoreView[];
}

export { WEEKDAYS } from "@etalage/core";

const SERVICE_LABELS: Record<string, DictionaryKey> = {
  pickup: "Pick up your order",
  returns: "Returns and exchanges",
  alterations: "Alterations",
  shoe_care: "Shoe care",
  personal_shopping: "Personal shopping",
  gift_wrapping: "Gift wrapping",
};

export function serviceLabel(code: string): string {
  const key = SERVICE_LABELS[code];
  return key ? t(key) : code;
}

/** 'Nu open tot 18:00' or 'Gesloten' (issue 18). */
export function stateText(state: OpeningState): string {
  if (state.open) return t("Open now until {time}", { time: state.until });
  return state.opensAt ? t("Closed, opens at {time}", { time: state.opensAt }) : t("Closed");
}

export function distanceText(metres: number): string {
  return t("{km} km away", { km: formatNumber(Math.round(metres / 100) / 10) });
}

export function viewStores(
  data: StoreLocatorData,
  now: number,
  origin: { lat: number; lng: number } | null,
): StoreView[] {
  const views = data.stores.map((store) => ({
    ...store,
    special_hours: upcomingSpecialDays(store.special_hours, now),
    state: openingState(store, now),
    distance_m: origin ? distanceMetres(origin, store) : null,
  }));
  return origin
    ? views.sort((a, b) => a.distance_m! - b.distance_m!)
    : views.sort((a, b) => a.city.localeCompare(b.city, "nl"));
}

export function routeUrl(store: Pick<StoreRecord, "street" | "postcode" | "city">): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${store.street}, ${store.postcode} ${store.city}`)}`;
}
