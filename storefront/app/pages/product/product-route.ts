import { type Product, t } from "@etalage/core";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { StorefrontServices } from "../../lib/server-context.ts";

/**
 * The product page's route functions, apart from its components so a route can use them without
 * loading the page's code (routes/dispatcher.tsx loads that only for product pages).
 */

export interface ProductActionResult {
  added: boolean;
  /** In Dutch: translated here, so the page needs no dictionary to show it. */
  message: string;
}

/**
 * Add to cart without JavaScript: the form posts here and its lines go into the server cart the
 * cart cookie names (features/cart/cart-form-action.ts), through the in-process cart service.
 * With JavaScript the page adds through the client cart and never posts.
 */
export async function productAction({
  request,
  services,
  product,
}: {
  request: Request;
  services: StorefrontServices;
  /** The product whose page was posted to: the form may add only it, its variants or its set's items. */
  product: Product | undefined;
}) {
  // Server only; the guard lets the browser build drop the import (this file ships to it).
  if (!import.meta.env.SSR) throw new Error("productAction runs on the server");
  const { addFormToServerCart } = await import("../../features/cart/cart-form-action.ts");
  if (!product) throw data(null, { status: 404 });
  const outcome = await addFormToServerCart(request, services.cart, product).catch((error: unknown) => {
    console.error("[cart] add to cart without JavaScript failed", error);
    return { added: false, message: "An error occured while adding to the cart", setCookie: null };
  });
  const result: ProductActionResult = { added: outcome.added, message: t(outcome.message) };
  return data(result, {
    status: outcome.added ? 200 : 400,
    ...(outcome.setCookie ? { headers: { "set-cookie": outcome.setCookie } } : {}),
  });
}

/**
 * Choosing a variant only rewrites the child sku in the URL; the page already holds every child,
 * so that navigation needs no new data. Anything else (another product, a form post) reloads.
 */
export function productShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || !defaultShouldRevalidate) return defaultShouldRevalidate;
  const base = (url: URL) => url.pathname.replace(/^(\/p\/[^/]+\/[^/]+)(\/[^/]+)?\/?$/, "$1");
  const sameProduct =
    currentUrl.pathname.startsWith("/p/") &&
    base(currentUrl) === base(nextUrl) &&
    currentUrl.search === nextUrl.search;
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("childSku");
    return params.toString();
  };
  const sameDispatched = currentUrl.pathname === nextUrl.pathname && others(currentUrl) === others(nextUrl);
  return !(sameProduct || sameDispatched);
}
