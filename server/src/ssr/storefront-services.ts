import type { StorefrontServices } from "@etalage/storefront/server-context";
import type { Services } from "../services/index.ts";

/** The in-process face of the server that SSR loaders see. */
export function storefrontServices(services: Services): StorefrontServices {
  return {
    categoryTree: () => services.catalog.categoryTree(),
    productsInCategory: (categoryId, limit) => services.catalog.productsInCategory(categoryId, limit),
    optionLabel: (attributeCode, value) =>
      services.catalog
        .snapshot()
        .attributeByCode.get(attributeCode)
        ?.options.find((option) => String(option.value) === String(value))?.label,
    publicUrl: services.config.PUBLIC_URL,
  };
}
