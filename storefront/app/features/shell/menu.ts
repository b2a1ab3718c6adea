import type { Category } from "@etalage/core";
import { categoryPath } from "../../lib/links.ts";

/** A menu entry as the browser gets it: just enough to draw a link (loader data stays small). */
export interface MenuItem {
  id: number;
  name: string;
  href: string;
  /** Filled by the mega menu (later issue); the header already renders nested lists. */
  children?: MenuItem[];
}

/** Top-level categories shown in menus and the footer, in position order. */
export function menuItems(tree: readonly Category[]): MenuItem[] {
  return tree
    .filter((c) => c.is_active && c.include_in_menu !== false)
    .toSorted((a, b) => a.position - b.position)
    .map((c) => ({ id: c.id, name: c.name, href: categoryPath(c) }));
}
