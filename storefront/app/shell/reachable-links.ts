import { matchPath } from "react-router";
import { type CmsLink, isExternal, linkHref, type ShellBlocks } from "../features/cms/shell-blocks.ts";
import type { StorefrontServices } from "../lib/server-context.ts";

/*
 * The shell never links to a 404 (issue 14). An editor's menu and footer may point at pages other
 * parts of the shop bring (Inloggen, Mijn account, the store locator): a shop path is shown when
 * one of the storefront's own routes serves it, or the URL dispatcher finds a product, category or
 * CMS page there. So such a link switches itself on the day its route lands, with no edit here,
 * and a CMS page at the same path (the demo's "Onze winkels") serves it until then.
 */

/** Whether a link's target answers; external, mail and phone addresses are taken on trust. */
export type Reachable = (href: string) => Promise<boolean>;

type Resolver = Pick<StorefrontServices, "resolveUrl">;

export function reachableLinks(services: Resolver, routePaths: readonly string[]): Reachable {
  const known = new Map<string, Promise<boolean>>();
  const check = async (path: string) => {
    if (path === "/") return true;
    const bare = path.length > 1 ? path.replace(/\/+$/, "") : path;
    if (routePaths.some((pattern) => matchPath({ path: pattern, end: true }, bare))) return true;
    const match = await services.resolveUrl(bare, { linkOnly: true }).catch(() => undefined);
    return match?.found === true || Boolean(match?.redirect);
  };
  return (href) => {
    if (!href.startsWith("/") || href.startsWith("//")) return Promise.resolve(true);
    const path = href.split(/[?#]/, 1)[0] || "/";
    let answer = known.get(path);
    if (!answer) {
      answer = check(path);
      known.set(path, answer);
    }
    return answer;
  };
}

const targetOf = (link: CmsLink) => (isExternal(link.url || link.cached_url) ? "" : linkHref(link));

/** The blocks with every link to nowhere left out (a selling point keeps its text, without link). */
export async function withReachableLinks(blocks: ShellBlocks, reachable: Reachable): Promise<ShellBlocks> {
  const ok = async (link: CmsLink | undefined) => !link || (await reachable(targetOf(link)));
  const keep = async <T extends { link: CmsLink }>(items: readonly T[]) => {
    const answers = await Promise.all(items.map((item) => ok(item.link)));
    return items.filter((_, i) => answers[i]);
  };
  const { menu, footer, sellingPoints } = blocks;
  const items = await Promise.all(
    menu.items.map(async (item) => ({
      ...item,
      ...(item.columnOne && { columnOne: { ...item.columnOne, links: await keep(item.columnOne.links) } }),
      ...(item.columnTwo && { columnTwo: { ...item.columnTwo, links: await keep(item.columnTwo.links) } }),
    })),
  );
  return {
    menu: {
      items,
      topLevelSubItems: await keep(menu.topLevelSubItems),
      footerItems: await keep(menu.footerItems),
    },
    footer: {
      ...footer,
      links: await Promise.all(
        footer.links.map(async (column) => ({ ...column, links: await keep(column.links) })),
      ),
    },
    sellingPoints: await Promise.all(
      sellingPoints.map(async (point) => {
        if (await ok(point.link)) return point;
        const { link: _dropped, ...rest } = point;
        return rest;
      }),
    ),
  };
}

/** The storefront's route paths, parents joined, the catch-all left out (server/src/ssr/plugin.ts). */
export function routePathsOf(
  routes: Record<string, { path?: string; parentId?: string } | undefined>,
): string[] {
  const full = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    return [full(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .map((id) => full(id))
    .filter((path) => path !== "" && path !== "*")
    .map((path) => `/${path}`);
}
