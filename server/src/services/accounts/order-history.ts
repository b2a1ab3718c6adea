import { type OrderState, orderStatusLabelKey, t } from "@etalage/core";
import type { OrderView } from "../orders/read.ts";
import { findStore } from "../stores/index.ts";
import type { CustomerOrder, CustomerOrders } from "./orders.ts";

/** What the account pages need of the order service (issue 13's OrderService). */
interface OrderReads {
  ofCustomer(
    customerId: number,
    page?: number,
    pageSize?: number,
  ): Promise<{ items: OrderView[]; total_count: number }>;
  ofCustomerByNumber(customerId: number, orderNumber: string): Promise<OrderView | undefined>;
}

const amount = (totals: Record<string, unknown>, key: string): number => {
  const value = totals[key];
  return typeof value === "number" ? value : 0;
};

/** An order as the contract's order history shows it (Magento's sales order fields). */
export function customerOrderOf(order: OrderView): CustomerOrder {
  return {
    increment_id: order.increment_id,
    created_at: order.created_at,
    status: order.status,
    status_label: t(orderStatusLabelKey(order.status as OrderState)),
    grand_total: order.grand_total,
    subtotal_incl_tax: amount(order.totals, "subtotal_incl_tax"),
    shipping_incl_tax: amount(order.totals, "shipping_incl_tax"),
    discount_amount: amount(order.totals, "discount_amount"),
    tax_amount: amount(order.totals, "tax_amount"),
    payment_method: order.payment_method,
    shipping_method: order.shipping_description ?? "",
    items: order.items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      price_incl_tax: item.price_incl_tax,
      row_total_incl_tax: item.row_total_incl_tax,
      product_option: item.options.length > 0 ? { options: item.options } : undefined,
    })),
    shipping_address: order.shipping_address,
    billing_address: order.billing_address,
    pickup: pickupOf(order.pickup),
    shipments: (order.shipments ?? []).map((s) => ({
      carrier_name: s.carrier_name,
      tracking_number: s.tracking_number,
      tracking_url: s.tracking_url,
      created_at: s.created_at,
      lines: s.lines.map((l) => ({ name: l.name, qty: l.qty })),
    })),
  };
}

/** An order's pick-up place as its pages show it: a store's with its opening hours (issue 23, item 5). */
function pickupOf(pickup: OrderView["pickup"]): CustomerOrder["pickup"] {
  if (!pickup) return null;
  const { kind, name, street, postcode, city } = pickup;
  const store = kind === "store" ? findStore(pickup.code) : undefined;
  return {
    kind,
    name,
    street,
    postcode,
    city,
    ...(store
      ? { opening_hours: store.opening_hours.map(({ day, open, close }) => ({ day, open, close })) }
      : {}),
  };
}

/** The account pages' order reads over the checkout's orders: a customer sees only their own. */
export function customerOrdersFrom(orders: OrderReads): CustomerOrders {
  return {
    async history(customerId, { page, size }) {
      const { items, total_count } = await orders.ofCustomer(customerId, page, size);
      return { items: items.map(customerOrderOf), total_count };
    },
    async find(customerId, orderNumber) {
      const order = await orders.ofCustomerByNumber(customerId, orderNumber);
      return order ? customerOrderOf(order) : null;
    },
  };
}
