import { t } from "@etalage/core";
import { Link } from "react-router";
import type { StoreLocatorData } from "../../lib/server-context.ts";
import { setMyStore, useMyStore } from "./my-store.ts";
import { StoreMap } from "./store-map.tsx";
import { routeUrl, type StoreView, serviceLabel, stateText, WEEKDAYS } from "./store-view.ts";
import "./stores.css";

const dateFormat = new Intl.DateTimeFormat("nl-NL", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

interface Props {
  store: StoreView;
  map: StoreLocatorData["map"];
  stores: StoreLocatorData["stores"];
}

function hoursText(open: string | null, close: string | null) {
  return open && close ? t("{open} – {close}", { open, close }) : t("Closed");
}

export function StorePage({ store, map, stores }: Props) {
  const myStore = useMyStore();
  const mine = myStore === store.id;
  return (
    <div className="container store-page">
      <p>
        <Link to="/storelocator">{t("All stores")}</Link>
      </p>
      <h1>{store.name}</h1>
      <div className="store-locator__layout">
        <div>
          <p className={`store-state${store.state.open ? " store-state--open" : ""}`}>
            {stateText(store.state)}
          </p>
          <address className="store-page__address">
            {store.street}
            <br />
            {store.postcode} {store.city}
            <br />
            {t("Phone")}: <a href={`tel:${store.phone.replace(/\s+/g, "")}`}>{store.phone}</a>
            <br />
            <a href={`mailto:${store.email}`}>{store.email}</a>
          </address>
          <p className="store-page__actions">
            <button
              type="button"
              className={`button${mine ? " button--outline" : ""}`}
              aria-pressed={mine}
              onClick={() => setMyStore(store.id)}
            >
              {mine ? t("This is your store") : t("Make this my store")}
            </button>
            <a
              className="button button--outline"
              href={routeUrl(store)}
              rel="noopener noreferrer"
              target="_blank"
            >
              {t("Route planner")}
            </a>
          </p>
          {mine && (
            <p role="status" className="store-page__mine">
              {t("This is your store")}
            </p>
          )}
          <h2>{t("Opening hours")}</h2>
          <table className="store-hours">
            <tbody>
              {store.opening_hours.map((h) => (
                <tr key={h.day}>
                  <th scope="row">{t(WEEKDAYS[h.day - 1]!)}</th>
                  <td>{hoursText(h.open, h.close)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {store.special_hours.length > 0 && (
            <>
              <h2>{t("Special opening hours")}</h2>
              <table className="store-hours">
                <tbody>
                  {store.special_hours.map((d) => (
                    <tr key={d.date}>
                      <th scope="row">
                        {d.label} ({dateFormat.format(new Date(`${d.date}T00:00:00Z`))})
                      </th>
                      <td>{hoursText(d.open, d.close)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <h2>{t("Services")}</h2>
          <ul className="store-services">
            {store.services.map((s) => (
              <li key={s}>{serviceLabel(s)}</li>
            ))}
          </ul>
        </div>
        <StoreMap map={map} stores={stores} current={store.id} />
      </div>
    </div>
  );
}
