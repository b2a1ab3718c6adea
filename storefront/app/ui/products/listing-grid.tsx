import { type ListingPaging, type ListingState, listingSearch, t, withListingPage } from "@etalage/core";
import type { ReactNode } from "react";
import { ShopLink } from "../../lib/shop-link.tsx";
import { Icon } from "../icons.tsx";
import { ProductCard } from "./product-card.tsx";
import type { ProductCardData } from "./product-card-data.ts";
import "./listing-grid.css";

/** A CMS tile placed among the products (browsing §2 "CMS pages": grid items at given positions). */
export interface GridTile {
  /** 0-based cell index in the page's grid. */
  position: number;
  node: ReactNode;
  /** Columns the tile covers (2 for a wide banner). */
  span?: 1 | 2;
}

/** Cards whose images load eagerly (browsing §2 "Product card": the first 5). */
const EAGER_CARDS = 5;

export function ProductGrid({ products, tiles = [] }: { products: ProductCardData[]; tiles?: GridTile[] }) {
  const queue = tiles.toSorted((a, b) => a.position - b.position);
  const cells: ReactNode[] = [];
  const placeTiles = () => {
    while (queue.length > 0 && (queue[0] as GridTile).position <= cells.length) {
      const tile = queue.shift() as GridTile;
      cells.push(
        <li
          key={`tile-${tile.position}`}
          className={tile.span === 2 ? "grid-tile grid-tile--wide" : "grid-tile"}
        >
          {tile.node}
        </li>,
      );
    }
  };
  products.forEach((product, index) => {
    placeTiles();
    cells.push(
      <li key={product.id}>
        <ProductCard product={product} eager={index < EAGER_CARDS} priority={index === 0} />
      </li>,
    );
  });
  placeTiles();
  return <ul className="product-grid">{cells}</ul>;
}

interface PaginationProps {
  paging: ListingPaging;
  state: ListingState;
  basePath: string;
}

/**
 * Previous, the first page, 3 pages around the current one, the last page, next (browsing §2, §9;
 * issue 14): a gap shows where pages are left out, so page 3 of 40 reads "1 2 3 4 … 40".
 */
export function Pagination({ paging, state, basePath }: PaginationProps) {
  if (paging.pageCount <= 1) return null;
  const href = (page: number) => basePath + listingSearch(withListingPage(state, page));
  return (
    <nav className="pagination" aria-label={t("Pagination")}>
      {paging.previous !== null ? (
        <ShopLink to={href(paging.previous)} className="pagination__step" rel="prev">
          <Icon name="chevron-left" />
          <span className="pagination__step-label">{t("Previous page")}</span>
        </ShopLink>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
      <ol className="pagination__pages">
        {paging.items.map((item) =>
          item.kind === "gap" ? (
            <li key={`gap-${item.after}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <ShopLink
                to={href(item.page)}
                className="pagination__page"
                aria-current={item.page === paging.page ? "page" : undefined}
                aria-label={t("Page {n}", { n: item.page })}
              >
                {item.page}
              </ShopLink>
            </li>
          ),
        )}
      </ol>
      {paging.next !== null ? (
        <ShopLink to={href(paging.next)} className="pagination__step pagination__step--next" rel="next">
          <span className="pagination__step-label">{t("Next page")}</span>
          <Icon name="chevron-right" />
        </ShopLink>
      ) : (
        <span className="pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}

/** 'No products found!' with a way out: fewer filters, or the home page. */
export function EmptyListing({ clearHref }: { clearHref: string | null }) {
  return (
    <div className="listing-empty">
      <h2 className="listing-empty__title">{t("No products found!")}</h2>
      <p className="listing-empty__text">
        {t(
          "Please change your search criteria and try again. If you still can't find what you're looking for, visit our home page.",
        )}
      </p>
      <div className="listing-empty__actions">
        {clearHref && (
          <ShopLink to={clearHref} className="button" rel="nofollow">
            {t("Clear filters")}
          </ShopLink>
        )}
        <ShopLink to="/" className="button button--outline">
          {t("Return to home page")}
        </ShopLink>
      </div>
    </div>
  );
}
