import { t } from "@etalage/core";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { hasPanel, linkHref, type MenuBlock, type MenuItemBlock } from "../features/cms/shell-blocks.ts";
import { lazyComponent } from "../lib/lazy-component.tsx";
import { Icon } from "../ui/icons.tsx";
import "./mega-menu.css";

const LazyMegaPanel = lazyComponent(() => import("./mega-panel.tsx"));

/** Browsing §2 "Menus and footer": the pointer must rest this long before a panel pops up. */
const SUBMENU_DELAY_MS = 300;
/** ...and a panel stays this long after the pointer has left, forgiving a wobbly hand. */
const CLOSE_DELAY_MS = 200;

/**
 * The desktop mega menu (from 1024 px). Each top-level entry is a link (so the menu works
 * without JavaScript) plus a disclosure button for its panel: hover, Enter, Space or ArrowDown
 * open it; Escape closes it and returns focus to the button.
 */
export function MegaMenu({ menu }: { menu: MenuBlock }) {
  const [openId, setOpenIdState] = useState<string | null>(null);
  // Only a panel opening on a closed menu fades in; moving to another entry swaps at once.
  const [switching, setSwitching] = useState(false);
  const openRef = useRef<string | null>(null);
  openRef.current = openId;
  const setOpenId = (id: string | null) => {
    setSwitching(openRef.current !== null && id !== null);
    openRef.current = id;
    setOpenIdState(id);
  };
  const openTimer = useRef(0);
  const closeTimer = useRef(0);
  const focusFirst = useRef(false);
  // Not useId: the menu's code mounts on demand, after the server's HTML, and useId would give
  // the client's render other ids than the server's, so a toggle's aria-controls would change
  // under the shopper. There is one mega menu per page; item uids are unique within it.
  const baseId = "mega-menu";
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

  // ArrowDown asked for the first link: it is there once the open panel's content has rendered.
  const onPanelShown = () => {
    if (!openRef.current || !focusFirst.current) return;
    focusFirst.current = false;
    document.getElementById(panelId(baseId, openRef.current))?.querySelector<HTMLElement>("a")?.focus();
  };

  const onPointerEnter = (item: MenuItemBlock) => (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || !hasPanel(item)) return;
    LazyMegaPanel.preload();
    window.clearTimeout(closeTimer.current);
    if (openRef.current === item._uid) return;
    window.clearTimeout(openTimer.current);
    // The pop delay keeps a passing pointer from opening a panel; once one is open, the shopper
    // is browsing the menu and the next entry's panel replaces it straight away.
    if (openRef.current !== null) setOpenId(item._uid);
    else openTimer.current = window.setTimeout(() => setOpenId(item._uid), SUBMENU_DELAY_MS);
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
    <nav
      className="main-nav"
      aria-label={t("Main menu")}
      onFocus={LazyMegaPanel.preload}
      data-switching={switching || undefined}
    >
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
                    <Icon name="chevron-down" />
                    <span className="visually-hidden">{t("{name} menu", { name: item.name })}</span>
                  </button>
                  <MegaPanel
                    id={panelId(baseId, item._uid)}
                    item={item}
                    open={open}
                    onShown={onPanelShown}
                    onClose={() => show(null)}
                  />
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

function MegaPanel({
  id,
  item,
  open,
  onShown,
  onClose,
}: {
  id: string;
  item: MenuItemBlock;
  open: boolean;
  onShown: () => void;
  onClose: () => void;
}) {
  return (
    <div id={id} className="mega-panel" hidden={!open}>
      {open && <LazyMegaPanel item={item} onShown={onShown} onClose={onClose} />}
    </div>
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
