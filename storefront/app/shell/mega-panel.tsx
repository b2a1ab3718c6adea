import { useEffect, useId } from "react";
import {
  type CtaTileBlock,
  linkHref,
  type MenuColumnBlock,
  type MenuItemBlock,
} from "../features/cms/shell-blocks.ts";
import { MenuAnchor } from "./menu-anchor.tsx";

/** A column of more links than this is set in two. */
const COLUMN_SPLIT_ABOVE = 6;

/**
 * A mega-menu panel's columns and tile. Only an open panel has them, and their code loads when a
 * shopper's pointer or focus reaches the menu: every page rendered and hydrated all panels, hidden,
 * for nothing (docs/decisions/0007-storefront-speed.md).
 */
export default function MegaPanelContent({ item, onShown }: { item: MenuItemBlock; onShown: () => void }) {
  const columns = [item.columnOne, item.columnTwo].filter(
    (column): column is MenuColumnBlock => column !== undefined && column.links.length > 0,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the links are there.
  useEffect(() => onShown(), []);
  return (
    <div className="container mega-panel__inner">
      {columns.map((column, index) => (
        <MenuColumn key={column.title ?? index} column={column} />
      ))}
      {item.cta && <CtaTile tile={item.cta} />}
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
