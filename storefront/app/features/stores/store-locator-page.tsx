import { t } from "@etalage/core";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import type { StoreLocatorData } from "../../lib/server-context.ts";
import { useHydrated } from "../catalog/use-hydrated.ts";
import { StoreList } from "./store-list.tsx";
import { StoreMap } from "./store-map.tsx";
import type { StoreView } from "./store-view.ts";
import "./stores.css";

interface Props {
  q: string;
  place: { label: string } | null;
  notFound: boolean;
  nearMe: boolean;
  map: StoreLocatorData["map"];
  stores: StoreView[];
}

export function StoreLocatorPage({ q, place, notFound, nearMe, map, stores }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [locating, setLocating] = useState<"idle" | "busy" | "refused">("idle");

  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("refused");
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating("idle");
        const { latitude, longitude } = position.coords;
        void navigate(`/storelocator?lat=${latitude.toFixed(4)}&lng=${longitude.toFixed(4)}`);
      },
      () => setLocating("refused"),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const heading = place?.label
    ? t("Stores nearest to {place}", { place: place.label })
    : nearMe
      ? t("Stores near you")
      : t("All stores");

  return (
    <div className="container store-locator">
      <h1>{t("Our stores")}</h1>
      <Form method="get" action="/storelocator" className="store-search" role="search">
        <label htmlFor="store-q">{t("Postcode or city")}</label>
        <div className="store-search__row">
          <input id="store-q" name="q" defaultValue={q} autoComplete="postal-code" inputMode="search" />
          <button type="submit" className="button">
            {t("Find a store")}
          </button>
          {hydrated && (
            <button
              type="button"
              className="button button--outline"
              onClick={locate}
              disabled={locating === "busy"}
            >
              {locating === "busy" ? t("Finding your location…") : t("Use my location")}
            </button>
          )}
        </div>
        {locating === "refused" && (
          <p className="store-search__note" role="alert">
            {t("Your location is not available. Search by postcode or city instead.")}
          </p>
        )}
        {notFound && (
          <p className="store-search__note" role="alert">
            {t("We could not find {q}. Try a postcode like 1012 AB or a city.", { q })}
          </p>
        )}
      </Form>
      <div className="store-locator__layout">
        <section aria-labelledby="store-list-title">
          <h2 id="store-list-title">{heading}</h2>
          <StoreList stores={stores} />
        </section>
        <StoreMap
          map={map}
          stores={stores}
          current={stores[0] && (place || nearMe) ? stores[0].id : undefined}
        />
      </div>
    </div>
  );
}
