import { t } from "@etalage/core";
import { Link } from "react-router";
import { useMyStore } from "./my-store.ts";
import { distanceText, type StoreView, stateText } from "./store-view.ts";

/**
 * The stores as cards (name linking to the store's page, address and distance, today's state,
 * phone), on /storelocator and in the store-list and store-locator modals. `onNavigate` lets a
 * modal close as the shopper follows a link out of it.
 */
export function StoreList({
  stores,
  headingLevel = 3,
  onNavigate,
}: {
  stores: StoreView[];
  headingLevel?: 3 | 4;
  onNavigate?: () => void;
}) {
  const myStore = useMyStore();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <ol className="store-list">
      {stores.map((store) => (
        <li key={store.id} className="store-card">
          <Heading className="store-card__name">
            <Link to={`/storelocator/${store.id}`} onClick={onNavigate}>
              {store.name}
            </Link>
            {myStore === store.id && <span className="store-card__mine">{t("My store")}</span>}
          </Heading>
          <p className="store-card__address">
            {store.street}, {store.postcode} {store.city}
            {store.distance_m !== null && (
              <span className="store-card__distance"> · {distanceText(store.distance_m)}</span>
            )}
          </p>
          <p className={`store-state${store.state.open ? " store-state--open" : ""}`}>
            {stateText(store.state)}
          </p>
          <p className="store-card__phone">
            <a href={`tel:${store.phone.replace(/\s+/g, "")}`}>{store.phone}</a>
          </p>
        </li>
      ))}
    </ol>
  );
}
