import { isRouteErrorResponse, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { isShellPreview } from "../features/cms/shell-blocks.ts";
import { configureElevate } from "../lib/elevate/elevate-config.ts";
import { routePathsContext, servicesContext } from "../lib/server-context.ts";
import { DefaultShell } from "../shell/default-shell.tsx";
import { reachableLinks, withReachableLinks } from "../shell/reachable-links.ts";
import { shellBlocksFromCms } from "../shell/shell-from-cms.ts";
import { LayoutErrorPage } from "../shell/status-page.tsx";
import { useTrackingStart } from "../shell/use-tracking-start.ts";
import type { Route } from "./+types/default-layout";

/**
 * Critical: the shell's CMS blocks (menu, footer, selling points) from the published stories;
 * a missing story falls back to the blocks built from the category tree.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const blocks = () => {
    const reachable = reachableLinks(services, context.get(routePathsContext));
    return shellBlocksFromCms(services, url).then((cms) => withReachableLinks(cms, reachable));
  };
  // The editor's preview of a layout story shows its draft here, always read fresh
  // (shell/shell-from-cms.ts); every other page shares the published blocks, their links checked
  // once per publish or catalogue change instead of on every render.
  const shell = isShellPreview(url) ? await blocks() : await services.shared("shell-blocks", blocks);
  // Where the browser's Elevate client goes: a configured cluster, or this shop (null).
  return { ...shell, elevateCluster: services.elevate.clusterId, gtmId: services.gtmId };
}

/**
 * The blocks change with a publish or an import, not with the page: client navigations reuse them.
 * The editor's live preview reloads them with each draft save.
 */
export function shouldRevalidate({ nextUrl }: ShouldRevalidateFunctionArgs) {
  return isShellPreview(nextUrl);
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  configureElevate(loaderData.elevateCluster);
  useTrackingStart(loaderData.gtmId);
  return (
    <DefaultShell blocks={loaderData}>
      <Outlet />
    </DefaultShell>
  );
}

/** Errors of the pages inside keep the header and footer; a 404 looks like page-not-found. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LayoutErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
