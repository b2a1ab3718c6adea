import {
  activeFilterCount,
  LISTING_SORTS,
  type ListingSort,
  type ListingState,
  listingSearch,
  SORT_PARAM,
  t,
  withListingSort,
} from "@etalage/core";
import { useId } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Icon } from "../../ui/icons.tsx";
import { FilterStateFields } from "./filter-state-fields.tsx";
import { SORT_LABELS } from "./sort-labels.ts";
import "./listing-toolbar.css";

interface ListingToolbarProps {
  state: ListingState;
  basePath: string;
  filtersId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenPanel: () => void;
  hasFilters: boolean;
}

/**
 * The Filter button (mobile: 'Filter & sort' opening the panel; desktop: showing or hiding the
 * sidebar), each with the active filter count, and the sort control.
 */
export function ListingToolbar({
  state,
  basePath,
  filtersId,
  sidebarOpen,
  onToggleSidebar,
  onOpenPanel,
  hasFilters,
}: ListingToolbarProps) {
  const count = activeFilterCount(state);
  const badge = count > 0 && <span className="listing-toolbar__badge">{count}</span>;
  return (
    <div className="listing-toolbar">
      {hasFilters && (
        <>
          <button
            type="button"
            className="listing-toolbar__filter listing-toolbar__filter--mobile"
            aria-haspopup="dialog"
            onClick={onOpenPanel}
          >
            <Icon name="filter" />
            {t("Filter & sort")}
            {badge}
          </button>
          <button
            type="button"
            className="listing-toolbar__filter listing-toolbar__filter--desktop"
            aria-expanded={sidebarOpen}
            aria-controls={filtersId}
            onClick={onToggleSidebar}
          >
            <Icon name="filter" />
            {sidebarOpen ? t("Hide filters") : t("Show filters")}
            {badge}
          </button>
        </>
      )}
      <SortForm state={state} basePath={basePath} />
    </div>
  );
}

/** A GET form: choosing works before hydration with its button, and at once after. */
function SortForm({ state, basePath }: { state: ListingState; basePath: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const id = useId();
  return (
    <form method="get" action={basePath} className="sort-form">
      <FilterStateFields state={state} omit="sort" />
      <label htmlFor={id} className="sort-form__label">
        {t("Sort by")}
      </label>
      <select
        key={state.sort}
        id={id}
        name={SORT_PARAM}
        className="sort-form__select"
        defaultValue={state.sort}
        onChange={(event) => {
          const sort = LISTING_SORTS.find((s) => s === event.target.value) as ListingSort;
          navigate(basePath + listingSearch(withListingSort(state, sort)), { preventScrollReset: true });
        }}
      >
        {LISTING_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="sort-form__apply">
          {t("Apply")}
        </button>
      )}
    </form>
  );
}
