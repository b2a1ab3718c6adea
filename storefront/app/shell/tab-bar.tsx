import { searchLink, t } from "@etalage/core";
import { NavLink } from "react-router";
import { AccountButton } from "../features/account/account-button.tsx";
import { CartButton } from "../features/cart/microcart/cart-button.tsx";
import { preloadSearchPanel } from "../features/search/search-sidebar.tsx";
import { openSearchPanel, useSearchPanelOpen } from "../features/search/search-store.ts";
import { Icon } from "../ui/icons.tsx";
import "./tab-bar.css";

/**
 * The mobile tabbed navigation (browsing §2 "Default layout"), below 1024 px. Search is a link to
 * the results page, so it leads somewhere before JavaScript; once hydrated it opens the panel.
 */
export function TabBar() {
  const searching = useSearchPanelOpen();
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
          <AccountButton className="tab-bar__tab" label />
        </li>
      </ul>
    </nav>
  );
}
