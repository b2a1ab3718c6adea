import {
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { isShellPreview, shellBlocksFromCms } from "../features/cms/shell-from-cms.ts";
import { fallbackShellBlocks } from "../features/shell/default-blocks.ts";
import { DefaultShell } from "../features/shell/default-shell.tsx";
import { ErrorContent, NotFoundContent } from "../features/shell/status-page.tsx";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/default-layout";

/**
 * Critical: the shell's CMS blocks (menu, footer, selling points) from the published stories;
 * a missing story falls back to the blocks built from the category tree.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  // The editor's preview of a layout story shows its draft here (features/cms/shell-from-cms.ts).
  return shellBlocksFromCms(context.get(servicesContext), url);
}

/**
 * The blocks change with a publish or an import, not with the page: client navigations reuse them.
 * The editor's live preview reloads them with each draft save.
 */
export function shouldRevalidate({ nextUrl }: ShouldRevalidateFunctionArgs) {
  return isShellPreview(nextUrl);
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DefaultShell blocks={loaderData}>
      <Outlet />
    </DefaultShell>
  );
}

/** Errors of the pages inside keep the header and footer; a 404 looks like page-not-found. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const blocks = useRouteLoaderData<typeof loader>("layouts/default-layout") ?? fallbackShellBlocks();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <DefaultShell blocks={blocks}>
      {status === 404 ? <NotFoundContent menu={blocks.menu} /> : <ErrorContent status={status} />}
    </DefaultShell>
  );
}
