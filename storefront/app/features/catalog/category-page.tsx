import {
  activeFilterCount,
  clearListingFilters,
  formatNumber,
  formatRangeValue,
  type ListingState,
  listingSearch,
  t,
  toggleListingFilter,
  withListingPrice,
} from "@etalage/core";
import { useState } from "react";
import { useNavigation } from "react-router";
import { ShopLink } from "../../lib/shop-link.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Icon } from "../../ui/icons.tsx";
import { EmptyListing, type GridTile, Pagination, ProductGrid } from "../../ui/products/listing-grid.tsx";
import { BackLink, Breadcrumbs } from "./breadcrumbs.tsx";
import type { CategoryPageData } from "./category-page-data.ts";
import { useListTracking } from "./list-view.ts";
import { ListingFilters } from "./listing-filters.tsx";
import { ListingToolbar } from "./listing-toolbar.tsx";
import "./category-page.css";

export type { GridTile } from "../../ui/products/listing-grid.tsx";
export { categoryMeta } from "./category-meta.ts";
// The loader lives in category-page-data.ts: a lazily loaded page chunk keeps every export, so
// exporting server code from here would ship it to the browser (routes/dispatcher.tsx).
export type { CategoryPageData, LoadCategoryPageArgs } from "./category-page-data.ts";

const FILTERS_ID = "listing-filters";

export interface CategoryPageProps {
  data: CategoryPageData;
  /** CMS tiles mixed into the grid (the CMS content of `categories/{path}`). */
  tiles?: GridTile[];
}

/** The category listing page (browsing §2 "Category listing page"). */
export function CategoryPage({ data, tiles }: CategoryPageProps) {
  const { category, state, basePath, total, paging } = data;
  const [panelOpen, setPanelOpen] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === basePath;
  const hasFilters = data.facets.length > 0 || data.price !== null;
  const filtered = activeFilterCount(state) > 0;
  const clearHref = filtered ? basePath + listingSearch(clearListingFilters(state)) : null;
  const title = data.title ?? category.name;
  const onListClick = useListTracking({ id: `category-${category.id}`, name: category.name }, data.products);

  return (
    <div className="listing container" onClickCapture={onListClick}>
      <div className="listing__crumbs">
        <Breadcrumbs items={data.breadcrumbs} />
        <BackLink items={data.breadcrumbs} />
      </div>
      <header className="listing__header">
        <div className="listing__heading">
          <h1 className="listing__title">{title}</h1>
          <p className="listing__count">{itemCount(total)}</p>
        </div>
        {category.description.length > 0 && (
          <div className="listing__description">
            {category.description.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        )}
        {data.subcategories.length > 0 && (
          <nav className="listing__subcategories" aria-label={t("Subcategories")}>
            <ul className="chip-list">
              {data.subcategories.map((sub) => (
                <li key={sub.href}>
                  <ShopLink to={sub.href} className="chip">
                    {sub.name}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      <ListingToolbar
        state={state}
        basePath={basePath}
        filtersId={FILTERS_ID}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
        onOpenPanel={() => setPanelOpen(true)}
        hasFilters={hasFilters}
      />

      <div className={sidebarOpen && hasFilters ? "listing__body" : "listing__body listing__body--full"}>
        {hasFilters && (
          <aside id={FILTERS_ID} className="listing__filters" aria-label={t("Filters")} hidden={!sidebarOpen}>
            <ListingFilters data={data} variant="sidebar" multiple />
          </aside>
        )}
        <section className="listing__results" aria-label={t("Products")} aria-busy={updating}>
          {filtered && <ActiveFilters data={data} clearHref={clearHref as string} />}
          {total === 0 ? (
            <EmptyListing clearHref={clearHref} />
          ) : (
            <div className={updating ? "listing__grid is-updating" : "listing__grid"}>
              <ProductGrid products={data.products} tiles={tiles} />
            </div>
          )}
          <Pagination paging={paging} state={state} basePath={basePath} />
        </section>
      </div>

      {panelOpen && (
        <Dialog title={t("Filter & sort")} onClose={() => setPanelOpen(false)} size="large">
          <div className="filter-panel">
            <ListingFilters data={data} variant="panel" multiple={false} />
            <div className="filter-panel__footer">
              {clearHref && (
                <ShopLink to={clearHref} className="button button--outline" rel="nofollow" preventScrollReset>
                  {t("Clear filters")}
                </ShopLink>
              )}
              <button type="button" className="button" onClick={() => setPanelOpen(false)}>
                {t("Show {n} items", { n: formatNumber(total) })}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/** The chosen values as removable chips, and Clear filters. */
function ActiveFilters({ data, clearHref }: { data: CategoryPageData; clearHref: string }) {
  const { state, basePath } = data;
  const chips = activeChips(data, state);
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">{t("Active filters")}</h2>
      <ul className="chip-list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <ShopLink
              to={basePath + listingSearch(chip.next)}
              className="chip chip--active"
              rel="nofollow"
              preventScrollReset
              aria-label={t("Remove filter {name}", { name: chip.label })}
            >
              {chip.label}
              <Icon name="close" className="chip__icon" />
            </ShopLink>
          </li>
        ))}
      </ul>
      <ShopLink to={clearHref} className="text-link active-filters__clear" rel="nofollow" preventScrollReset>
        {t("Clear filters")}
      </ShopLink>
    </div>
  );
}

function activeChips(data: CategoryPageData, state: ListingState) {
  const chips: { key: string; label: string; next: ListingState }[] = [];
  for (const [code, values] of Object.entries(state.filters)) {
    const facet = data.facets.find((f) => f.code === code);
    for (const id of values) {
      const label = facet?.options.find((o) => o.id === id)?.label ?? id;
      chips.push({ key: `${code}:${id}`, label, next: toggleListingFilter(state, code, id) });
    }
  }
  if (state.price) {
    const { min, max } = state.price;
    const label =
      min !== null && max !== null ? `€ ${min} – € ${max}` : min !== null ? `> € ${min}` : `< € ${max ?? 0}`;
    chips.push({ key: `price:${formatRangeValue(state.price)}`, label, next: withListingPrice(state, null) });
  }
  return chips;
}

/** '{n} items', and the singular a Dutch reader expects for one. */
export function itemCount(total: number): string {
  return total === 1 ? t("1 item") : t("{n} items", { n: formatNumber(total) });
}
