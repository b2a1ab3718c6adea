import { type Product, type ProductSearchResult, STORE } from "@etalage/core";
import {
  CARD_PRODUCT_FIELDS,
  type ProductCardData,
  toProductCardData,
} from "../../ui/products/product-card-data.ts";

/** Browsing §9: the search panel and results page show 18 products at a time. */
export const SEARCH_PAGE_SIZE = 18;

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
    _source_include: CARD_PRODUCT_FIELDS.join(","),
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
