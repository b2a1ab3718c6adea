import { t } from "@etalage/core";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  hasPanel,
  linkHref,
  type MenuBlock,
  type MenuItemBlock,
  type MenuLinkBlock,
} from "../features/cms/shell-blocks.ts";
import { SearchBar } from "../features/search/search-bar.tsx";
import { Icon } from "../ui/icons.tsx";
import { MenuAnchor } from "./menu-anchor.tsx";
import "./mobile-menu.css";

/**
 * The mobile menu (browsing §2 "Menus and footer"): Home, the top-level items, then the footer
 * links. An item with sub-items slides its second level in over the first (200 ms), with a
 * go-back control and an 'ALL {name}' link. Its own chunk, drawn inside the header's dialog,
 * which traps focus and closes on Escape; focus then returns to the hamburger.
 */
export default function MobileMenu({ menu, onClose }: { menu: MenuBlock; onClose: () => void }) {
  const [level, setLevel] = useState<number | null>(null);
  const previous = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // Focus follows the slide: into the second level's go-back control, and back to the item.
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    if (level !== null) {
      container
        .querySelector<HTMLElement>(`[data-level="${level}"] .mobile-menu__back`)
        ?.focus({ preventScroll: true });
    } else if (previous.current !== null) {
      container
        .querySelector<HTMLElement>(`[data-item="${previous.current}"]`)
        ?.focus({ preventScroll: true });
    }
    previous.current = level;
  }, [level]);

  return (
    <div ref={root} className="mobile-menu" data-sub-open={level !== null || undefined}>
      <div className="mobile-menu__level mobile-menu__level--root" inert={level !== null}>
        <SearchBar variant="menu" onLeave={onClose} />
        <nav aria-label={t("Main menu")}>
          <ul className="mobile-menu__list">
            <li>
              <Link to="/" className="mobile-menu__link" onClick={onClose}>
                {t("Home")}
              </Link>
            </li>
            {menu.items.map((item, index) => (
              <li key={item._uid}>
                {hasPanel(item) ? (
                  <button
                    type="button"
                    className="mobile-menu__link"
                    data-item={index}
                    aria-expanded={level === index}
                    aria-controls={`${baseId}-${index}`}
                    onClick={() => setLevel(index)}
                  >
                    {item.name}
                    <Icon name="chevron-right" />
                  </button>
                ) : (
                  <MenuAnchor href={linkHref(item.link)} className="mobile-menu__link" onClick={onClose}>
                    {item.name}
                  </MenuAnchor>
                )}
              </li>
            ))}
            {menu.topLevelSubItems.map((link) => (
              <li key={`${link.name}${link.link.url}`}>
                <MenuAnchor href={linkHref(link.link)} className="mobile-menu__link" onClick={onClose}>
                  {link.name}
                </MenuAnchor>
              </li>
            ))}
          </ul>
        </nav>
        {menu.footerItems.length > 0 && (
          <ul className="mobile-menu__footer" aria-label={t("Customer service")}>
            {menu.footerItems.map((link) => (
              <li key={`${link.name}${link.link.url}`}>
                <MenuAnchor href={linkHref(link.link)} onClick={onClose}>
                  {link.name}
                </MenuAnchor>
              </li>
            ))}
          </ul>
        )}
      </div>

      {menu.items.map((item, index) =>
        hasPanel(item) ? (
          <SecondLevel
            key={item._uid}
            id={`${baseId}-${index}`}
            index={index}
            item={item}
            open={level === index}
            onBack={() => setLevel(null)}
            onNavigate={onClose}
          />
        ) : null,
      )}
    </div>
  );
}

function SecondLevel({
  id,
  index,
  item,
  open,
  onBack,
  onNavigate,
}: {
  id: string;
  index: number;
  item: MenuItemBlock;
  open: boolean;
  onBack: () => void;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const own = linkHref(item.link);
  // The 'ALL {name}' link stands for the item itself, so its column twin is left out.
  const columns = [item.columnOne, item.columnTwo]
    .map((column) => ({
      title: column?.title,
      links: (column?.links ?? []).filter((l) => linkHref(l.link) !== own),
    }))
    .filter((column) => column.links.length > 0);
  return (
    <section
      id={id}
      className="mobile-menu__level mobile-menu__level--sub"
      data-level={index}
      data-open={open || undefined}
      inert={!open}
      aria-labelledby={headingId}
    >
      <button type="button" className="mobile-menu__back" onClick={onBack}>
        <Icon name="chevron-left" />
        {t("Go back")}
      </button>
      <h3 id={headingId} className="mobile-menu__title">
        {item.name}
      </h3>
      <ul className="mobile-menu__list">
        {item.clickable && (
          <li>
            <MenuAnchor href={own} className="mobile-menu__link mobile-menu__link--all" onClick={onNavigate}>
              {t("ALL {name}", { name: item.name })}
            </MenuAnchor>
          </li>
        )}
      </ul>
      {columns.map((column) => (
        <SubList
          key={column.title ?? "links"}
          title={column.title}
          links={column.links}
          onNavigate={onNavigate}
        />
      ))}
    </section>
  );
}

function SubList({
  title,
  links,
  onNavigate,
}: {
  title?: string;
  links: MenuLinkBlock[];
  onNavigate: () => void;
}) {
  const headingId = useId();
  return (
    <>
      {title && (
        <p id={headingId} className="mobile-menu__group">
          {title}
        </p>
      )}
      <ul className="mobile-menu__list" aria-labelledby={title ? headingId : undefined}>
        {links.map((link) => (
          <li key={`${link.name}${link.link.url}`}>
            <MenuAnchor href={linkHref(link.link)} className="mobile-menu__link" onClick={onNavigate}>
              {link.name}
            </MenuAnchor>
          </li>
        ))}
      </ul>
    </>
  );
}
