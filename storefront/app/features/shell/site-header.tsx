import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { lazyComponent } from "../../lib/lazy-component.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Icon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { AccountButton } from "../account/account-button.tsx";
import { CartButton } from "../cart/microcart/cart-button.tsx";
import { MicrocartHost } from "../cart/microcart/microcart-host.tsx";
import { SearchBar } from "../search/search-bar.tsx";
import type { MenuBlock } from "./cms-blocks.ts";
import { onDemand } from "./on-demand.tsx";
import "./site-header.css";
import "./mega-menu.css";

/** Only phones that open it need the mobile menu's code (fetched on the first touch of the button). */
const LazyMobileMenu = lazyComponent(() => import("./mobile-menu.tsx"));

/*
 * The desktop header's menu is lazy (browsing §2 "Default layout"): hydrated on demand (on-demand
 * .tsx), so phones, which hide it, and desktops until the first move of the mouse, do without its
 * code. Its entries work as links until then. (The search field stays: offline, before anything
 * loaded, it must still open the search panel to say why there are no suggestions.)
 */
const MegaMenu = onDemand<{ menu: MenuBlock }>(
  () => import("./mega-menu.tsx").then((module) => module.MegaMenu),
  { tag: "nav", className: "main-nav", "aria-label": t("Main menu") },
);

/**
 * One header for every width: below 1024 px the hamburger and a centred logo (the mobile header;
 * search, cart and account live in the tab bar), from 1024 px the mega menu, search field, account
 * and cart. `hideMobileHeader` (checkout) drops it below 1024 px.
 */
export function SiteHeader({ menu, hideMobileHeader }: { menu: MenuBlock; hideMobileHeader?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  // The microcart sits beside the header: the header is hidden on phones during checkout.
  return (
    <>
      <header className={hideMobileHeader ? "site-header site-header--no-mobile" : "site-header"}>
        <div className="site-header__bar container">
          <div className="site-header__start">
            <button
              type="button"
              className="site-header__burger"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onPointerDown={LazyMobileMenu.preload}
              onFocus={LazyMobileMenu.preload}
              onClick={() => setMenuOpen(true)}
            >
              <Icon name="menu" />
              <span className="site-header__burger-label">
                <span className="visually-hidden">{t("Open menu")}</span>
                <span aria-hidden="true">{t("Menu")}</span>
              </span>
            </button>
          </div>

          <Logo className="site-header__logo" />

          <MegaMenu menu={menu} />

          <div className="site-header__actions">
            <SearchBar variant="header" />
            <AccountButton className="icon-button" />
            <CartButton variant="header" />
          </div>
        </div>
        {menuOpen && (
          <Dialog title={t("Menu")} onClose={closeMenu} variant="drawer">
            <LazyMobileMenu menu={menu} onClose={closeMenu} />
          </Dialog>
        )}
      </header>
      <MicrocartHost />
    </>
  );
}
