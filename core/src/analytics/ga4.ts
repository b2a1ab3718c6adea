/*
 * GA4 ecommerce events for the tag manager's data layer (transactional §4 "Analytics and customer
 * platform"; vendor-apis.md §5.1–5.2). Parameter names are GA4's own, so a GTM "GA4 Event" tag
 * with "Send Ecommerce data" forwards them untouched. Amounts are numbers in euros including tax
 * (the shop's prices include tax), rounded to cents: a string value would count as zero revenue.
 */

export const ANALYTICS_CURRENCY = "EUR";

/** GA4's item: `item_id` is the parent sku, `item_variant` the chosen child (size, colour). */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_category2?: string;
  item_category3?: string;
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  price: number;
  quantity: number;
  index?: number;
  coupon?: string;
  discount?: number;
}

/** What a product or a cart line must tell for an item; the storefront maps its own shapes to it. */
export interface TrackedProduct {
  sku: string;
  parentSku?: string;
  name: string;
  brand?: string;
  /** Category names from the top down; the first three become item_category…item_category3. */
  categories?: readonly string[];
  /** Unit price including tax, euros. */
  price: number;
  quantity?: number;
}

export interface ItemList {
  id: string;
  name: string;
}

export type Ga4EventName =
  | "view_item_list"
  | "select_item"
  | "view_item"
  | "add_to_cart"
  | "remove_from_cart"
  | "view_cart"
  | "begin_checkout"
  | "add_shipping_info"
  | "add_payment_info"
  | "purchase";

export interface Ga4Ecommerce {
  currency?: string;
  value?: number;
  items: Ga4Item[];
  item_list_id?: string;
  item_list_name?: string;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  affiliation?: string;
}

export interface Ga4Event {
  event: Ga4EventName;
  ecommerce: Ga4Ecommerce;
}

/** Cents-exact rounding: 0.1 + 0.2 must not reach GA4 as 0.30000000000000004. */
export function money(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  return Math.round(amount * 100) / 100;
}

export function ga4Item(product: TrackedProduct, position?: { index: number; list?: ItemList }): Ga4Item {
  const item: Ga4Item = {
    item_id: product.parentSku ?? product.sku,
    item_name: product.name,
    price: money(product.price),
    quantity: Math.max(1, Math.trunc(product.quantity ?? 1)),
  };
  if (product.brand) item.item_brand = product.brand;
  const [c1, c2, c3] = product.categories ?? [];
  if (c1) item.item_category = c1;
  if (c2) item.item_category2 = c2;
  if (c3) item.item_category3 = c3;
  if (product.parentSku && product.parentSku !== product.sku) item.item_variant = product.sku;
  if (position) {
    item.index = position.index;
    if (position.list) {
      item.item_list_id = position.list.id;
      item.item_list_name = position.list.name;
    }
  }
  return item;
}

/** GA4's `value`: the sum of price × quantity, without shipping and tax lines. */
export function itemsValue(items: readonly Ga4Item[]): number {
  return money(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
}

function priced(event: Ga4EventName, items: Ga4Item[], extra: Partial<Ga4Ecommerce> = {}): Ga4Event {
  return { event, ecommerce: { currency: ANALYTICS_CURRENCY, value: itemsValue(items), ...extra, items } };
}

/** The spec's 'list viewed': a category, search or recommendation list shown. */
export function viewItemList(list: ItemList, products: readonly TrackedProduct[]): Ga4Event {
  const items = products.map((p, index) => ga4Item(p, { index, list }));
  return { event: "view_item_list", ecommerce: { item_list_id: list.id, item_list_name: list.name, items } };
}

export function selectItem(list: ItemList, product: TrackedProduct, index: number): Ga4Event {
  return {
    event: "select_item",
    ecommerce: {
      item_list_id: list.id,
      item_list_name: list.name,
      items: [ga4Item(product, { index, list })],
    },
  };
}

export function viewItem(product: TrackedProduct): Ga4Event {
  return priced("view_item", [ga4Item({ ...product, quantity: 1 })]);
}

/** A quantity change becomes an add or a remove of the difference; no change is no event. */
export function cartChange(product: TrackedProduct, previousQty: number, nextQty: number): Ga4Event | null {
  const delta = Math.trunc(nextQty) - Math.trunc(previousQty);
  if (delta === 0 || !Number.isFinite(delta)) return null;
  const item = ga4Item({ ...product, quantity: Math.abs(delta) });
  return priced(delta > 0 ? "add_to_cart" : "remove_from_cart", [item]);
}

export function viewCart(lines: readonly TrackedProduct[]): Ga4Event {
  return priced(
    "view_cart",
    lines.map((line, index) => ga4Item(line, { index })),
  );
}

export function beginCheckout(lines: readonly TrackedProduct[], coupon?: string): Ga4Event {
  return priced(
    "begin_checkout",
    lines.map((line, index) => ga4Item(line, { index })),
    coupon ? { coupon } : {},
  );
}

/** The spec's 'checkout options': the shipping step's choice. */
export function addShippingInfo(
  lines: readonly TrackedProduct[],
  shippingTier: string,
  coupon?: string,
): Ga4Event {
  return priced(
    "add_shipping_info",
    lines.map((line, index) => ga4Item(line, { index })),
    {
      shipping_tier: shippingTier,
      ...(coupon ? { coupon } : {}),
    },
  );
}

/** The spec's 'checkout options': the payment step's choice ("iDEAL", "Creditcard"). */
export function addPaymentInfo(
  lines: readonly TrackedProduct[],
  paymentType: string,
  coupon?: string,
): Ga4Event {
  return priced(
    "add_payment_info",
    lines.map((line, index) => ga4Item(line, { index })),
    {
      payment_type: paymentType,
      ...(coupon ? { coupon } : {}),
    },
  );
}

/** Transactional §3 "Order for analytics". */
export interface TrackedOrder {
  increment_id: string;
  store_name: string;
  grand_total: number;
  tax_amount: number;
  shipping_incl_tax: number;
  currency?: string;
  coupon_code?: string;
}

/**
 * `purchase`: value is what the items cost (GA4 leaves shipping and tax out of value); the
 * storefront fires it once per `transaction_id` (purchaseOnce), also after a reload.
 */
export function purchase(order: TrackedOrder, lines: readonly TrackedProduct[]): Ga4Event {
  const items = lines.map((line, index) => ga4Item(line, { index }));
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: order.increment_id,
      affiliation: order.store_name,
      currency: order.currency ?? ANALYTICS_CURRENCY,
      value: money(order.grand_total - order.shipping_incl_tax),
      tax: money(order.tax_amount),
      shipping: money(order.shipping_incl_tax),
      ...(order.coupon_code ? { coupon: order.coupon_code } : {}),
      items,
    },
  };
}

/** Whether `purchase` still has to fire for this order, given the ids already reported. */
export function purchaseOnce(reported: readonly string[], transactionId: string): boolean {
  return !reported.includes(transactionId);
}

/** Page-type tags the spec names for the data layer's page views. */
export type PageType = "Home" | "Checkout" | "ProductDetail" | "ProductOverview" | "Other";

const PAGE_TYPES: Record<string, PageType> = {
  home: "Home",
  checkout: "Checkout",
  product: "ProductDetail",
  category: "ProductOverview",
  search: "ProductOverview",
};

export function pageTypeOf(routeKind: string): PageType {
  return Object.hasOwn(PAGE_TYPES, routeKind) ? (PAGE_TYPES[routeKind] as PageType) : "Other";
}
