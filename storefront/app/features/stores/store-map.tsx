import { t } from "@etalage/core";
import { useId } from "react";
import type { StoreLocatorData } from "../../lib/server-context.ts";

/**
 * The Netherlands drawn by the server (Natural Earth borders) with a pin per store; each pin is a
 * link to the store's page, named for screen readers and reachable by keyboard.
 */
export function StoreMap({
  map,
  stores,
  current,
  onNavigate,
}: {
  map: StoreLocatorData["map"];
  stores: StoreLocatorData["stores"];
  current?: string;
  onNavigate?: () => void;
}) {
  // Ids of its own: the page and a store modal above it may both show a map.
  const id = useId();
  return (
    <figure className="store-map" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {t("Map of our stores")}
      </figcaption>
      <svg viewBox={`0 0 ${map.width} ${map.height}`} aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{t("Map of our stores")}</title>
        <path d={map.neighbours} className="store-map__neighbours" />
        <path d={map.land} className="store-map__land" />
        {stores.map(
          (store) =>
            store.pin && (
              <a
                key={store.id}
                href={`/storelocator/${store.id}`}
                onClick={onNavigate}
                className={`store-map__pin${store.id === current ? " store-map__pin--current" : ""}`}
                aria-label={t("{name}, {city}", { name: store.name, city: store.city })}
              >
                <title>{store.name}</title>
                <circle cx={store.pin[0]} cy={store.pin[1]} r={store.id === current ? 9 : 7} />
              </a>
            ),
        )}
      </svg>
    </figure>
  );
}
