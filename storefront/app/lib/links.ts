import type { Category, Product } from "@etalage/core";

/*
 * Link shapes (browsing §2 "Link shapes") with the URL dispatcher off. They move to core's link
 * builder when the catalogue issue lands; until then only the shell uses them.
 */

export function categoryPath(category: Pick<Category, "slug">): string {
  return `/c/${category.slug}`;
}

/** /p/{parentSku}/{slug}, plus /{childSku} for configurable products (childSku defaults to the sku). */
export function productPath(product: Pick<Product, "sku" | "parentSku" | "slug" | "type_id">): string {
  const parentSku = product.parentSku ?? product.sku;
  const base = `/p/${encodeURIComponent(parentSku)}/${product.slug}`;
  return product.type_id === "configurable" ? `${base}/${encodeURIComponent(product.sku)}` : base;
}
