import { checkProductLoad, DEFAULT_LINK_OPTIONS, productLink } from "@etalage/core";
import { data, redirect } from "react-router";
import { servicesContext } from "../lib/server-context.ts";
import { productMeta } from "../pages/product/product-meta.ts";
import { ProductPage } from "../pages/product/product-page.tsx";
import { buildProductPageData } from "../pages/product/product-page-data.ts";
import { productAction, productShouldRevalidate } from "../pages/product/product-route.ts";
import type { Route } from "./+types/product";

/** /p/{parentSku}/{slug} and /p/{parentSku}/{slug}/{childSku} (browsing §2 route table). */

/** Page-type tag for analytics (browsing §2 "Default layout"). */
export const handle = { pageType: "ProductDetail" };

/**
 * Critical: the product with its prices, found by the parent sku; unknown, disabled or not
 * visible answers 404. A configurable child's sku in the parent's place answers 301 to the
 * parent with that child chosen (browsing §2 "Route resolution"). Deferred: colour relations.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const product = services.productBySku(params.parentSku);
  if (!product) throw data(null, { status: 404 });
  const routeLinks = { ...DEFAULT_LINK_OPTIONS, useUrlDispatcher: false };
  if (product.sku !== params.parentSku) {
    throw redirect(productLink(product, params.parentSku, routeLinks), 301);
  }
  if ("error" in checkProductLoad(product, { preventChildDirectAccess: true })) {
    throw data(null, { status: 404 });
  }
  const childSku = params.childSku;
  if (
    childSku !== undefined &&
    childSku !== product.sku &&
    !product.configurable_children?.some((c) => c.sku === childSku)
  ) {
    throw data(null, { status: 404 });
  }
  return buildProductPageData({ services, product, request, childSku });
}

export const action = ({ request, context, params }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  return productAction({ request, services, product: services.productBySku(params.parentSku) });
};

export const shouldRevalidate = productShouldRevalidate;

export function meta({ loaderData, location }: Route.MetaArgs) {
  if (!loaderData) return [];
  return productMeta(loaderData, new URL(location.pathname, loaderData.publicUrl));
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductPage data={loaderData} />;
}
