import type { OrderAddress } from "../../db/schema.ts";

/** `POST /api/order` as the route validated it (contract "Orders"). */
export interface PlaceOrderRequest {
  order_id: string;
  user_id?: string;
  cart_id: string;
  products?: { sku: string; qty: number; product_option?: unknown }[];
  addressInformation: {
    shippingAddress?: OrderAddress;
    billingAddress: OrderAddress;
    shipping_method_code?: string;
    shipping_carrier_code?: string;
    payment_method_code: string;
    payment_method_additional?: { service_point_code?: string; store_id?: string };
  };
  personalDetails: { email: string; firstname?: string; lastname?: string; createAccount?: boolean };
  /** The grand total the shopper saw; another total refuses the order with 409 (contract "Orders"). */
  expected_grand_total?: number;
}

/** The answer of a placed order (contract "Orders"). */
export interface PlacedOrder {
  orderNumber: string;
  backendOrderId: number;
  status: string;
  orderToken: string;
  grand_total: number;
  test_payment: boolean;
  payment?: { action: { type: "redirect"; url: string } };
}

/**
 * Called inside the transaction that confirms an order (cash on delivery at placement, an online
 * payment when its AUTHORISATION arrives), so what it writes (the confirmation mail in the mail
 * port's outbox) commits or rolls back with the confirmation itself.
 */
export type OrderConfirmedHook = (tx: import("../../db/client.ts").Db, orderId: number) => Promise<void>;

export const ORDER_MESSAGES = {
  notAvailable: "Some of the ordered products are not available!",
  /** Another order took the single-use code's last use while this one was placed (issue 23, item 17). */
  couponUsedUp: "This discount code has already been used",
  /** Issue 23: the total the shopper saw is not the one the order would charge. */
  totalChanged: "The total of your order has changed. Check the new total and place the order again.",
} as const;
