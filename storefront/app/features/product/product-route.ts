import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The product page's route functions, apart from its components so a route can use them without
 * loading the page's code (routes/dispatcher.tsx loads that only for product pages).
 */

export interface ProductActionResult {
  notImplemented: true;
}

/** Add to cart posts here (a real form, so it works before JavaScript); the cart issue wires it. */
export async function productAction({ request }: { request: Request }): Promise<ProductActionResult> {
  await request.formData();
  return { notImplemented: true };
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
