/**
 * What the account pages read of a customer's orders (contract "Orders" shape). The checkout
 * issue owns orders; it provides an implementation and the lead wires it into
 * `services.customerOrders`. Until then every customer has no orders.
 */
export interface CustomerOrder {
  increment_id: string;
  created_at: string;
  status: string;
  status_label: string;
  grand_total: number;
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  discount_amount: number;
  tax_amount: number;
  payment_method: string;
  shipping_method: string;
  items: Array<{
    sku: string;
    parentSku?: string;
    name: string;
    qty: number;
    price_incl_tax: number;
    row_total_incl_tax: number;
    product_option?: unknown;
  }>;
  shipping_address: unknown;
  billing_address: unknown;
  /** Where the order is collected (issue 23, item 5): a store with its opening hours, or a PostNL point. */
  pickup: {
    kind: "service_point" | "store";
    name: string;
    street: string;
    postcode: string;
    city: string;
    opening_hours?: { day: number; open: string | null; close: string | null }[];
  } | null;
  /** The parcels sent (issue 25): carrier, tracking number and the carrier's track-and-trace page. */
  shipments: OrderShipment[];
}

interface OrderShipment {
  carrier_name: string;
  tracking_number: string;
  tracking_url: string;
  created_at: string;
  lines: { name: string; qty: number }[];
}

export interface CustomerOrders {
  /** Newest first; `page` from 1. */
  history(
    customerId: number,
    paging: { page: number; size: number },
  ): Promise<{ items: CustomerOrder[]; total_count: number }>;
  /** One order of this customer, or null (also for another customer's order). */
  find(customerId: number, orderNumber: string): Promise<CustomerOrder | null>;
}
