import {
  formatPrice,
  type ListingState,
  listingSearch,
  type PriceSliderRange,
  priceRangeLabel,
  t,
  toggleListingPrice,
  withListingPrice,
} from "@etalage/core";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ShopLink } from "../../lib/shop-link.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { PriceFilterView } from "./category-page-data.ts";
import { FilterStateFields } from "./filter-state-fields.tsx";

interface PriceFilterProps {
  price: PriceFilterView;
  state: ListingState;
  basePath: string;
}

/** The price slider writing `price=lower-upper`, and the price ranges as quick links. */
export function PriceFilter({ price, state, basePath }: PriceFilterProps) {
  const chosen = state.price ? `${state.price.min ?? "*"}-${state.price.max ?? "*"}` : null;
  return (
    <div className="price-filter">
      <PriceSlider slider={price.slider} state={state} basePath={basePath} />
      {price.buckets.length > 0 && (
        <ul className="price-filter__buckets">
          {price.buckets.map((bucket) => {
            const selected = chosen === bucket.id;
            const next = toggleListingPrice(state, { min: bucket.from, max: bucket.to });
            return (
              <li key={bucket.id}>
                <ShopLink
                  to={basePath + listingSearch(next)}
                  rel="nofollow"
                  preventScrollReset
                  className="facet-option"
                  role="checkbox"
                  aria-checked={selected}
                  onKeyDown={clickOnSpace}
                >
                  <span className="facet-option__box" aria-hidden="true" />
                  <span className="facet-option__label">{priceRangeLabel(bucket)}</span>
                  <span className="facet-option__count">{bucket.count}</span>
                </ShopLink>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

const COMMIT_DELAY_MS = 300;

interface PriceSliderProps {
  slider: PriceSliderRange;
  state: ListingState;
  basePath: string;
}

/**
 * Two handles on one track (browsing §9: step 1, handles at least `minGap` apart). A release
 * commits the range; without JavaScript the inputs post as price_from/price_to, which the
 * loader turns into `price=lower-upper`. Each handle runs on its own lane, the lower one a handle's
 * width left of the upper one, so at equal values they touch but never cover each other: both stay
 * reachable by mouse and touch (issue 14: they merged into one).
 */
function PriceSlider({ slider, state, basePath }: PriceSliderProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const id = useId();
  const clamp = (n: number) => Math.min(slider.max, Math.max(slider.min, n));
  const lowerFromState = clamp(state.price?.min ?? slider.min);
  const upperFromState = clamp(state.price?.max ?? slider.max);
  // The shopper's handles until the page they asked for has loaded; then the URL's range again
  // (so another filter or the back button moves the handles, and a drag is never undone midway).
  const [draft, setDraft] = useState<{ lower: number; upper: number } | null>(null);
  const range = draft ?? { lower: lowerFromState, upper: upperFromState };

  const lowerRef = useRef<HTMLInputElement>(null);
  const upperRef = useRef<HTMLInputElement>(null);
  const commit = useRef(async () => {});
  commit.current = async () => {
    if (!draft) return;
    const whole = draft.lower <= slider.min && draft.upper >= slider.max;
    const bounds = whole ? null : { min: draft.lower, max: draft.upper };
    await navigate(basePath + listingSearch(withListingPrice(state, bounds)), { preventScrollReset: true });
    setDraft((current) => (current === draft ? null : current));
  };
  // React's onChange fires on every step; the native change event fires on release, and on each
  // arrow key, so a short pause lets a keyboard user step several times before the page loads.
  useEffect(() => {
    const inputs = [lowerRef.current, upperRef.current];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void commit.current(), COMMIT_DELAY_MS);
    };
    for (const input of inputs) input?.addEventListener("change", onChange);
    return () => {
      clearTimeout(timer);
      for (const input of inputs) input?.removeEventListener("change", onChange);
    };
  }, []);

  const span = slider.max - slider.min || 1;
  const start = (range.lower - slider.min) / span;
  const end = (range.upper - slider.min) / span;
  const lowerId = `${id}-lower`;
  const upperId = `${id}-upper`;

  return (
    <form
      method="get"
      action={basePath}
      className="price-slider"
      onSubmit={(event) => {
        event.preventDefault();
        void commit.current();
      }}
    >
      <FilterStateFields state={state} omit="price" />
      <div className="price-slider__track" style={{ "--start": start, "--end": end } as React.CSSProperties}>
        <input
          ref={lowerRef}
          id={lowerId}
          type="range"
          name="price_from"
          className="price-slider__input price-slider__input--lower"
          min={slider.min}
          max={slider.max}
          step={slider.step}
          value={range.lower}
          aria-labelledby={`${lowerId}-label`}
          aria-valuetext={formatPrice(range.lower)}
          onChange={(event) => {
            const lower = Math.min(Number(event.target.value), range.upper - slider.minGap);
            setDraft({ ...range, lower: Math.max(slider.min, lower) });
          }}
        />
        <input
          ref={upperRef}
          id={upperId}
          type="range"
          name="price_to"
          className="price-slider__input price-slider__input--upper"
          min={slider.min}
          max={slider.max}
          step={slider.step}
          value={range.upper}
          aria-labelledby={`${upperId}-label`}
          aria-valuetext={formatPrice(range.upper)}
          onChange={(event) => {
            const upper = Math.max(Number(event.target.value), range.lower + slider.minGap);
            setDraft({ ...range, upper: Math.min(slider.max, upper) });
          }}
        />
      </div>
      <div className="price-slider__values">
        <label htmlFor={lowerId} className="price-slider__value">
          <span id={`${lowerId}-label`} className="price-slider__label">
            {t("Minimum price")}
          </span>
          <output htmlFor={lowerId}>{formatPrice(range.lower)}</output>
        </label>
        <label htmlFor={upperId} className="price-slider__value price-slider__value--upper">
          <span id={`${upperId}-label`} className="price-slider__label">
            {t("Maximum price")}
          </span>
          <output htmlFor={upperId}>{formatPrice(range.upper)}</output>
        </label>
      </div>
      {!hydrated && (
        <button type="submit" className="button button--outline price-slider__apply">
          {t("Apply")}
        </button>
      )}
    </form>
  );
}

/** Links acting as checkboxes answer the space bar as a checkbox would. */
export function clickOnSpace(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}
