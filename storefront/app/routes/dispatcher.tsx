import {
  type Category,
  childRedirectLocation,
  dispatchedRouteName,
  dispatcherPath,
  PAGE_NOT_FOUND_ROUTE,
  type Product,
  type RouteName,
  redirectLocation,
  stripStoreCode,
  t,
  trailingSlashRedirect,
} from "@etalage/core";
import { useEffect } from "react";
import { data, type MetaDescriptor, redirect, useLocation } from "react-router";
import { CategoryPage, categoryMeta, loadCategoryPage } from "../features/catalog/category-page.tsx";
import {
  loadProductPage,
  ProductPage,
  productAction,
  productMeta,
  productShouldRevalidate,
} from "../features/product/product-page.tsx";
import { type DispatchedType, rememberRoute } from "../lib/route-map.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/dispatcher";
import NotFound, { meta as notFoundMeta } from "./not-found.tsx";

/**
 * The URL dispatcher (browsing §2 "Route resolution"): every path the route table does not name
 * is looked up by URL mapping and shown as a category, a product or (with the CMS issue) a CMS
 * page; a redirect entity moves the visitor on; anything else is page-not-found with a 404.
 * Critical only: mapping and the page it finds, in-process on the server.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { path } = stripStoreCode(dispatcherPath(url.pathname));
  const childSku = url.searchParams.get("childSku") ?? undefined;
  const match = path ? await services.resolveUrl(path, { sku: childSku }) : undefined;

  if (!match?.found) {
    // A redirect entity: the route itself stays not found, the target answers for itself.
    if (match?.redirect)
      throw redirect(redirectLocation(match.redirect.to, url.search), match.redirect.status);
    return notFound();
  }

  if (match.redirect && match.type === "product") {
    // A configurable child's own URL: 301 to the parent with the child chosen. On the client the
    // same redirect replaces the navigation, so the child URL never becomes a history entry.
    const to = childRedirectLocation(match.source as Product, path, childSku);
    if (to) throw redirect(withVisitorQuery(to, url.searchParams), match.redirect.status);
  }

  // Pages live at their slash form (browsing §2 "Link shapes"); client data requests render as asked.
  const isDocument = !new URL(request.url).pathname.endsWith(".data");
  const canonical = trailingSlashRedirect(url.pathname, url.search);
  if (canonical && isDocument && (request.method === "GET" || request.method === "HEAD")) {
    throw redirect(canonical, 301);
  }

  // Feature loaders build links from the request's URL: give them the page's, not the `.data` one.
  const pageRequest = isDocument
    ? request
    : new Request(url, { headers: request.headers, signal: request.signal });
  switch (match.type) {
    case "category": {
      const category = match.source as Category;
      const page = await loadCategoryPage({ services, category, request: pageRequest });
      return {
        kind: "category" as const,
        route: dispatchedRouteName({ type: "category", slug: category.slug }),
        page,
      };
    }
    case "product": {
      const product = match.source as Product;
      const page = await loadProductPage({ services, product, request: pageRequest, childSku });
      return { kind: "product" as const, route: dispatchedRouteName({ type: "product", product }), page };
    }
    default:
      // CMS pages (type cms_page): the CMS issue adds their renderer here. Until then: not found.
      return notFound();
  }
}

/** Forms posted to a dispatched page: the product page's (add to cart); nothing else takes posts. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { path } = stripStoreCode(dispatcherPath(url.pathname));
  const match = path ? await services.resolveUrl(path) : undefined;
  if (match?.found && match.type === "product") return productAction({ request });
  throw data(null, { status: 405 });
}

/** Choosing a variant only rewrites `childSku`: the product page holds every child already. */
export const shouldRevalidate = productShouldRevalidate;

function notFound() {
  const route: RouteName = PAGE_NOT_FOUND_ROUTE;
  return data({ kind: "not-found" as const, route }, { status: 404 });
}

/** Keeps the visitor's other query parameters (campaign tags) across the child → parent move. */
function withVisitorQuery(to: string, visitor: URLSearchParams): string {
  const target = new URL(to, "http://dispatcher.invalid");
  for (const [name, value] of visitor) {
    if (name !== "childSku" && !target.searchParams.has(name)) target.searchParams.append(name, value);
  }
  return target.pathname + target.search;
}

export function meta({ loaderData, location, error }: Route.MetaArgs): MetaDescriptor[] {
  const url = new URL(location.pathname + location.search, "http://localhost");
  switch (loaderData?.kind) {
    case "category":
      return categoryMeta(loaderData.page, url);
    case "product":
      return productMeta(loaderData.page, url);
    case "not-found":
      return notFoundMeta();
    default:
      return error
        ? [{ title: `${t("Something went wrong")} – Etalage` }, { name: "robots", content: "noindex" }]
        : [];
  }
}

export default function Dispatcher({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const kind: DispatchedType = loaderData.kind;
  useEffect(() => rememberRoute(pathname, kind), [pathname, kind]);
  switch (loaderData.kind) {
    case "category":
      // Keyed by path: another category starts with fresh panel state, a filter change does not.
      return <CategoryPage key={pathname} data={loaderData.page} />;
    case "product":
      return <ProductPage key={pathname} data={loaderData.page} />;
    default:
      return <NotFound />;
  }
}
