import { dutchPostcodeArea, t } from "@etalage/core";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { ModalProps, ServicePointChoice } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { distanceText } from "./store-view.ts";
import "./stores.css";

type Answer =
  | { state: "loading" }
  | { state: "points"; points: ServicePointChoice[] }
  | { state: "none" | "failed" };

/**
 * The service-points modal (browsing §2), for checkout's pick-up choice: the points nearest a
 * postcode, nearest first, one to choose. The shopper may search another postcode in it.
 */
export default function ServicePointsModal({ payload, close }: ModalProps<"service-points">) {
  const [postcode, setPostcode] = useState(payload.postcode);
  const [query, setQuery] = useState(payload.postcode);
  const [answer, setAnswer] = useState<Answer>({ state: "loading" });
  const [chosen, setChosen] = useState(payload.selected ?? "");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (dutchPostcodeArea(query) === null) return setAnswer({ state: "none" });
    const controller = new AbortController();
    setAnswer({ state: "loading" });
    fetch(`/api/ext/service-points?postcode=${encodeURIComponent(query)}`, { signal: controller.signal })
      .then(async (res) => {
        if (res.status === 404) return setAnswer({ state: "none" });
        if (!res.ok) return setAnswer({ state: "failed" });
        const body = (await res.json()) as { result: ServicePointChoice[] };
        setAnswer({ state: "points", points: body.result });
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setAnswer({ state: "failed" });
        return e;
      });
    return () => controller.abort();
  }, [query]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dutchPostcodeArea(postcode) === null) {
      setError(t("Zip code must have at least 3 letters and be a valid zip code of the country."));
      return;
    }
    setError(null);
    setQuery(postcode.trim());
  };

  const onChoose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const point = answer.state === "points" && answer.points.find((p) => p.code === chosen);
    if (!point) return setError(t("Choose a pick-up point"));
    payload.onSelect(point);
    close();
  };

  return (
    <Dialog title={t("Choose a pick-up point")} onClose={close} size="large">
      <form className="store-search" onSubmit={onSearch}>
        <label htmlFor={`${id}-postcode`}>{t("Postcode")}</label>
        <div className="store-search__row">
          <input
            id={`${id}-postcode`}
            value={postcode}
            onChange={(event) => setPostcode(event.target.value)}
            autoComplete="postal-code"
            aria-invalid={error && answer.state !== "points" ? true : undefined}
          />
          <button type="submit" className="button button--outline">
            {t("Find pick-up points")}
          </button>
        </div>
      </form>
      {answer.state === "loading" && <p role="status">{t("Loading...")}</p>}
      {answer.state === "none" && <p role="status">{t("No service points found")}</p>}
      {answer.state === "failed" && <p role="alert">{t("Pick-up points could not be loaded.")}</p>}
      {answer.state === "points" && (
        <form onSubmit={onChoose} className="service-points">
          <fieldset>
            <legend className="visually-hidden">{t("Pick-up point")}</legend>
            <ul className="service-points__list">
              {answer.points.map((point) => (
                <li key={point.code}>
                  <input
                    type="radio"
                    id={`${id}-${point.code}`}
                    name="servicePoint"
                    value={point.code}
                    checked={chosen === point.code}
                    onChange={() => setChosen(point.code)}
                  />
                  <label htmlFor={`${id}-${point.code}`}>
                    <strong>{point.name}</strong>
                    <span>
                      {point.street} {point.house_number}, {point.postcode} {point.city} ·{" "}
                      {distanceText(point.distance_m)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error && (
            <p role="alert" className="store-search__note">
              {error}
            </p>
          )}
          <button type="submit" className="button">
            {t("Choose this pick-up point")}
          </button>
        </form>
      )}
    </Dialog>
  );
}
