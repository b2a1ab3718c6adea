import { pageTitle, t } from "@etalage/core";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { useServiceWorker } from "./features/offline/use-service-worker.ts";
import { useNavigationHistory } from "./lib/navigation-history.ts";
import { useNonce } from "./lib/nonce.ts";
import { useShellHydrated } from "./lib/page-boundary.tsx";
import { routeErrorMiddleware, useRouteErrors } from "./lib/route-errors.ts";
import { useShopLinks } from "./lib/shop-link.tsx";
import { ProgressBar } from "./shell/progress-bar.tsx";
import { RootErrorPage } from "./shell/status-page.tsx";
// Every feature's reactions to the shopper's events, listening before anything happens.
import "./shell/reactions.ts";
import "./styles/index.css";

/** Route-load failures of every navigation: notification, offline cache, home (lib/route-errors.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [routeErrorMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (issue 17): written by pwa/build-pwa.ts.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** The fallback for every page without its own meta, error pages included. */
export function meta({ error }: Route.MetaArgs) {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: pageTitle(notFound ? t("Page not found") : t("Something went wrong")) },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    { title: "Etalage" },
    { name: "description", content: t("Menswear and footwear, delivered tomorrow") },
  ];
}

/** The document. Script tags carry this response's CSP nonce (entry.server.tsx, lib/nonce.ts). */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'), and browsers do not hide it on <link>,
            so a real one would differ from what the client renders. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useShopLinks();
  useNavigationHistory();
  useRouteErrors();
  useServiceWorker();
  useShellHydrated();
  return (
    <>
      <ProgressBar />
      <Outlet />
    </>
  );
}

/** Last resort, when even a layout failed: the minimal layout, in Dutch; a 404 is page-not-found. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An offline route lookup fails right up to here; it still gets its message and goes home.
  useRouteErrors();
  useShellHydrated();
  return <RootErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
