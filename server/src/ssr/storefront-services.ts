import type { RouteMatch, StorefrontServices } from "@etalage/storefront/server-context";
import { searchProducts } from "../services/catalog-search.ts";
import type { Services } from "../services/index.ts";
import { noCmsPages, resolveUrl } from "../services/url-resolve.ts";

/** The in-process face of the server that SSR loaders see (storefront/app/lib/server-context.ts). */
export function storefrontServices(services: Services): StorefrontServices {
  const { catalog } = services;
  const attribute = (code: string) => catalog.snapshot().attributeByCode.get(code);
  return {
    categoryTree: () => catalog.categoryTree(),
    categoryById: (id) => catalog.categoryById(id),
    categoryByUrlPath: (urlPath) => catalog.categoryByUrlPath(urlPath),
    productsInCategory: (categoryId, limit) => catalog.productsInCategory(categoryId, limit),
    searchProducts: (query) => searchProducts(catalog, query),
    productBySku: (sku) => catalog.productBySku(sku) ?? catalog.childBySku(sku)?.parent,
    resolveUrl: async (url, options) =>
      (await resolveUrl(catalog, url, {
        preventChildDirectAccess: services.config.PREVENT_CHILD_DIRECT_ACCESS,
        sku: options?.sku,
        cmsPage: noCmsPages,
      })) as RouteMatch,
    attribute,
    optionLabel: (code, value) =>
      attribute(code)?.options.find((option) => String(option.value) === String(value))?.label,
    publicUrl: services.config.PUBLIC_URL,
  };
}
