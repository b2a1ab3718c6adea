import { t } from "@etalage/core";
import { Link } from "react-router";
import { Dialog } from "../../ui/dialog.tsx";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import type { MenuItem } from "./menu.ts";
import { serviceLinks } from "./service-links.ts";

/** The mobile menu (browsing §2 "Menus"): Home, the top-level categories, then service links. */
export function MobileMenu({ menu, onClose }: { menu: MenuItem[]; onClose: () => void }) {
  return (
    <Dialog title={t("Menu")} onClose={onClose} variant="drawer">
      <nav aria-label={t("Main menu")} className="mobile-menu">
        <ul className="mobile-menu__list">
          <li>
            <Link to="/" className="mobile-menu__link" onClick={onClose}>
              {t("Home")}
              <ChevronRightIcon />
            </Link>
          </li>
          {menu.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className="mobile-menu__link" onClick={onClose}>
                {item.name}
                <ChevronRightIcon />
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mobile-menu__service">
          {serviceLinks().map((link) => (
            <li key={link.href}>
              <Link to={link.href} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
