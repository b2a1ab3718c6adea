import { t } from "@etalage/core";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import {
  type CtaTileBlock,
  hasPanel,
  linkHref,
  type MenuBlock,
  type MenuColumnBlock,
  type MenuItemBlock,
} from "./cms-blocks.ts";
import { MenuAnchor } from "./menu-anchor.tsx";
import { ChevronDownIcon } from "./shell-icons.tsx";
import "./mega-menu.css";

/** Browsing §2 "Menus and footer": the pointer must rest this long before a panel pops up. */
export const SUBMENU_DELAY_MS = 300;
/** ...and a panel stays this long after the pointer has left, forgiving a wobbly hand. */
export const CLOSE_DELAY_MS = 200;
/** A column of more links than this is set in two. */
export const COLUMN_SPLIT_ABOVE = 6;

/**
 * The desktop mega menu (from 1024 px). Each top-level entry is a link (so the menu works
 * without JavaScript) plus a disclosure button for its panel: hover, Enter, Space or ArrowDown
 * open it; Escape closes it and returns focus to the button.
 */
export function MegaMenu({ menu }: { menu: MenuBlock }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const openRef = useRef<string | null>(null);
  openRef.current = openId;
  const openTimer = useRef(0);
  const closeTimer = useRef(0);
  const focusFirst = useRef(false);
  const baseId = useId();
  const { pathname } = useLocation();

  const clearTimers = () => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  };
  const show = (id: string | null) => {
    clearTimers();
    setOpenId(id);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the panel.
  useEffect(() => show(null), [pathname]);
  useEffect(
    () => () => {
      window.clearTimeout(openTimer.current);
      window.clearTimeout(closeTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!openId || !focusFirst.current) return;
    focusFirst.current = false;
    document.getElementById(panelId(baseId, openId))?.querySelector<HTMLElement>("a")?.focus();
  }, [openId, baseId]);

  const onPointerEnter = (item: MenuItemBlock) => (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || !hasPanel(item)) return;
    window.clearTimeout(closeTimer.current);
    if (openRef.current === item._uid) return;
    window.clearTimeout(openTimer.current);
    openTimer.current = window.setTimeout(() => setOpenId(item._uid), SUBMENU_DELAY_MS);
  };

  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpenId(null), CLOSE_DELAY_MS);
  };

  const onKeyDown = (item: MenuItemBlock) => (event: KeyboardEvent<HTMLLIElement>) => {
    const id = item._uid;
    const panel = document.getElementById(panelId(baseId, id));
    const toggle = document.getElementById(toggleId(baseId, id));
    const inPanel = panel?.contains(event.target as Node) ?? false;
    if (event.key === "Escape" && openRef.current === id) {
      event.preventDefault();
      show(null);
      toggle?.focus();
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && inPanel && panel) {
      event.preventDefault();
      moveFocus(panel, event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "ArrowDown" && hasPanel(item)) {
      event.preventDefault();
      focusFirst.current = true;
      if (openRef.current === id) {
        focusFirst.current = false;
        panel?.querySelector<HTMLElement>("a")?.focus();
      } else show(id);
    }
  };

  return (
    <nav className="main-nav" aria-label={t("Main menu")}>
      <ul className="main-nav__list">
        {menu.items.map((item) => {
          const open = openId === item._uid;
          const withPanel = hasPanel(item);
          return (
            <li
              key={item._uid}
              className="main-nav__item"
              data-open={open || undefined}
              onPointerEnter={onPointerEnter(item)}
              onPointerLeave={withPanel ? onPointerLeave : undefined}
              onKeyDown={onKeyDown(item)}
              onBlur={(event) => {
                if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) show(null);
              }}
            >
              {item.clickable ? (
                <NavLink to={linkHref(item.link)} className="main-nav__link" prefetch="intent">
                  {item.name}
                </NavLink>
              ) : (
                <span className="main-nav__link">{item.name}</span>
              )}
              {withPanel && (
                <>
                  <button
                    type="button"
                    id={toggleId(baseId, item._uid)}
                    className="main-nav__toggle"
                    aria-expanded={open}
                    aria-controls={panelId(baseId, item._uid)}
                    onClick={() => show(open ? null : item._uid)}
                  >
                    <ChevronDownIcon />
                    <span className="visually-hidden">{t("{name} menu", { name: item.name })}</span>
                  </button>
                  <MegaPanel id={panelId(baseId, item._uid)} item={item} open={open} />
                </>
              )}
            </li>
          );
        })}
      </ul>
      {openId && <div className="main-nav__backdrop" aria-hidden="true" onClick={() => show(null)} />}
    </nav>
  );
}

function MegaPanel({ id, item, open }: { id: string; item: MenuItemBlock; open: boolean }) {
  const columns = [item.columnOne, item.columnTwo].filter(
    (column): column is MenuColumnBlock => column !== undefined && column.links.length > 0,
  );
  return (
    <div id={id} className="mega-panel" hidden={!open}>
      <div className="container mega-panel__inner">
        {columns.map((column, index) => (
          <MenuColumn key={column.title ?? index} column={column} />
        ))}
        {item.cta && <CtaTile tile={item.cta} />}
      </div>
    </div>
  );
}

function MenuColumn({ column }: { column: MenuColumnBlock }) {
  const headingId = useId();
  const split = column.links.length > COLUMN_SPLIT_ABOVE;
  return (
    <div className={split ? "mega-panel__column mega-panel__column--split" : "mega-panel__column"}>
      {column.title && (
        <p id={headingId} className="mega-panel__heading">
          {column.title}
        </p>
      )}
      <ul className="mega-panel__links" aria-labelledby={column.title ? headingId : undefined}>
        {column.links.map((link) => (
          <li key={`${link.name}${link.link.url}`}>
            <MenuAnchor href={linkHref(link.link)} className="mega-panel__link">
              {link.name}
            </MenuAnchor>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CtaTile({ tile }: { tile: CtaTileBlock }) {
  return (
    <MenuAnchor
      href={linkHref(tile.buttonLink)}
      className={tile.displayOverlay ? "mega-tile mega-tile--overlay" : "mega-tile"}
    >
      <span className="mega-tile__media">
        <img
          src={tile.asset.filename}
          alt={tile.asset.alt}
          width={240}
          height={300}
          loading="lazy"
          decoding="async"
        />
      </span>
      <span className="mega-tile__text">
        <span className="mega-tile__title">{tile.title}</span>
        <span className="mega-tile__button">{tile.buttonText}</span>
      </span>
    </MenuAnchor>
  );
}

function panelId(base: string, id: string): string {
  return `${base}-panel-${id}`;
}

function toggleId(base: string, id: string): string {
  return `${base}-toggle-${id}`;
}

function moveFocus(panel: HTMLElement, step: 1 | -1): void {
  const links = [...panel.querySelectorAll<HTMLElement>("a")];
  const index = links.indexOf(document.activeElement as HTMLElement);
  links[(index + step + links.length) % links.length]?.focus();
}
