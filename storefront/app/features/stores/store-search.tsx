import { t } from "@etalage/core";
import { type InputHTMLAttributes, useState } from "react";

export type Locating = "idle" | "busy" | "refused";

/**
 * "Use my location" for the store locator page and modal: asks the browser for a position and
 * goes to the stores nearest to it (`go` receives the locator URL); a refusal is remembered so
 * the form can say so.
 */
export function useLocateMe(go: (url: string) => void) {
  const [locating, setLocating] = useState<Locating>("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) return setLocating("refused");
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating("idle");
        const { latitude, longitude } = position.coords;
        go(`/storelocator?lat=${latitude.toFixed(4)}&lng=${longitude.toFixed(4)}`);
      },
      () => setLocating("refused"),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };
  return { locating, locate, reset: () => setLocating("idle") };
}

/** What the list of stores shows: nearest to a place, near the shopper, or all. */
export function storesHeading(place: { label: string } | null | undefined, nearMe: boolean | undefined) {
  if (place?.label) return t("Stores nearest to {place}", { place: place.label });
  return nearMe ? t("Stores near you") : t("All stores");
}

/**
 * The fields of a store search, inside the caller's form (a GET form on the page, a fetcher in
 * the modal): postcode or city, "Find a store", "Use my location" when `onLocate` is given, and
 * the notes for a refused location and a place not found.
 */
export function StoreSearchFields({
  inputId,
  input,
  locating,
  onLocate,
  notFoundQuery,
}: {
  inputId: string;
  input: Pick<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange">;
  locating: Locating;
  onLocate?: (() => void) | undefined;
  notFoundQuery?: string | undefined;
}) {
  return (
    <>
      <label htmlFor={inputId}>{t("Postcode or city")}</label>
      <div className="store-search__row">
        <input id={inputId} name="q" autoComplete="postal-code" inputMode="search" {...input} />
        <button type="submit" className="button">
          {t("Find a store")}
        </button>
        {onLocate && (
          <button
            type="button"
            className="button button--outline"
            onClick={onLocate}
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
      {notFoundQuery !== undefined && (
        <p className="store-search__note" role="alert">
          {t("We could not find {q}. Try a postcode like 1012 AB or a city.", { q: notFoundQuery })}
        </p>
      )}
    </>
  );
}
