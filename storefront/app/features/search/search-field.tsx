import { searchLink, t } from "@etalage/core";
import { type FormEvent, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Icon } from "../../ui/icons.tsx";
import { closeSearchPanel, setSearchText, useSearchText } from "./search-store.ts";

/**
 * The search panel's field. It is in the sidebar's small chunk, not the suggestions' one, and
 * carries the `autofocus` attribute the dialog honours on opening, so keys typed while the
 * suggestions load land in it instead of getting lost.
 */
export function SearchField({ statusId }: { statusId: string }) {
  const text = useSearchText();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);

  // Arrived after the dialog opened (its chunk was still loading): take the focus the dialog gave
  // its first control. Children's effects run before the dialog's, so on a normal open this finds
  // the focus still outside, and showModal() honours `autofocus`.
  useEffect(() => {
    const active = document.activeElement;
    if (input.current?.closest("dialog")?.contains(active) && !(active instanceof HTMLInputElement)) {
      input.current.focus();
    }
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    if (query) navigate(searchLink(query));
  };

  return (
    <search className="search-field">
      <form action={searchLink("")} className="search-field__form" onSubmit={onSubmit}>
        <Icon name="search" className="search-field__icon" />
        <label htmlFor={`${statusId}-input`} className="visually-hidden">
          {t("Search for products")}
        </label>
        <input
          ref={(element) => {
            input.current = element;
            // The attribute, not React's autoFocus: showModal() looks for it when it moves focus.
            element?.setAttribute("autofocus", "");
          }}
          id={`${statusId}-input`}
          className="search-field__input"
          type="search"
          name="q"
          value={text}
          placeholder={t("Search for products")}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby={statusId}
          onChange={(event) => setSearchText(event.target.value)}
          onKeyDown={(event) => {
            // A search field clears itself on Escape; here Escape closes the panel, text kept.
            if (event.key === "Escape") {
              event.preventDefault();
              closeSearchPanel();
            }
          }}
          onFocus={(event) => {
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
        />
        {text && (
          <button
            type="button"
            className="icon-button search-field__clear"
            aria-label={t("Clear search text")}
            onClick={() => {
              setSearchText("");
              input.current?.focus();
            }}
          >
            <Icon name="close" />
          </button>
        )}
      </form>
    </search>
  );
}
