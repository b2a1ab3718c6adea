import { type ProductOption, textOptionsSelection } from "@etalage/core";
import type { AddToCartRequest, CartProduct } from "../../features/cart/add-to-cart-request.ts";
import type { Prices, ProductPageData, VariantView } from "./product-data.ts";

/** What the product page's form holds when the shopper presses "Add to cart". */
export interface ProductChoice {
  variant: VariantView | null;
  /** attribute_code → chosen value_index. */
  configuration: Record<string, string>;
  qty: string;
  groupQty: Record<string, string>;
  bundleChoice: Record<number, number>;
  bundleQty: Record<number, string>;
  /** The bundle's price for the chosen selections, when a bundle. */
  total: Prices | null;
  /** Typed options by option id, such as a gift card's recipient (issue 14). */
  texts?: Record<string, string>;
  errors?: Record<string, string>;
}

const priceFields = (prices: Prices) => ({
  price_incl_tax: prices.regular,
  special_price_incl_tax: prices.special,
});

/** The add-to-cart request for a product page, every product type (transactional §4). */
export function productCartRequest(data: ProductPageData, choice: ProductChoice): AddToCartRequest {
  const base: CartProduct = {
    id: data.id,
    sku: data.sku,
    type_id: data.type,
    name: data.name,
    image: data.images[0]?.path ?? null,
    ...priceFields(data.prices),
    url_path: data.link.url_path,
    slug: data.link.slug,
    stock: data.stock,
  };
  const errors = choice.errors && Object.keys(choice.errors).length > 0 ? { errors: choice.errors } : {};

  if (data.grouped) {
    return {
      product: base,
      ...errors,
      grouped: data.grouped.map((item) => ({
        qty: choice.groupQty[item.sku] ?? String(item.qty),
        // A size of a configurable goes in as that configurable's own page puts it in.
        product: item.variant
          ? {
              sku: item.sku,
              type_id: "configurable",
              parentSku: item.variant.parentSku,
              url_path: item.variant.url_path,
              slug: item.variant.slug,
              name: item.name,
              image: item.image,
              ...priceFields(item.prices),
              product_option: { extension_attributes: { configurable_item_options: item.variant.options } },
              stock: item.stock,
            }
          : {
              sku: item.sku,
              type_id: "simple",
              name: item.name,
              image: item.image,
              ...priceFields(item.prices),
              stock: item.stock,
            },
      })),
    };
  }

  if (data.configurable && choice.variant) {
    const variant = choice.variant;
    const product_option: ProductOption = {
      extension_attributes: {
        configurable_item_options: data.configurable.options.flatMap((option) => {
          const value =
            choice.configuration[option.attribute_code] ?? String(variant[option.attribute_code] ?? "");
          if (!value) return [];
          const label = option.values.find((v) => v.value_index === value)?.label ?? value;
          return [
            {
              option_id: String(option.attribute_id),
              option_value: value,
              label: option.label,
              value: label,
            },
          ];
        }),
      },
    };
    return {
      product: {
        ...base,
        id: variant.id,
        sku: variant.sku,
        parentSku: data.sku,
        image: variant.image ?? base.image ?? null,
        price_incl_tax: variant.price_incl_tax,
        special_price_incl_tax:
          variant.final_price_incl_tax < variant.price_incl_tax ? variant.final_price_incl_tax : null,
        product_option,
        stock: variant.stock.is_in_stock ? (variant.stock.is_volatile ? "volatile" : "ok") : "out_of_stock",
      },
      qty: choice.qty,
      ...errors,
    };
  }

  if (data.bundle) {
    const bundle_options = data.bundle.flatMap((option) => {
      const selection = choice.bundleChoice[option.id];
      const text = (choice.bundleQty[option.id] ?? "1").trim();
      // Zero leaves the option out (browsing §5: bundle quantities are zero or more); the cart
      // refuses anything that is not a whole number (cart-engine.ts).
      if (!selection || text === "0") return [];
      return [
        {
          option_id: option.id,
          option_qty: text === "" ? Number.NaN : Number(text),
          option_selections: [selection],
        },
      ];
    });
    return {
      product: {
        ...base,
        ...(choice.total ? priceFields(choice.total) : {}),
        product_option: { extension_attributes: { bundle_options } },
      },
      qty: choice.qty,
      ...errors,
    };
  }

  // Typed options (a gift card's recipient) are the line's own: another recipient, another line.
  // Their definitions go along, so the microcart can name them before the server's totals do.
  const typed = textOptionsSelection(data.textOptions, choice.texts ?? {});
  if (typed) {
    return {
      product: { ...base, product_option: typed, custom_options: data.textOptions },
      qty: choice.qty,
      ...errors,
    };
  }
  return { product: base, qty: choice.qty, ...errors };
}
