import {
  DEFAULT_LISTING_SORT,
  formatRangeValue,
  type ListingState,
  PRICE_PARAM,
  SORT_PARAM,
} from "@etalage/core";

/**
 * The listing state as hidden fields, so a GET form (sort, price) that works without JavaScript
 * keeps the other choices. The page is left out: a new choice starts at page 1.
 */
export function FilterStateFields({ state, omit }: { state: ListingState; omit: "price" | "sort" }) {
  return (
    <>
      {Object.entries(state.filters).map(([code, values]) => (
        <input key={code} type="hidden" name={code} value={values.join(",")} />
      ))}
      {omit !== "price" && state.price && (
        <input type="hidden" name={PRICE_PARAM} value={formatRangeValue(state.price)} />
      )}
      {omit !== "sort" && state.sort !== DEFAULT_LISTING_SORT && (
        <input type="hidden" name={SORT_PARAM} value={state.sort} />
      )}
    </>
  );
}
