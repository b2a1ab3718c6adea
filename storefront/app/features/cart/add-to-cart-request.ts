import type { CustomOption, ProductOption, ProductType, StockStatus } from "@etalage/core";

/**
 * A product as a cart line shows it. The fields keep the spec's names (transactional §3), so a
 * line (`CartItem`) carries them as they are: `id`, `name`, `image`, `price_incl_tax`,
 * `special_price_incl_tax`, `url_path`, `slug`, `parentSku`, `type_id`, `product_option`; the
 * engine adds `final_price_incl_tax` (what one costs now) and `regular_price_incl_tax`.
 */
export interface CartProduct {
  /** The catalogue id of the product (a configurable's child: the child's). */
  id?: number;
  /** The line's sku: a configurable's chosen child, never the parent. */
  sku: string;
  /** A configurable child's parent (for the product link and edit mode). */
  parentSku?: string;
  type_id: ProductType;
  name: string;
  image?: string | null;
  /** Price incl. tax of one unit; below 0 means unknown (transactional §5). */
  price_incl_tax: number;
  /** The active special price incl. tax, when lower. */
  special_price_incl_tax?: number | null;
  url_path?: string;
  slug?: string;
  product_option?: ProductOption;
  /** The product's typed options, to name a line's values before the server's totals arrive. */
  custom_options?: CustomOption[];
  /** The catalogue's stock status, used when the live stock check cannot be made (offline). */
  stock?: StockStatus;
}

/** What a button asks the cart to add. */
export interface AddToCartRequest {
  /** The product (a configurable: its chosen child, with the chosen options in product_option). */
  product: CartProduct;
  /** As typed: text becomes an integer; anything not a whole number above 0 is refused. */
  qty?: number | string;
  /**
   * A grouped product is added as its associated children (transactional §4): each with the
   * quantity the shopper set; children at 0 are left out. `product` itself is then not added.
   */
  grouped?: { product: CartProduct; qty: number | string }[];
  /** Errors the page recorded (e.g. an option still to choose); they block the add. */
  errors?: Record<string, string>;
}
