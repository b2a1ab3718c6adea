import { t } from "@etalage/core";
import { lazy, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { AccountButton } from "../features/account/account-button.tsx";
import { CartButton } from "../features/cart/microcart/cart-button.tsx";
import type { MicrocartSlots } from "../features/cart/microcart/microcart.tsx";
import { MicrocartHost } from "../features/cart/microcart/microcart-host.tsx";
import type { MenuBlock } from "../features/cms/shell-blocks.ts";
import { CompareLink } from "../features/compare/compare-link.tsx";
import { SearchBar } from "../features/search/search-bar.tsx";
import { lazyComponent } from "../lib/lazy-component.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { Icon } from "../ui/icons.tsx";
import { Logo } from "../ui/logo.tsx";
import { onDemand } from "./on-demand.tsx";
import "./site-header.css";
import "./mega-menu.css";

/** Only phones that open it need the mobile menu's code (fetched on the first touch of the button). */
const LazyMobileMenu = lazyComponent(() => import("./mobile-menu.tsx"));
/** The microcart's recommendations: their own chunk, asked for as the microcart shows; none if it fails. */
const CartRecommendations = lazy<NonNullable<MicrocartSlots["recommendations"]>>(() =>
  import("../features/recommendations/cart-recommendations.tsx").then(
    (module) => ({ default: module.CartRecommendations }),
    () => ({ default: () => null }),
  ),
);

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
          {/* Phones: the header's actions live in the tab bar, the comparison's count here. */}
          <CompareLink className="site-header__compare" />

          <MegaMenu menu={menu} />

          <div className="site-header__actions">
            <SearchBar variant="header" />
            <CompareLink />
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
      <MicrocartHost recommendations={CartRecommendations} />
    </>
  );
}
