import { t } from "@etalage/core";
import { useState } from "react";
import { NavLink } from "react-router";
import { BagIcon, MenuIcon, SearchIcon, UserIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { openModal } from "../modals/modal-store.ts";
import type { MenuItem } from "./menu.ts";
import { MobileMenu } from "./mobile-menu.tsx";
import "./site-header.css";

/**
 * One header for every width: below 1024 px the hamburger and a centred logo (the mobile header),
 * from 1024 px the category navigation. `hideMobileHeader` (checkout) drops it below 1024 px.
 */
export function SiteHeader({ menu, hideMobileHeader }: { menu: MenuItem[]; hideMobileHeader?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const notYet = (feature: string) => openModal("feature-not-implemented", { feature });

  return (
    <header className={hideMobileHeader ? "site-header site-header--no-mobile" : "site-header"}>
      <div className="site-header__bar container">
        <div className="site-header__start">
          <button
            type="button"
            className="icon-button site-header__burger"
            aria-label={t("Open menu")}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
          <button
            type="button"
            className="icon-button site-header__mobile-search"
            aria-label={t("Search")}
            aria-haspopup="dialog"
            onClick={() => notYet(t("Search"))}
          >
            <SearchIcon />
          </button>
        </div>

        <Logo className="site-header__logo" />

        <nav className="main-nav" aria-label={t("Main menu")}>
          <ul className="main-nav__list">
            {menu.map((item) => (
              <li key={item.id} className="main-nav__item">
                <NavLink to={item.href} className="main-nav__link" prefetch="intent">
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <button
            type="button"
            className="site-header__search"
            aria-haspopup="dialog"
            onClick={() => notYet(t("Search"))}
          >
            <SearchIcon />
            <span>{t("Search for products")}</span>
          </button>
          <button
            type="button"
            className="icon-button site-header__account"
            aria-label={t("My account")}
            aria-haspopup="dialog"
            onClick={() => notYet(t("My account"))}
          >
            <UserIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t("Shopping cart")}
            aria-haspopup="dialog"
            onClick={() => notYet(t("Shopping cart"))}
          >
            <BagIcon />
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu menu={menu} onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
