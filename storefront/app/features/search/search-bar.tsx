import { searchLink, t } from "@etalage/core";
import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";
import { Icon } from "../../ui/icons.tsx";
import { preloadSearchPanel } from "./search-sidebar.tsx";
import { closeSearchPanel, openSearchPanel, setSearchText, useSearchText } from "./search-store.ts";
import "./search-bar.css";

export interface SearchBarProps {
  /** `header`: the desktop header; `menu`: the mobile menu; both open the panel as one types. */
  variant: "header" | "menu" | "page";
  /** Called when the field hands over to the panel, or on Escape (the mobile menu closes itself). */
  onLeave?: () => void;
  /** `page` only: the query the results page shows; that field stays the page's own. */
  query?: string;
  className?: string;
}

/**
 * A search field. A plain GET form to the results page, so Enter searches before JavaScript has
 * loaded; once hydrated it shares the one search text and, while typing, opens the search panel
 * with its suggestions.
 */
export function SearchBar({ variant, onLeave, query, className }: SearchBarProps) {
  const text = useSearchText();
  const navigate = useNavigate();
  const id = useId();
  const withPanel = variant !== "page";

  const showPanel = () => {
    if (!withPanel) return;
    onLeave?.();
    openSearchPanel();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = withPanel ? text : String(new FormData(event.currentTarget).get("q") ?? "");
    const wanted = typed.trim();
    if (!wanted) return;
    if (!withPanel) setSearchText(wanted);
    closeSearchPanel();
    navigate(searchLink(wanted));
  };

  return (
    <search className={`search-bar search-bar--${variant}${className ? ` ${className}` : ""}`}>
      <form
        action={searchLink("")}
        method="get"
        className="search-bar__form"
        onSubmit={onSubmit}
        onPointerEnter={withPanel ? preloadSearchPanel : undefined}
        onFocus={withPanel ? preloadSearchPanel : undefined}
      >
        <label htmlFor={id} className="visually-hidden">
          {t("Search for products")}
        </label>
        <input
          id={id}
          className="search-bar__input"
          type="search"
          name="q"
          key={withPanel ? "shared" : query}
          {...(withPanel ? { value: text } : { defaultValue: query })}
          placeholder={t("Search for products")}
          autoComplete="off"
          enterKeyHint="search"
          onChange={
            withPanel
              ? (event) => {
                  setSearchText(event.target.value);
                  showPanel();
                }
              : undefined
          }
          onClick={withPanel ? showPanel : undefined}
          onKeyDown={(event) => {
            // A search field clears itself on Escape; inside the menu Escape means close the menu.
            if (event.key === "Escape" && onLeave) {
              event.preventDefault();
              onLeave();
            }
          }}
        />
        <button type="submit" className="search-bar__submit" aria-label={t("Search")}>
          <Icon name="search" />
        </button>
      </form>
    </search>
  );
}
