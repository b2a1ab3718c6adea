import { t } from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { loader } from "../../routes/storelocator.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { StoreList } from "./store-list.tsx";
import { StoreMap } from "./store-map.tsx";
import "./stores.css";

/**
 * The store-list and store-locator modals (browsing §2): the stores with the map, as on
 * /storelocator, whose loader answers them (`useFetcher`), so the modals add no call of their own.
 * The locator adds the search by postcode or city and "use my location".
 */
export function StoresModal({
  title,
  search,
  initialQuery = "",
  close,
}: {
  title: string;
  search: boolean;
  initialQuery?: string;
  close: () => void;
}) {
  const fetcher = useFetcher<typeof loader>();
  const [q, setQ] = useState(initialQuery);
  const [locating, setLocating] = useState<"idle" | "busy" | "refused">("idle");
  const { load } = fetcher;

  useEffect(() => {
    void load(initialQuery ? `/storelocator?q=${encodeURIComponent(initialQuery)}` : "/storelocator");
  }, [load, initialQuery]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLocating("idle");
    void load(q.trim() ? `/storelocator?q=${encodeURIComponent(q.trim())}` : "/storelocator");
  };

  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("refused");
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating("idle");
        const { latitude, longitude } = position.coords;
        void load(`/storelocator?lat=${latitude.toFixed(4)}&lng=${longitude.toFixed(4)}`);
      },
      () => setLocating("refused"),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const data = fetcher.data;
  const heading = data?.place?.label
    ? t("Stores nearest to {place}", { place: data.place.label })
    : data?.nearMe
      ? t("Stores near you")
      : t("All stores");
  const sorted = Boolean(data?.place || data?.nearMe);

  return (
    <Dialog title={title} onClose={close} size="large">
      <div className="stores-modal">
        {search && (
          <form className="store-search" onSubmit={onSearch}>
            <label htmlFor="stores-modal-q">{t("Postcode or city")}</label>
            <div className="store-search__row">
              <input
                id="stores-modal-q"
                name="q"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                autoComplete="postal-code"
                inputMode="search"
              />
              <button type="submit" className="button">
                {t("Find a store")}
              </button>
              <button
                type="button"
                className="button button--outline"
                onClick={locate}
                disabled={locating === "busy"}
              >
                {locating === "busy" ? t("Finding your location…") : t("Use my location")}
              </button>
            </div>
            {locating === "refused" && (
              <p className="store-search__note" role="alert">
                {t("Your location is not available. Search by postcode or city instead.")}
              </p>
            )}
            {data?.notFound && (
              <p className="store-search__note" role="alert">
                {t("We could not find {q}. Try a postcode like 1012 AB or a city.", { q: data.q })}
              </p>
            )}
          </form>
        )}
        {!data ? (
          <p role="status">{t("Loading...")}</p>
        ) : (
          <div className="stores-modal__layout">
            <section aria-labelledby="stores-modal-list">
              <h3 id="stores-modal-list" className="stores-modal__heading" aria-live="polite">
                {heading}
              </h3>
              <StoreList stores={data.stores} headingLevel={4} onNavigate={close} />
            </section>
            <StoreMap
              map={data.map}
              stores={data.stores}
              current={sorted ? data.stores[0]?.id : undefined}
              onNavigate={close}
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}
