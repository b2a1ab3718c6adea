import type { Autocomplete } from "@apptus/esales-api";
import { RECOMMENDATION_LIST_LIMIT, searchLink, t } from "@etalage/core";
import { Fragment, useEffect, useState } from "react";
import { Link } from "react-router";
import { elevateQuery, forgetRecentSearches } from "../../lib/elevate/elevate-api.ts";
import { cardsOf } from "../../ui/products/elevate-cards.ts";
import { RecommendationCarousel } from "../../ui/products/recommendation-carousel.tsx";
import "./search-suggestions.css";

/** Browsing §4: suggestions from 3 characters; an empty field shows the shopper's own history. */
const MIN_CHARS = 3;
const DEBOUNCE_MS = 200;

/**
 * The search panel's Elevate part: phrase suggestions with the typed part marked, or, with an
 * empty field, recent searches and recently viewed products. A failed service shows nothing.
 */
export default function SearchSuggestions({ text }: { text: string }) {
  const q = text.trim();
  const [answer, setAnswer] = useState<{ q: string; data: Autocomplete } | null>(null);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (q !== "" && q.length < MIN_CHARS) return;
    let live = true;
    const timer = window.setTimeout(
      () =>
        void elevateQuery((api) => api.query.autocomplete({ q })).then((data) => {
          if (live) setAnswer(data ? { q, data } : null);
        }),
      q === "" ? 0 : DEBOUNCE_MS,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [q]);
  if (!answer || (answer.q !== q && q.length < MIN_CHARS)) return null;
  const { data } = answer;
  if (answer.q === "") {
    const recent = cleared ? [] : data.recentSearches;
    return (
      <div className="search-suggestions" data-testid="search-history">
        {recent.length > 0 && (
          <section className="search-suggestions__block" aria-labelledby="recent-searches-title">
            <div className="search-suggestions__head">
              <h2 id="recent-searches-title" className="search-suggestions__title">
                {t("Recent searches")}
              </h2>
              <button
                type="button"
                className="search-suggestions__clear"
                onClick={() => {
                  forgetRecentSearches();
                  setCleared(true);
                }}
              >
                {t("Clear recent searches")}
              </button>
            </div>
            <ul className="search-suggestions__phrases">
              {recent.map((s) => (
                <li key={s.q}>
                  <Link to={searchLink(s.q)}>{s.q}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <RecommendationCarousel
          title={t("Recently viewed")}
          cards={cardsOf(data.recentlyViewed.slice(0, RECOMMENDATION_LIST_LIMIT))}
          testId="search-recently-viewed"
        />
      </div>
    );
  }
  if (data.phraseSuggestions.length === 0) return null;
  return (
    <section
      className="search-suggestions__block"
      aria-labelledby="phrase-suggestions-title"
      data-testid="phrase-suggestions"
    >
      <h2 id="phrase-suggestions-title" className="search-suggestions__title">
        {t("Search suggestions")}
      </h2>
      <ul className="search-suggestions__phrases">
        {data.phraseSuggestions.map((s) => (
          <li key={s.q}>
            <Link to={searchLink(s.q)}>
              <Highlighted text={s.highlighted} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Elevate marks the typed part as `{{jea}}ns`. */
function Highlighted({ text }: { text: string }) {
  // Parts are keyed by their offset in the text: stable for one suggestion.
  let offset = 0;
  const parts = text.split(/(\{\{[^}]*\}\})/).map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <>
      {parts.map(({ part, at }) =>
        part.startsWith("{{") ? (
          <mark key={at} className="search-suggestions__mark">
            {part.slice(2, -2)}
          </mark>
        ) : (
          <Fragment key={at}>{part}</Fragment>
        ),
      )}
    </>
  );
}
