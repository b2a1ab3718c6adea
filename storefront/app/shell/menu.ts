import { linkHref, type MenuBlock } from "../features/cms/shell-blocks.ts";

/** A link to offer where a whole menu is too much (the not-found page's suggestions). */
export interface MenuItem {
  id: string;
  name: string;
  href: string;
}

/** The top-level entries of the menu block that lead somewhere, in menu order. */
export function menuItems(menu: MenuBlock | undefined): MenuItem[] {
  return (menu?.items ?? [])
    .filter((item) => item.clickable)
    .map((item) => ({ id: item._uid, name: item.name, href: linkHref(item.link) }));
}
