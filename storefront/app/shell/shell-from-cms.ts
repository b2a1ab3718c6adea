import type {
  MenuItemBlock as CmsMenuItem,
  MenuLinkBlock as CmsMenuLink,
  CmsStory,
  FooterContent,
  MenuContent,
  SellingPointsContent,
} from "@etalage/core";
import { cropImageUrl, type FocalPoint, imageSource } from "../features/cms/cms-image.ts";
import {
  type CmsLink,
  type FooterBlock,
  type FooterLinkBlock,
  isShellPreview,
  type MenuBlock,
  type MenuItemBlock,
  type SellingPointBlock,
  type ShellBlocks,
} from "../features/cms/shell-blocks.ts";
import { previewParams } from "../lib/preview-params.ts";
import type { StorefrontServices } from "../lib/server-context.ts";
import { defaultShellBlocks, MENU_TILE } from "./default-blocks.ts";

/*
 * The shell's blocks from the CMS (browsing §2 "Default layout": menus, footer and selling points
 * come from the CMS). A story that is missing, or of another shape, falls back to the blocks built
 * from the category tree, so the shop never loses its navigation to an editor's slip.
 */

const SHELL_STORIES = {
  menu: "layout/menu",
  sellingPoints: "layout/selling-points",
  footer: "layout/footer",
} as const;

type ShellServices = Pick<
  StorefrontServices,
  "story" | "categoryTree" | "productsInCategory" | "validatePreview"
>;

/**
 * `url` is the page's: on the preview route with a valid token for a layout story (menu, footer,
 * selling points), that story's draft takes the published one's place, so the editor sees the
 * menu as it will look (browsing §6 "Draft preview"). Any other page shows the published stories.
 */
export async function shellBlocksFromCms(services: ShellServices, url?: URL): Promise<ShellBlocks> {
  const draft = url && isShellPreview(url) ? await previewedStory(services, url) : undefined;
  const read = (slug: string) =>
    draft?.full_slug === slug ? Promise.resolve(draft) : safeStory(services, slug);
  const [menuStory, pointsStory, footerStory] = await Promise.all([
    read(SHELL_STORIES.menu),
    read(SHELL_STORIES.sellingPoints),
    read(SHELL_STORIES.footer),
  ]);
  const cmsMenu = menuStory?.content.component === "menu" ? menuFromCms(menuStory.content) : undefined;
  const cmsFooter =
    footerStory?.content.component === "footer" ? footerFromCms(footerStory.content) : undefined;
  const cmsPoints =
    pointsStory?.content.component === "selling_points" ? pointsFromCms(pointsStory.content) : undefined;
  // The defaults cost a catalogue walk: only build them when a story is missing.
  const defaults = cmsMenu && cmsFooter && cmsPoints ? undefined : defaultShellBlocks(services);
  return {
    menu: cmsMenu ?? (defaults as ShellBlocks).menu,
    footer: cmsFooter ?? (defaults as ShellBlocks).footer,
    sellingPoints: cmsPoints ?? (defaults as ShellBlocks).sellingPoints,
  };
}

async function previewedStory(services: ShellServices, url: URL): Promise<CmsStory | undefined> {
  const { release, ...params } = previewParams(url);
  const { id, token } = params;
  if (!Number.isInteger(id) || id <= 0 || !services.validatePreview(params)) return undefined;
  const story = await services.story(String(id), { version: "draft", token, release }).catch(() => undefined);
  const layoutSlugs: readonly string[] = Object.values(SHELL_STORIES);
  return story && layoutSlugs.includes(story.full_slug) ? story : undefined;
}

/** A CMS outage must not take the header and footer down with it. */
async function safeStory(services: ShellServices, slug: string): Promise<CmsStory | undefined> {
  try {
    return await services.story(slug);
  } catch {
    return undefined;
  }
}

function link(l: { url: string; cached_url: string }): CmsLink {
  return { url: l.url, cached_url: l.cached_url };
}

function menuLink(l: CmsMenuLink): FooterLinkBlock {
  return l.modal
    ? { name: l.name, link: link(l.link), modal: l.modal }
    : { name: l.name, link: link(l.link) };
}

function menuItem(item: CmsMenuItem): MenuItemBlock {
  const out: MenuItemBlock = {
    _uid: item._uid,
    name: item.name,
    clickable: item.clickable,
    link: link(item.link),
  };
  if (item.columnOne.length > 0)
    out.columnOne = {
      ...(item.columnOneTitle ? { title: item.columnOneTitle } : {}),
      links: item.columnOne.map(menuLink),
    };
  if (item.columnTwo.length > 0)
    out.columnTwo = {
      ...(item.columnTwoTitle ? { title: item.columnTwoTitle } : {}),
      links: item.columnTwo.map(menuLink),
    };
  if (item.cta) {
    const { cta } = item;
    out.cta = {
      asset: { filename: menuTileImage(cta.asset), alt: cta.asset.alt ?? "" },
      title: cta.title,
      buttonText: cta.buttonText,
      buttonLink: link(cta.buttonLink),
      displayOverlay: cta.displayOverlay,
    };
  }
  return out;
}

/**
 * The tile's picture at the tile's own size and shape, around the asset's focus: an editor may
 * link any rendering of a picture (such as /img/755/503/crop/…), and the image endpoint answers only the
 * sizes the shop uses. A picture from elsewhere is shown as linked.
 */
function menuTileImage(asset: { filename: string; focus?: FocalPoint | undefined }): string {
  const source = imageSource(asset.filename);
  return source ? cropImageUrl(source, MENU_TILE.width, MENU_TILE.height, asset.focus) : asset.filename;
}

export function menuFromCms(content: MenuContent): MenuBlock {
  return {
    items: content.body.map(menuItem),
    topLevelSubItems: content.topLevelSubItems.map(menuLink),
    footerItems: content.footerItems.map(menuLink),
  };
}

function footerFromCms(content: FooterContent): FooterBlock {
  return {
    socialSectionTitle: content.socialSectionTitle,
    socialLinks: content.socialLinks.map((s) => ({ name: s.name, link: link(s.link) })),
    links: content.links.map((column) => ({ title: column.title, links: column.links.map(menuLink) })),
    newsletterTitle: content.newsletterTitle,
    newsletterSubtitle: content.newsletterSubtitle,
  };
}

function pointsFromCms(content: SellingPointsContent): SellingPointBlock[] {
  return content.body.map((p) => ({
    labelBold: p.labelBold,
    labelNormal: p.labelNormal,
    ...(p.link ? { link: link(p.link) } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
  }));
}
