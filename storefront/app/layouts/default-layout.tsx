import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { DefaultShell } from "../features/shell/default-shell.tsx";
import { type MenuItem, menuItems } from "../features/shell/menu.ts";
import { ErrorContent, NotFoundContent } from "../features/shell/status-page.tsx";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/default-layout";

/** Critical: the top-level categories for the header navigation, mobile menu and footer. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { menu: menuItems(services.categoryTree()) };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DefaultShell menu={loaderData.menu}>
      <Outlet />
    </DefaultShell>
  );
}

/** Errors of the pages inside keep the header and footer; a 404 looks like page-not-found. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("layouts/default-layout");
  const menu: MenuItem[] = data?.menu ?? [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <DefaultShell menu={menu}>
      {status === 404 ? <NotFoundContent menu={menu} /> : <ErrorContent status={status} />}
    </DefaultShell>
  );
}
