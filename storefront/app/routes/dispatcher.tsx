import {
  type Category,
  childRedirectLocation,
  dispatchedRouteName,
  dispatcherPath,
  PAGE_NOT_FOUND_ROUTE,
  type Product,
  pageTitle,
  type RouteName,
  redirectLocation,
  stripStoreCode,
  t,
  trailingSlashRedirect,
} from "@etalage/core";
import { useEffect } from "react";
import {
  data,
  type MetaDescriptor,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import { categoryMeta } from "../features/catalog/category-meta.ts";
import { type CategoryPageData, sharedCategoryPage } from "../features/catalog/category-page-data.ts";
import { cmsMeta } from "../features/cms/cms-meta.ts";
import "../features/cms/cms-page-styles.ts";
import type { CmsPageData } from "../features/cms/cms-page-data.ts";
import { type CategoryCms, loadCategoryCms, loadCmsPage } from "../features/cms/cms-route.tsx";
import "../features/catalog/category-page-styles.ts";
import type { ProductPageData } from "../pages/product/product-data.ts";
import { productMeta } from "../pages/product/product-meta.ts";
import { buildProductPageData } from "../pages/product/product-page-data.ts";
import "../pages/product/product-page-styles.ts";
import { deferredModule } from "../lib/deferred-module.ts";
import { PageBoundary } from "../lib/page-boundary.tsx";
import { type DispatchedType, rememberRoute } from "../lib/route-map.ts";
import { servicesContext } from "../lib/server-context.ts";
import { productAction } from "../pages/product/product-route.ts";
import { loadStatusViews, NotFoundPage } from "../shell/status-page.tsx";
import type { Route } from "./+types/dispatcher";
import { meta as notFoundMeta } from "./not-found.tsx";

/**
 * Each page type's components in their own chunk: a product page does not download the category
 * page's or the CMS blocks' code, nor the other way round (docs/decisions/0007). The server
 * loader awaits the one it renders; a client navigation awaits it in `clientLoader`; at
 * hydration the page's <PageBoundary> keeps the server's HTML until the chunk is there.
 */
const categoryPage = deferredModule(() => import("../features/catalog/category-page.tsx"));
const productPage = deferredModule(() => import("../pages/product/product-page.tsx"));
const cmsViews = deferredModule(() => import("../features/cms/cms-views.ts"));

/**
 * The URL dispatcher (browsing §2 "Route resolution"): every path the route table does not name
 * is looked up by URL mapping and shown as a category, a product or (with the CMS issue) a CMS
 * page; a redirect entity moves the visitor on; anything else is page-not-found with a 404.
 * Critical only: mapping and the page it finds, in-process on the server. The page's head comes
 * with it (`meta`), built here: the browser then needs none of the three page types' meta code.
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
      const [page, cms] = await Promise.all([
        sharedCategoryPage({ services, category, request: pageRequest }),
        loadCategoryCms(services, category),
        categoryPage.load(),
        cmsViews.load(),
      ]);
      const shown = cms?.title ? { ...page, title: cms.title } : page;
      return {
        kind: "category" as const,
        route: dispatchedRouteName({ type: "category", slug: category.slug }),
        page: shown,
        // Tile positions are cells of the first page.
        cms: cms && page.paging.page <= 1 ? cms : undefined,
        meta: categoryMeta(shown, url),
      };
    }
    case "product": {
      const product = match.source as Product;
      const page = buildProductPageData({ services, product, request: pageRequest, childSku });
      await productPage.load();
      return {
        kind: "product" as const,
        route: dispatchedRouteName({ type: "product", product }),
        page,
        meta: productMeta(page, url),
      };
    }
    case "cms_page": {
      const [page] = await Promise.all([
        loadCmsPage(services, match.source as Record<string, unknown>),
        cmsViews.load(),
      ]);
      if (!page) return notFound();
      const route: RouteName = { name: "cms-page", params: { slug: page.fullSlug } };
      // The page's own slash form: any other spelling of its path was redirected to it above.
      const canonical = services.publicUrl.replace(/\/+$/, "") + url.pathname;
      return { kind: "cms_page" as const, route, page, meta: cmsMeta(page, { canonical }) };
    }
    default:
      return notFound();
  }
}

/** A client navigation renders at once: the page's chunk is loaded with its data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader();
  if (loaded.kind === "category") await Promise.all([categoryPage.load(), loaded.cms && cmsViews.load()]);
  else if (loaded.kind === "product") await (await productPage.load()).preloadFor(loaded.page);
  else if (loaded.kind === "cms_page") await cmsViews.load();
  else await loadStatusViews();
  return loaded;
}

/** Forms posted to a dispatched page: the product page's (add to cart); nothing else takes posts. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { path } = stripStoreCode(dispatcherPath(url.pathname));
  const match = path ? await services.resolveUrl(path) : undefined;
  if (match?.found && match.type === "product") {
    return productAction({ request, services, product: match.source as Product });
  }
  throw data(null, { status: 405 });
}

/**
 * Choosing a variant only rewrites `childSku`: the product page holds every child already (the
 * /p/ routes' own rule is pages/product/product-route.ts's). Anything else reloads.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || !defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname) {
    return defaultShouldRevalidate;
  }
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("childSku");
    return params.toString();
  };
  return others(currentUrl) !== others(nextUrl);
}

function notFound() {
  const route: RouteName = PAGE_NOT_FOUND_ROUTE;
  return data({ kind: "not-found" as const, route, meta: notFoundMeta() }, { status: 404 });
}

/** Keeps the visitor's other query parameters (campaign tags) across the child → parent move. */
function withVisitorQuery(to: string, visitor: URLSearchParams): string {
  const target = new URL(to, "http://dispatcher.invalid");
  for (const [name, value] of visitor) {
    if (name !== "childSku" && !target.searchParams.has(name)) target.searchParams.append(name, value);
  }
  return target.pathname + target.search;
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (loaderData) return loaderData.meta;
  return error
    ? [{ title: pageTitle(t("Something went wrong")) }, { name: "robots", content: "noindex" }]
    : [];
}

export default function Dispatcher({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const kind: DispatchedType = loaderData.kind;
  useEffect(() => rememberRoute(pathname, kind), [pathname, kind]);
  switch (loaderData.kind) {
    case "category":
      // Keyed by path: another category starts with fresh panel state, a filter change does not.
      return (
        <PageBoundary>
          <DispatchedCategory key={pathname} data={loaderData.page} cms={loaderData.cms} />
        </PageBoundary>
      );
    case "product":
      return (
        <PageBoundary>
          <DispatchedProduct key={pathname} data={loaderData.page} />
        </PageBoundary>
      );
    case "cms_page":
      return (
        <PageBoundary>
          <DispatchedCms key={pathname} page={loaderData.page} />
        </PageBoundary>
      );
    default:
      return <NotFoundPage />;
  }
}

function DispatchedCategory({ data, cms }: { data: CategoryPageData; cms?: CategoryCms | undefined }) {
  const { CategoryPage } = categoryPage.use();
  // The CMS chunk only when the category has CMS content (its tiles in the grid).
  const tiles = cms ? cmsViews.use().categoryGridTiles(cms) : undefined;
  return <CategoryPage data={data} tiles={tiles} />;
}

function DispatchedCms(props: { page: CmsPageData }) {
  const { CmsPage } = cmsViews.use();
  return <CmsPage {...props} />;
}

function DispatchedProduct(props: { data: ProductPageData }) {
  const { ProductPage } = productPage.use();
  return <ProductPage {...props} />;
}
