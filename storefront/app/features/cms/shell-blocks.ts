import { localizedPath } from "@etalage/core";

/*
 * The CMS blocks the shell draws (browsing §3 "CMS blocks"), shaped as the headless CMS stores
 * them, so the menus, footer and selling points render the same whether the layout loader builds
 * them from the category tree (until the CMS issue lands) or reads them from the CMS.
 */

/** A CMS multilink: `url` for a full address, `cached_url` for a path inside the shop. */
export interface CmsLink {
  url: string;
  cached_url: string;
}

/** One link in a menu column, the mobile menu or the footer. */
export interface MenuLinkBlock {
  name: string;
  link: CmsLink;
}

export interface MenuColumnBlock {
  title?: string;
  links: MenuLinkBlock[];
}

/** The image tile of a mega-menu panel (`displayOverlay` puts the title on the image). */
export interface CtaTileBlock {
  asset: { filename: string; alt: string };
  title: string;
  buttonText: string;
  buttonLink: CmsLink;
  displayOverlay: boolean;
}

/** A top-level menu entry; the columns and tile fill its mega-menu panel and mobile second level. */
export interface MenuItemBlock {
  _uid: string;
  name: string;
  /** Whether the entry itself is a link; a non-clickable one only opens its panel. */
  clickable: boolean;
  link: CmsLink;
  columnOne?: MenuColumnBlock;
  columnTwo?: MenuColumnBlock;
  cta?: CtaTileBlock;
}

export interface MenuBlock {
  items: MenuItemBlock[];
  /** Top-level links without a panel (the mobile menu lists them after the items). */
  topLevelSubItems: MenuLinkBlock[];
  /** The service links at the foot of the mobile menu. */
  footerItems: MenuLinkBlock[];
}

export type SellingPointIcon = "check" | "truck" | "clock" | "return";

export interface SellingPointBlock {
  labelBold: string;
  labelNormal: string;
  link?: CmsLink;
  icon?: SellingPointIcon;
}

interface SocialLinkBlock {
  name: string;
  link: CmsLink;
}

/** A footer link; `modal` makes it a button that opens that modal instead (the size guide). */
export interface FooterLinkBlock extends MenuLinkBlock {
  modal?: "size-guide";
}

export interface FooterColumnBlock {
  title: string;
  links: FooterLinkBlock[];
}

export interface FooterBlock {
  socialSectionTitle: string;
  socialLinks: SocialLinkBlock[];
  links: FooterColumnBlock[];
  newsletterTitle: string;
  newsletterSubtitle: string;
}

/** What the default layout's loader hands the shell. */
export interface ShellBlocks {
  menu: MenuBlock;
  footer: FooterBlock;
  sellingPoints: SellingPointBlock[];
}

/** Browsing §2 "CMS pages": links starting with http, www or // count as external. */
export function isExternal(href: string): boolean {
  return /^(https?:|www\.|\/\/)/i.test(href);
}

/** Where a CMS link points: a full address as is, a shop path with its trailing slash. */
export function linkHref(link: CmsLink): string {
  const target = link.url || link.cached_url;
  if (isExternal(target)) return target.startsWith("www.") ? `https://${target}` : target;
  // mailto:, tel: and a bare #anchor are not shop paths.
  if (/^([a-z][a-z\d+.-]*:|#)/i.test(target)) return target;
  const hashAt = target.indexOf("#");
  const hash = hashAt < 0 ? "" : target.slice(hashAt);
  const [path = "", query] = (hashAt < 0 ? target : target.slice(0, hashAt)).split("?");
  const href = localizedPath(path);
  return `${query ? `${href}?${query}` : href}${hash}`;
}

export function shopLink(path: string): CmsLink {
  return { url: path, cached_url: path.replace(/^\/+|\/+$/g, "") };
}

/** Every link of a menu item's panel, column one first (the mobile second level lists them so). */
function panelLinks(item: MenuItemBlock): MenuLinkBlock[] {
  return [...(item.columnOne?.links ?? []), ...(item.columnTwo?.links ?? [])];
}

export function hasPanel(item: MenuItemBlock): boolean {
  return panelLinks(item).length > 0 || item.cta !== undefined;
}

/** The editor's preview route: its layout shows the draft of a layout story it previews. */
const PREVIEW_PATH = "/storyblok";

/**
 * Whether the layout shows a draft (shell/shell-from-cms.ts). Here, not there: the layout
 * asks it in the browser, and that module brings the server's fallback blocks along.
 */
export function isShellPreview(url: URL): boolean {
  return url.pathname === PREVIEW_PATH && url.searchParams.has("token");
}
