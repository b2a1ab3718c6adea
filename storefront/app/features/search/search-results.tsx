import { searchLink, t } from "@etalage/core";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { ProductCard } from "../../ui/products/product-card.tsx";
import type { ProductCardData } from "../../ui/products/product-card-data.ts";
import { SEARCH_PAGE_SIZE } from "./search-api.ts";
import { SearchBar } from "./search-bar.tsx";
import { setSearchText } from "./search-store.ts";
import { SUGGESTION_MIN_CHARS } from "./use-search-suggestions.ts";
import "./search-results.css";

export interface SearchResultsData {
  query: string;
  items: ProductCardData[];
  total: number;
  /** Where `items` start in the full result (0 for a page, more for a 'read more' fetch). */
  from: number;
}

/** The first cards load their images eagerly (browsing §2 "Product card": the first 5). */
const EAGER_CARDS = 5;
/** The grid's cells: a quarter of the page (no filter column here) from 1024 px, half below. */
const RESULT_CARD_SIZES = "(min-width: 1400px) 320px, (min-width: 1024px) 23vw, 48vw";

/**
 * The catalogue search results page: the server renders the first 18; 'read more' adds the next
 * 18 until all are loaded (browsing §4: only while start < total and total ≥ the page size).
 * Before JavaScript 'read more' is a link to the next page number, which renders them all.
 */
export function SearchResults({ data }: { data: SearchResultsData }) {
  const { query, total } = data;
  const [more, setMore] = useState<Record<number, ProductCardData[]>>({});
  const fetcher = useFetcher<SearchResultsData>();
  const navigate = useNavigate();
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const items = [
    ...data.items,
    ...Object.entries(more)
      .toSorted(([a], [b]) => Number(a) - Number(b))
      .flatMap(([, page]) => page),
  ];
  const loaded = items.length;
  const canLoadMore = loaded < total && total >= SEARCH_PAGE_SIZE;
  const nextPage = Math.ceil(loaded / SEARCH_PAGE_SIZE) + 1;

  // The header's and panel's field show what this page searched for.
  useEffect(() => {
    if (query) setSearchText(query);
  }, [query]);

  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state !== "idle" || !page || page.query !== query || page.from < data.items.length) return;
    setMore((pages) => (pages[page.from] ? pages : { ...pages, [page.from]: page.items }));
  }, [fetcher.state, fetcher.data, query, data.items.length]);

  // Once the rows are in: the URL remembers how far the shopper got, focus goes to the first new card.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loaded <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>(":scope > li")[from]?.querySelector("a")?.focus();
    const pages = Math.ceil(loaded / SEARCH_PAGE_SIZE);
    navigate(`${searchLink(query)}&page=${pages}`, { replace: true, preventScrollReset: true });
  }, [loaded, query, navigate]);

  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (fetcher.state !== "idle") return;
    focusFrom.current = loaded;
    fetcher.load(`${searchLink(query)}&from=${loaded}`);
  };

  if (!query) {
    return (
      <section className="search-results container">
        <h1 className="search-results__title">{t("Search for products")}</h1>
        <SearchBar variant="page" query="" />
      </section>
    );
  }

  return (
    <section className="search-results container" aria-labelledby="search-results-title">
      <header className="search-results__head">
        <h1 id="search-results-title" className="search-results__title">
          {t("Search results for {q}", { q: `"${query}"` })}
        </h1>
        {total > 0 && <p className="search-results__count">{t("{n} items", { n: total })}</p>}
      </header>

      {total === 0 ? (
        <div className="search-results__empty">
          <p className="search-results__empty-title">
            {/* As the search panel says it (issue 14): a term this short finds nothing by design. */}
            {query.length < SUGGESTION_MIN_CHARS
              ? t("Search term must have at least 3 characters.")
              : t("No products found!")}
          </p>
          <p className="search-results__empty-text">
            {t(
              "Please change your search criteria and try again. If you still can't find what you're looking for, visit our home page.",
            )}
          </p>
          <SearchBar variant="page" query={query} />
          <Link to="/" className="button button--outline">
            {t("Return to home page")}
          </Link>
        </div>
      ) : (
        <>
          <ul ref={list} className="search-results__grid">
            {items.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  eager={index < EAGER_CARDS}
                  priority={index === 0}
                  headingLevel="h2"
                  sizes={RESULT_CARD_SIZES}
                />
              </li>
            ))}
          </ul>
          <div className="search-results__more">
            <p className="search-results__progress" role="status">
              {t("{n} of {total} products shown", { n: loaded, total })}
            </p>
            <progress className="search-results__meter" max={total} value={loaded} aria-hidden="true" />
            {canLoadMore && (
              <Link
                to={`${searchLink(query)}&page=${nextPage}`}
                className="button button--outline"
                preventScrollReset
                aria-busy={fetcher.state !== "idle"}
                onClick={loadMore}
              >
                {fetcher.state === "idle" ? t("Read more") : t("Loading...")}
              </Link>
            )}
          </div>
        </>
      )}
    </section>
  );
}
