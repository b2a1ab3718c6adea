import { type Category, categoryLink, t } from "@etalage/core";
import type {
  CmsLink,
  FooterBlock,
  MenuBlock,
  MenuItemBlock,
  MenuLinkBlock,
  SellingPointBlock,
  ShellBlocks,
} from "../features/cms/shell-blocks.ts";
import { shopLink } from "../features/cms/shell-blocks.ts";
import { hasImage, resizedImageUrl } from "../lib/images.ts";
import type { StorefrontServices } from "../lib/server-context.ts";
import { aboutLinks, serviceLinks } from "./service-links.ts";

/*
 * The shell's blocks until the CMS issue lands: menus from the category tree, the rest the shop's
 * standing content. Server-side only (the layout loader); the browser gets the finished blocks.
 */

/** The mega-menu tile is drawn at 240 x 300; the image is twice that for dense screens. */
export const MENU_TILE = { width: 480, height: 600 } as const;

type TileSource = Pick<StorefrontServices, "productsInCategory">;

export function defaultShellBlocks(
  services: Pick<StorefrontServices, "categoryTree" | "productsInCategory">,
): ShellBlocks {
  const tree = services.categoryTree().filter(inMenu);
  const menu = menuFromTree(tree, services);
  return { menu, footer: defaultFooter(menu), sellingPoints: defaultSellingPoints() };
}

function menuFromTree(tree: readonly Category[], services: TileSource): MenuBlock {
  const merch = tree.filter((c) => (c.children_data ?? []).filter(inMenu).length === 0);
  return {
    items: tree.map((category) => menuItem(category, merch, services)),
    topLevelSubItems: [{ name: t("Our stores"), link: shopLink("/storelocator") }],
    footerItems: serviceLinks().map((l) => ({ name: l.label, link: shopLink(l.href) })),
  };
}

function menuItem(category: Category, merch: readonly Category[], services: TileSource): MenuItemBlock {
  const children = (category.children_data ?? []).filter(inMenu);
  const item: MenuItemBlock = {
    _uid: `category-${category.id}`,
    name: category.name,
    clickable: true,
    link: categoryCmsLink(category),
  };
  if (children.length === 0) return item;
  item.columnOne = { title: t("Categories"), links: children.map(categoryMenuLink) };
  item.columnTwo = {
    title: t("Highlighted"),
    links: [
      { name: t("View all"), link: categoryCmsLink(category) },
      ...merch.filter((m) => m.id !== category.id).map(categoryMenuLink),
    ],
  };
  const image = tileImage(category, services);
  if (image) {
    item.cta = {
      asset: { filename: resizedImageUrl(image, MENU_TILE.width, MENU_TILE.height), alt: "" },
      title: category.name,
      buttonText: t("Shop now"),
      buttonLink: categoryCmsLink(category),
      displayOverlay: true,
    };
  }
  return item;
}

/** The first product of the category with a picture: the tile shows what the category sells. */
function tileImage(category: Category, services: TileSource): string | null {
  for (const product of services.productsInCategory(category.id, 12)) {
    if (hasImage(product.image)) return product.image;
  }
  return null;
}

function defaultFooter(menu: MenuBlock): FooterBlock {
  const social = [
    ["Instagram", "https://www.instagram.com/"],
    ["Facebook", "https://www.facebook.com/"],
    ["Pinterest", "https://www.pinterest.com/"],
    ["YouTube", "https://www.youtube.com/"],
  ] as const;
  return {
    socialSectionTitle: t("Follow us"),
    socialLinks: social.map(([name, url]) => ({ name, link: { url, cached_url: url } })),
    links: [
      {
        title: t("Customer service"),
        links: [
          ...serviceLinks().map((l) => ({ name: l.label, link: shopLink(l.href) })),
          { name: t("Size guide"), link: shopLink("/maattabel"), modal: "size-guide" },
        ],
      },
      {
        title: t("About Etalage"),
        links: aboutLinks().map((l) => ({ name: l.label, link: shopLink(l.href) })),
      },
      { title: t("Shop"), links: menu.items.map((i) => ({ name: i.name, link: i.link })) },
    ],
    newsletterTitle: t("Stay up to date"),
    newsletterSubtitle: t("Sign up for our newsletter and receive 10% discount on your next order"),
  };
}

function defaultSellingPoints(): SellingPointBlock[] {
  return [
    { labelBold: t("Free shipping"), labelNormal: t("from € 75"), icon: "truck" },
    { labelBold: t("Ordered before 22:00,"), labelNormal: t("delivered tomorrow"), icon: "clock" },
    { labelBold: t("30 days"), labelNormal: t("to return, free of charge"), icon: "return" },
  ];
}

function inMenu(category: Category): boolean {
  return category.is_active && category.include_in_menu !== false;
}

function categoryCmsLink(category: Category): CmsLink {
  return { url: categoryLink(category), cached_url: category.url_path };
}

function categoryMenuLink(category: Category): MenuLinkBlock {
  return { name: category.name, link: categoryCmsLink(category) };
}

/** For an error boundary whose layout data never arrived: the standing content, no menu. */
export function fallbackShellBlocks(): ShellBlocks {
  const menu: MenuBlock = { items: [], topLevelSubItems: [], footerItems: [] };
  return { menu, footer: defaultFooter(menu), sellingPoints: defaultSellingPoints() };
}
