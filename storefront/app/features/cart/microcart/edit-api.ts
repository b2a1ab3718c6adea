import {
  type ConfigurableChild,
  type ConfigurableOption,
  type ProductSearchResult,
  STORE,
} from "@etalage/core";

/** A configurable product as the line editor needs it: its options and its variants. */
export interface EditableProduct {
  sku: string;
  options: ConfigurableOption[];
  variants: ConfigurableChild[];
  /** value_index → CSS colour of the colour swatches. */
  swatches: Record<string, string>;
}

const FIELDS = [
  "sku",
  "configurable_options",
  "configurable_children.sku",
  "configurable_children.status",
  "configurable_children.stock",
  "configurable_children.color",
  "configurable_children.size",
  "configurable_children.image",
  "configurable_children.price_incl_tax",
  "configurable_children.final_price_incl_tax",
  "configurable_children.regular_price_incl_tax",
];

/**
 * The parent of a configurable line, fetched through the catalogue search as the storefront does
 * elsewhere (contract "Catalogue"), with the colour attribute's swatches in the same answer.
 */
export async function fetchEditableProduct(
  parentSku: string,
  signal?: AbortSignal,
): Promise<EditableProduct> {
  const params = new URLSearchParams({ size: "1", _source_include: FIELDS.join(",") });
  const response = await fetch(`/api/catalog/${STORE.catalogIndex}/product/_search?${params}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      _appliedFilters: [{ attribute: "sku", value: { eq: parentSku }, scope: "default" }],
      _availableFilters: [{ field: "color", scope: "catalog" }],
    }),
    signal,
  });
  if (!response.ok) throw new Error(`Catalogue answered ${response.status}`);
  const result = (await response.json()) as ProductSearchResult;
  const product = result.items.find((p) => p.sku === parentSku);
  if (!product) throw new Error(`Product ${parentSku} not found`);
  const color = result.attributeMetadata.find((a) => a.attribute_code === "color");
  const swatches: Record<string, string> = {};
  for (const option of color?.options ?? []) {
    if (option.swatch) swatches[String(option.value)] = option.swatch;
  }
  return {
    sku: product.sku,
    options: product.configurable_options ?? [],
    variants: product.configurable_children ?? [],
    swatches,
  };
}
