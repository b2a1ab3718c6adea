import {
  COMPARE_ATTRIBUTES,
  type CompareEntry,
  type Product,
  type ProductOption,
  type ProductSearchResult,
  STORE,
  stockStatus,
} from "@etalage/core";
import {
  CARD_PRODUCT_FIELDS,
  type ProductCardData,
  toProductCardData,
} from "../../ui/products/product-card-data.ts";

/** What the cart needs to add one size of a compared product (the cart's CartProduct, structurally). */
export interface OrderableSize {
  size: string;
  product: {
    id: number;
    sku: string;
    parentSku?: string;
    type_id: "simple" | "configurable";
    name: string;
    image: string | null;
    price_incl_tax: number;
    special_price_incl_tax: number | null;
    url_path: string;
    slug: string;
    product_option?: ProductOption;
    stock: "ok" | "volatile";
  };
}

export interface ComparedProduct {
  entry: CompareEntry;
  /** The sizes in stock the shopper can add, in the option's order (a simple product: one, ""). */
  sizes: OrderableSize[];
}

const FIELDS = [
  ...CARD_PRODUCT_FIELDS,
  ...COMPARE_ATTRIBUTES,
  "color",
  "stock",
  "category",
  "configurable_options",
  "configurable_children.id",
  "configurable_children.sku",
  "configurable_children.status",
  "configurable_children.stock",
  "configurable_children.color",
  "configurable_children.size",
  "configurable_children.image",
  "configurable_children.price_incl_tax",
  "configurable_children.final_price_incl_tax",
];

async function search<T>(entity: string, body: object, fields: readonly string[], signal?: AbortSignal) {
  const params = new URLSearchParams({ size: "100", _source_include: fields.join(",") });
  const response = await fetch(`/api/catalog/${STORE.catalogIndex}/${entity}/_search?${params}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`Catalogue answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The compared products, fresh from the catalogue (contract "Catalogue"): their card fields, the
 * compared attributes with their labels (the attribute metadata of the same answer), the sizes in
 * stock of the colour shown, and the kind (the deepest of their categories). Throws when the
 * catalogue cannot be reached: the page then shows the kept snapshots.
 */
export async function fetchCompared(
  keys: readonly string[],
  signal?: AbortSignal,
): Promise<ComparedProduct[]> {
  if (keys.length === 0) return [];
  const result = await search<ProductSearchResult>(
    "product",
    {
      _appliedFilters: [{ attribute: "sku", value: { in: keys }, scope: "default" }],
      _availableFilters: ["brand", ...COMPARE_ATTRIBUTES].map((field) => ({ field, scope: "catalog" })),
    },
    FIELDS,
    signal,
  );
  const labels = new Map<string, string>();
  for (const attribute of result.attributeMetadata) {
    for (const option of attribute.options ?? [])
      labels.set(`${attribute.attribute_code}:${option.value}`, option.label);
  }
  const label = (code: string, value: unknown) =>
    value === undefined || value === null || value === "" ? undefined : labels.get(`${code}:${value}`);
  const kinds = await kindsOf(result.items, signal);
  return result.items.map((product) => {
    const card = toProductCardData(product, { optionLabel: label });
    const sizes = orderableSizes(product, card);
    return {
      entry: {
        key: product.sku,
        kind: kinds.get(product.sku) ?? null,
        name: card.name,
        href: card.href,
        image: card.image,
        brand: card.brand,
        price: card.price,
        specialPrice: card.specialPrice,
        attributes: Object.fromEntries(
          COMPARE_ATTRIBUTES.map((code) => [code, label(code, product[code]) ?? null]),
        ),
        sizesInStock: sizes.map((s) => s.size).filter((s) => s !== ""),
      },
      sizes,
    };
  });
}

/**
 * One product's sizes in stock as cart lines, without the rest of a comparison: what a product
 * card's quick add offers (the size selector, issue 29). Null when the catalogue does not know it.
 */
export async function fetchOrderableSizes(
  sku: string,
  signal?: AbortSignal,
): Promise<OrderableSize[] | null> {
  const result = await search<ProductSearchResult>(
    "product",
    { _appliedFilters: [{ attribute: "sku", value: { eq: sku }, scope: "default" }] },
    FIELDS,
    signal,
  );
  const product = result.items[0];
  return product ? orderableSizes(product, toProductCardData(product)) : null;
}

/** Each product's deepest active category's name: shirts are compared with shirts. */
async function kindsOf(products: readonly Product[], signal?: AbortSignal): Promise<Map<string, string>> {
  const ids = [...new Set(products.flatMap((p) => p.category_ids ?? p.category.map((c) => c.category_id)))];
  if (ids.length === 0) return new Map();
  const result = await search<{ items: { id: number; name: string; level: number; is_active?: boolean }[] }>(
    "category",
    { _appliedFilters: [{ attribute: "id", value: { in: ids }, scope: "default" }] },
    ["id", "name", "level", "is_active"],
    signal,
  );
  const byId = new Map(result.items.filter((c) => c.is_active !== false).map((c) => [c.id, c]));
  const kinds = new Map<string, string>();
  for (const product of products) {
    const deepest = product.category
      .map((c) => byId.get(c.category_id))
      .filter((c) => c !== undefined)
      .toSorted((a, b) => b.level - a.level)[0];
    if (deepest) kinds.set(product.sku, deepest.name);
  }
  return kinds;
}

/** The sizes in stock of the colour the card shows, each as the cart line it would become. */
function orderableSizes(product: Product, card: ProductCardData): OrderableSize[] {
  const base = { name: card.name, image: card.image, url_path: product.url_path, slug: product.slug };
  if (product.type_id === "simple") {
    const stock = stockStatus(product.stock);
    if (stock === "out_of_stock") return [];
    return [
      {
        size: "",
        product: {
          ...base,
          id: product.id,
          sku: product.sku,
          type_id: "simple",
          price_incl_tax: card.price,
          special_price_incl_tax: card.specialPrice,
          stock,
        },
      },
    ];
  }
  if (product.type_id !== "configurable") return [];
  const options = product.configurable_options ?? [];
  const sizeOption = options.find((o) => o.attribute_code === "size");
  if (!sizeOption) return [];
  const children = (product.configurable_children ?? []).filter(
    (c) => c.status === 1 && (!product.color || !c.color || String(c.color) === String(product.color)),
  );
  return sizeOption.values.flatMap((value) => {
    const child = children.find((c) => String(c.size) === String(value.value_index));
    if (!child) return [];
    const stock = stockStatus(child.stock);
    if (stock === "out_of_stock") return [];
    const price = child.price_incl_tax ?? card.price;
    const final = child.final_price_incl_tax ?? price;
    return [
      {
        size: value.label,
        product: {
          ...base,
          image: child.image ?? card.image,
          id: child.id,
          sku: child.sku,
          parentSku: product.sku,
          type_id: "configurable",
          price_incl_tax: price,
          special_price_incl_tax: final < price ? final : null,
          stock,
          product_option: {
            extension_attributes: {
              configurable_item_options: options.flatMap((option) => {
                const chosen = String(child[option.attribute_code] ?? "");
                const picked = option.values.find((v) => String(v.value_index) === chosen);
                return picked
                  ? [
                      {
                        option_id: String(option.attribute_id),
                        option_value: chosen,
                        label: option.label,
                        value: picked.label,
                      },
                    ]
                  : [];
              }),
            },
          },
        },
      },
    ];
  });
}
