import { searchLink, t } from "@etalage/core";
import { Link } from "react-router";
import { ProductCard } from "../../ui/products/product-card.tsx";
import { useSearchText } from "./search-store.ts";
import SearchSuggestions from "./search-suggestions.tsx";
import { type Suggestions, useSearchSuggestions } from "./use-search-suggestions.ts";
import "./search-panel.css";

/** Two columns in a sidebar at most 480 px wide. */
const PANEL_CARD_SIZES = "(min-width: 480px) 210px, 46vw";

/**
 * The search panel's results (browsing §2 "Search", §4 "Search panel"): product suggestions from
 * 3 characters for the shared search text, and a way on to the full results. Its own chunk.
 */
export default function SearchPanel({ statusId }: { statusId: string }) {
  const text = useSearchText();
  const suggestions = useSearchSuggestions(text);
  const { items, status, query } = suggestions;
  return (
    <div className="search-panel">
      <p id={statusId} className="search-panel__status" role="status">
        {statusText(suggestions)}
      </p>

      <SearchSuggestions text={text} />

      {items.length > 0 && (
        <ul className="search-panel__results" aria-busy={status === "loading"} aria-label={t("Suggestions")}>
          {items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} sizes={PANEL_CARD_SIZES} />
            </li>
          ))}
        </ul>
      )}

      {items.length > 0 && (
        <Link to={searchLink(query)} className="button button--outline search-panel__more">
          {t("See more")}
        </Link>
      )}
    </div>
  );
}

function statusText({ status, total, offline }: Suggestions): string {
  switch (status) {
    case "short":
      return t("Search term must have at least 3 characters.");
    case "loading":
      return total > 0 ? t("{n} items", { n: total }) : "";
    case "done":
      return total === 0 ? t("No products found!") : t("{n} items", { n: total });
    case "error":
      return offline ? t("You are offline. Some features might not be available.") : t("No products found!");
    default:
      return "";
  }
}
