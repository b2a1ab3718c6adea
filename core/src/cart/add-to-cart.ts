import type { Product, StockStatus } from "../catalog/types.ts";
import { productOptionChecksum } from "./checksum.ts";
import { CART_MESSAGES, type CartNotice } from "./messages.ts";
import { lineQtyProblem, parseQty } from "./quantity.ts";
import type { CartItem, NamedFields } from "./types.ts";

/** A product on its way into the cart: a product with the quantity the shopper chose. */
export type ProductToAdd = Omit<NamedFields<Product>, "qty"> & {
  qty?: unknown;
  [attribute: string]: unknown;
};

/**
 * Price unknown (transactional §5): price_incl_tax below 0, or no number at all. Zero is a price:
 * free products may be added.
 */
export function isPriceUnknown(product: { price_incl_tax?: unknown }): boolean {
  const price = product.price_incl_tax;
  return typeof price !== "number" || !Number.isFinite(price) || price < 0;
}

/**
 * Why a product cannot be added (transactional §4 "Item validation errors ... block the add",
 * §5): an unknown price, an unusable quantity, and every error the product page recorded.
 */
export function validateProductForCart(product: ProductToAdd): string[] {
  const errors: string[] = [];
  if (isPriceUnknown(product)) errors.push(CART_MESSAGES.priceUnknown);
  const qty = product.qty === undefined ? 1 : parseQty(product.qty);
  const qtyProblem = lineQtyProblem(qty);
  if (qtyProblem) errors.push(qtyProblem);
  for (const message of Object.values(product.errors ?? {})) if (message) errors.push(message);
  return errors;
}

/**
 * What adding one product means (transactional §4 "Adding to cart"): a grouped product becomes
 * its associated children (each decided on its own), see `groupedChildren`.
 */
export interface AddDecision {
  /** The line to add, with an integer qty and its checksum; absent when nothing is added. */
  item?: CartItem;
  notices: CartNotice[];
}

export interface AddContext {
  /** The product's stock status from the stock check. */
  stock: StockStatus;
  /** Out-of-stock products may sit in the cart (configuration); it silences the volatile notice. */
  allowOutOfStock?: boolean;
}

export function decideAddToCart(product: ProductToAdd, context: AddContext): AddDecision {
  const errors = validateProductForCart(product);
  if (errors.length > 0) return { notices: errors.map((message) => ({ type: "danger", message })) };
  if (context.stock === "out_of_stock") {
    return { notices: [{ type: "danger", message: CART_MESSAGES.outOfStock }] };
  }
  const notices: CartNotice[] = [];
  if (context.stock === "volatile" && !context.allowOutOfStock) {
    notices.push({ type: "warning", message: CART_MESSAGES.volatile });
  }
  const { qty: asked, ...fields } = product;
  const item: CartItem = {
    ...fields,
    qty: asked === undefined ? 1 : (parseQty(asked) as number),
    checksum: productOptionChecksum(product.product_option),
  };
  return { item, notices };
}

/**
 * The final notice after adding (transactional §4): the shopper hears 'added' at once unless the
 * synced cart is active; then the notice follows the server's answer (see `serverUpdateNotice`).
 */
export function addedNotice(syncedCartActive: boolean): CartNotice | undefined {
  return syncedCartActive ? undefined : { type: "success", message: CART_MESSAGES.added };
}

/**
 * A grouped product is added as its associated simple products (transactional §4). Each child's
 * quantity is what the shopper set on it (`qtyBySku`), else the link's default, else 1; children
 * set to 0 are left out, and a child the resolver does not know is skipped.
 */
export function groupedChildren(
  product: Pick<Product, "type_id" | "product_links">,
  resolve: (sku: string) => Product | undefined,
  qtyBySku: Readonly<Record<string, unknown>> = {},
): ProductToAdd[] {
  if (product.type_id !== "grouped") return [];
  const children: ProductToAdd[] = [];
  for (const link of product.product_links ?? []) {
    if (link.link_type !== "associated") continue;
    const sku = link.linked_product_sku || link.sku;
    const child = resolve(sku);
    if (!child) continue;
    const chosen = sku in qtyBySku ? qtyBySku[sku] : (link.qty ?? 1);
    if (parseQty(chosen) === 0) continue;
    children.push({ ...child, qty: chosen });
  }
  return children;
}
