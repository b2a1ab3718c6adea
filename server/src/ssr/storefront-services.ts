import type { StorefrontServices } from "@etalage/storefront/server-context";
import type { Services } from "../services/index.ts";

/** The in-process face of the server that SSR loaders see. */
export function storefrontServices(services: Services): StorefrontServices {
  return {
    categoryTree: () => services.catalog.categoryTree(),
    productsInCategory: (categoryId, limit) => services.catalog.productsInCategory(categoryId, limit),
    publicUrl: services.config.PUBLIC_URL,
  };
}
