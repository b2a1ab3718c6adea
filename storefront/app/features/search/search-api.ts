import { type Product, type ProductSearchResult, STORE } from "@etalage/core";
import { type ProductCardData, toProductCardData } from "../catalog/product-card-data.ts";

/** Browsing §9: the search panel and results page show 18 products at a time. */
export const SEARCH_PAGE_SIZE = 18;

/**
 * The product fields `toProductCardData` reads (card, price, labels, link); the rest of a product
 * never leaves the server. Keep in step with features/catalog/product-card-data.ts.
 */
export const CARD_FIELDS = [
  "id",
  "sku",
  "name",
  "brand",
  "image",
  "media_gallery",
  "price",
  "price_incl_tax",
  "regular_price_incl_tax",
  "final_price_incl_tax",
  "special_price",
  "special_from_date",
  "special_to_date",
  "product_labels",
  "type_id",
  "slug",
  "url_key",
  "url_path",
] as const;

export interface SearchPage {
  items: ProductCardData[];
  total: number;
}

/** Brand names once per page load: products carry the brand as an option value. */
let brandLabels: Map<string, string> | null = null;

/**
 * One page of the catalogue search from the browser (contract "Catalogue"). The first call also
 * asks for the brand facet, whose attribute metadata names every brand.
 */
export async function searchProductsPage(
  query: string,
  from: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const params = new URLSearchParams({
    from: String(from),
    size: String(SEARCH_PAGE_SIZE),
    _source_include: CARD_FIELDS.join(","),
  });
  const body = {
    _searchText: query,
    ...(brandLabels ? {} : { _availableFilters: [{ field: "brand" }] }),
  };
  const response = await fetch(`/api/catalog/${STORE.catalogIndex}/product/_search?${params}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`Search answered ${response.status}`);
  const result = (await response.json()) as ProductSearchResult;
  if (!brandLabels) {
    const brand = result.attributeMetadata.find((a) => a.attribute_code === "brand");
    brandLabels = new Map((brand?.options ?? []).map((o) => [String(o.value), o.label]));
  }
  const labels = brandLabels;
  const optionLabel = (code: string, value: string | number) =>
    code === "brand" ? labels.get(String(value)) : undefined;
  return {
    items: result.items.map((product: Product) => toProductCardData(product, { optionLabel })),
    total: result.total,
  };
}
