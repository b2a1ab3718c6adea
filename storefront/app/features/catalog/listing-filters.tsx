import {
  isOptionSelected,
  LISTING_SORTS,
  type ListingState,
  listingSearch,
  t,
  toggleListingFilter,
  withListingSort,
} from "@etalage/core";
import { type ReactNode, useId, useState } from "react";
import { ShopLink } from "../../lib/shop-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import type { CategoryPageData, FacetView } from "./category-page-data.ts";
import { type SectionSetting, useFilterSections } from "./filter-sections.ts";
import { clickOnSpace, PriceFilter } from "./price-filter.tsx";
import { SORT_LABELS } from "./sort-labels.ts";
import "./listing-filters.css";

/** Facet values shown before "show more" (browsing §9 "Facet shows 5 values initially"). */
const FACET_VISIBLE = 5;
/**
 * Facets the desktop sidebar opens at first; the rest show their headings, closed unless a value
 * of theirs is chosen, so the sidebar stays about as long as the grid beside it (issue 14).
 */
const SIDEBAR_OPEN_FACETS = 3;
/** Browsing §9: a colour without a mapped swatch shows light grey. */
const UNMAPPED_SWATCH = "lightgrey";

interface ListingFiltersProps {
  data: CategoryPageData;
  /** `sidebar` on desktop; `panel` in the mobile dialog, with the sort choices on top. */
  variant: "sidebar" | "panel";
  /** Several sections may be open at once; otherwise opening one closes the others. */
  multiple: boolean;
}

export function ListingFilters({ data, variant, multiple }: ListingFiltersProps) {
  const { state, basePath, facets, price } = data;
  const sections: SectionSetting[] = [
    ...(variant === "panel" ? [{ id: "sort", collapsed: false }] : []),
    ...(price ? [{ id: "price", collapsed: false }] : []),
    ...facets.map((facet, index) => ({
      id: facet.code,
      collapsed:
        facet.collapsed ||
        (variant === "sidebar" && index >= SIDEBAR_OPEN_FACETS && !state.filters[facet.code]?.length),
    })),
  ];
  const { isOpen, sync } = useFilterSections(sections, multiple);
  const group = useId();
  const section = (id: string, title: string, chosen: number, body: ReactNode) => (
    <FilterSection
      key={id}
      title={title}
      chosen={chosen}
      open={isOpen(id)}
      onToggle={(open) => sync(id, open)}
      name={multiple ? undefined : group}
    >
      {body}
    </FilterSection>
  );

  return (
    <div className={`listing-filters listing-filters--${variant}`}>
      {variant === "panel" &&
        section("sort", t("Sort by"), 0, <SortLinks state={state} basePath={basePath} />)}
      {price &&
        section(
          "price",
          t("Price"),
          state.price ? 1 : 0,
          <PriceFilter price={price} state={state} basePath={basePath} />,
        )}
      {facets.map((facet) =>
        section(
          facet.code,
          facet.title,
          state.filters[facet.code]?.length ?? 0,
          <FacetOptions facet={facet} state={state} basePath={basePath} />,
        ),
      )}
    </div>
  );
}

interface FilterSectionProps {
  title: string;
  chosen: number;
  open: boolean;
  onToggle: (open: boolean) => void;
  name: string | undefined;
  children: ReactNode;
}

/**
 * A collapsible section (browsing §4): a native disclosure, so it opens and closes before the
 * page hydrates; a shared `name` makes the browser keep one open when `multiple` is off.
 */
function FilterSection({ title, chosen, open, onToggle, name, children }: FilterSectionProps) {
  return (
    <details
      className="filter-section"
      open={open}
      name={name}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary className="filter-section__summary">
        <span className="filter-section__title">{title}</span>
        {chosen > 0 && <span className="filter-section__badge">{chosen}</span>}
        <Icon name="chevron-down" className="filter-section__chevron" />
      </summary>
      <div className="filter-section__body">{children}</div>
    </details>
  );
}

interface FacetOptionsProps {
  facet: FacetView;
  state: ListingState;
  basePath: string;
}

/** A term facet's values as links toggling them (crawlable, working without JavaScript). */
function FacetOptions({ facet, state, basePath }: FacetOptionsProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const visible = expanded
    ? facet.options
    : facet.options.filter((o, i) => i < FACET_VISIBLE || isOptionSelected(state, facet.code, o.id));
  return (
    <>
      <ul id={listId} className={facet.swatches ? "facet facet--swatches" : "facet"}>
        {visible.map((option) => {
          const selected = isOptionSelected(state, facet.code, option.id);
          return (
            <li key={option.id}>
              <ShopLink
                to={basePath + listingSearch(toggleListingFilter(state, facet.code, option.id))}
                rel="nofollow"
                preventScrollReset
                className="facet-option"
                role="checkbox"
                aria-checked={selected}
                onKeyDown={clickOnSpace}
              >
                {facet.swatches ? (
                  <span
                    className="facet-option__swatch"
                    style={{ background: option.swatch || UNMAPPED_SWATCH }}
                    aria-hidden="true"
                  >
                    {selected && <Icon name="check" className="facet-option__check" />}
                  </span>
                ) : (
                  <span className="facet-option__box" aria-hidden="true">
                    {selected && <Icon name="check" className="facet-option__check" />}
                  </span>
                )}
                <span className="facet-option__label">{option.label}</span>
                <span className="facet-option__count">{option.count}</span>
              </ShopLink>
            </li>
          );
        })}
      </ul>
      {facet.options.length > FACET_VISIBLE && (
        <button
          type="button"
          className="facet__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t("Show less") : t("Show more")}
        </button>
      )}
    </>
  );
}

/** The sort choices as links, for the mobile panel (the desktop toolbar has a select). */
function SortLinks({ state, basePath }: { state: ListingState; basePath: string }) {
  return (
    <ul className="sort-links">
      {LISTING_SORTS.map((sort) => (
        <li key={sort}>
          <ShopLink
            to={basePath + listingSearch(withListingSort(state, sort))}
            rel="nofollow"
            preventScrollReset
            className="sort-links__link"
            aria-current={state.sort === sort ? "true" : undefined}
          >
            {t(SORT_LABELS[sort])}
            {state.sort === sort && <Icon name="check" />}
          </ShopLink>
        </li>
      ))}
    </ul>
  );
}
