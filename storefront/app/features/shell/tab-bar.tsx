import { searchLink, t } from "@etalage/core";
import { NavLink } from "react-router";
import { Icon } from "../../ui/icons.tsx";
import { CartButton } from "../cart/microcart/cart-button.tsx";
import { openModal } from "../modals/modal-store.ts";
import { preloadSearchPanel } from "../search/search-sidebar.tsx";
import { openSearchPanel, useSearchPanelOpen } from "../search/search-store.ts";
import "./tab-bar.css";

/**
 * The mobile tabbed navigation (browsing §2 "Default layout"), below 1024 px. Search is a link to
 * the results page, so it leads somewhere before JavaScript; once hydrated it opens the panel.
 */
export function TabBar() {
  const searching = useSearchPanelOpen();
  const notYet = (feature: string) => openModal("feature-not-implemented", { feature });
  return (
    <nav className="tab-bar" aria-label={t("Shortcuts")}>
      <ul className="tab-bar__list">
        <li>
          <NavLink to="/" end className="tab-bar__tab">
            <Icon name="home" />
            <span>{t("Home")}</span>
          </NavLink>
        </li>
        <li>
          <a
            href={searchLink("")}
            className="tab-bar__tab"
            aria-haspopup="dialog"
            aria-expanded={searching}
            onPointerDown={preloadSearchPanel}
            onClick={(event) => {
              event.preventDefault();
              openSearchPanel();
            }}
          >
            <Icon name="search" />
            <span>{t("Search")}</span>
          </a>
        </li>
        <li>
          <CartButton variant="tab" />
        </li>
        <li>
          <button
            type="button"
            className="tab-bar__tab"
            aria-haspopup="dialog"
            onClick={() => notYet(t("My account"))}
          >
            <Icon name="user" />
            <span>{t("Account")}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
