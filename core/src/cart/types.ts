import type { Product, ProductOption, ProductType } from "../catalog/types.ts";

/** Totals the server computed for one line (transactional §3 "Cart item"). */
export interface CartItemTotals {
  item_id?: number;
  qty?: number;
  price_incl_tax?: number;
  row_total?: number;
  row_total_incl_tax?: number;
  tax_amount?: number;
  tax_percent?: number;
  discount_amount?: number;
  options?: { label: string; value: string }[];
}

/**
 * A line of the client cart: the product as added plus the cart's own fields (transactional §3).
 * `item_id` and `server_item_id` are the server line's id once the server confirmed it;
 * `server_cart_id` is the server cart that line lives in, so a line is only ever treated as
 * "known to the server" by the cart that actually holds it.
 */
/** A type's named fields, without its index signature (so `Omit` keeps them). */
export type NamedFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export interface CartItem extends Partial<Omit<NamedFields<Product>, "sku" | "qty" | "errors" | "info">> {
  sku: string;
  qty: number;
  parentSku?: string;
  prev_qty?: number;
  type_id?: ProductType;
  ticket?: string;
  item_id?: number | string;
  server_item_id?: number | string;
  server_cart_id?: string;
  quote_id?: string;
  checksum?: string;
  product_option?: ProductOption;
  totals?: CartItemTotals;
  is_in_stock?: boolean;
  info?: Record<string, string>;
  errors?: Record<string, string>;
  [attribute: string]: unknown;
}

/** A line as the server cart answers it (contract "Cart": pull and update). */
export interface ServerCartItem {
  item_id: number;
  quote_id: string;
  sku: string;
  qty: number;
  product_option?: ProductOption;
  product_type: ProductType;
}

/** What `POST /update` takes (contract "Cart"). */
export interface CartItemUpdate {
  sku: string;
  qty: number;
  item_id?: number;
  quoteId: string;
  product_option?: ProductOption;
}

/** What `POST /delete` takes (contract "Cart"). */
export interface CartItemDelete {
  item_id: number;
  sku: string;
  quoteId: string;
}
