import { isRouteErrorResponse, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTrackingStart } from "../features/analytics/use-tracking-start.ts";
import { shellBlocksFromCms } from "../features/cms/shell-from-cms.ts";
import { configureElevate } from "../features/recommendations/elevate-config.ts";
import { isShellPreview } from "../features/shell/cms-blocks.ts";
import { DefaultShell } from "../features/shell/default-shell.tsx";
import { reachableLinks, withReachableLinks } from "../features/shell/reachable-links.ts";
import { LayoutErrorPage } from "../features/shell/status-page.tsx";
import { routePathsContext, servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/default-layout";

/**
 * Critical: the shell's CMS blocks (menu, footer, selling points) from the published stories;
 * a missing story falls back to the blocks built from the category tree.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // The editor's preview of a layout story shows its draft here (features/cms/shell-from-cms.ts).
  const reachable = reachableLinks(services, context.get(routePathsContext));
  const blocks = await withReachableLinks(await shellBlocksFromCms(services, url), reachable);
  // Where the browser's Elevate client goes: a configured cluster, or this shop (null).
  return { ...blocks, elevateCluster: services.elevate.clusterId, gtmId: services.gtmId };
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
