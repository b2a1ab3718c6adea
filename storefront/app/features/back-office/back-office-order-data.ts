import { formatPrice, t } from "@etalage/core";

/**
 * What /api/beheer/orders answers (the admin API's shapes, server/src/services/fulfilment), and
 * how the back office words its states. Labels are literal t() calls: the build compiles them
 * into the back office's chunks, so the shop's dictionary does not grow.
 */

interface OrderListItem {
  increment_id: string;
  created_at: string;
  status: string;
  payment_state: string;
  payment_method: string;
  test_payment: boolean;
  grand_total: number;
  customer_email: string;
  customer_name: string;
  postcode: string;
  shipping_method: string | null;
}

export interface OrderList {
  items: OrderListItem[];
  total_count: number;
  page: number;
  page_size: number;
  shipping_methods: { code: string; title: string }[];
}

export type OrderActionKind = "ship" | "cancel" | "refund" | "deliver";

interface Address {
  firstname: string;
  lastname: string;
  street?: string[];
  postcode?: string;
  city?: string;
  country_id?: string;
  telephone?: string;
  company?: string;
}

interface OrderLine {
  id: number;
  sku: string;
  name: string;
  qty: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  discount_amount: number;
  tax_percent: number;
  tax_amount: number;
  shipped: number;
  refunded: number;
  left_to_ship: number;
  left_to_refund: number;
}

export interface OrderRefund {
  id: number;
  status: "requested" | "succeeded" | "failed";
  amount_cents: number;
  lines: { itemId: number; qty: number; amountCents: number }[];
  shipping: boolean;
  reason: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface OrderDetail {
  increment_id: string;
  status: string;
  created_at: string;
  customer_email: string;
  customer_id: number | null;
  payment_method: string;
  test_payment: boolean;
  paid_at: string | null;
  delivered_at: string | null;
  grand_total: number;
  shipping_description: string | null;
  pickup: { name: string; street: string; postcode: string; city: string } | null;
  shipping_address: Address | null;
  billing_address: Address;
  totals: {
    subtotal_incl_tax?: number;
    discount_amount?: number;
    shipping_incl_tax?: number;
    tax_amount?: number;
    grand_total?: number;
    total_segments?: {
      code: string;
      value: number;
      extension_attributes?: {
        tax_grandtotal_details?: { amount: number; rates: { percent: string; title: string }[] }[];
      };
    }[];
  };
  items: { sku: string; options: { label: string; value: string }[] }[];
  payment_state: "offline" | "unpaid" | "authorised" | "reversed";
  paid_cents: number;
  refunded_cents: number;
  shipping_cents: number;
  shipping_refunded: boolean;
  actions: OrderActionKind[];
  lines: OrderLine[];
  payment_attempts: {
    reference: string;
    psp_reference: string | null;
    method: string;
    status: string;
    result_code: string | null;
    amount_cents: number;
    captured_cents: number;
    refunded_cents: number;
    pays_order: boolean;
    created_at: string;
  }[];
  modifications: {
    id: number;
    kind: string;
    status: string;
    reference: string;
    amountCents: number | null;
    pspReference: string | null;
    failureReason: string | null;
    createdAt: string;
  }[];
  notifications: {
    event_code: string;
    success: boolean;
    psp_reference: string | null;
    merchant_reference: string;
    reason: string;
    received_at: string;
  }[];
  mails: {
    id: number;
    to: string;
    subject: string;
    template: string;
    status: string;
    created_at: string;
    sent_at: string | null;
  }[];
  shipments: {
    id: number;
    carrier: string;
    carrier_name: string;
    tracking_number: string;
    tracking_url: string;
    created_at: string;
    lines: { item_id: number; sku: string; name: string; qty: number }[];
  }[];
  refunds: OrderRefund[];
  timeline: { id: number; type: string; actor: string; data: Record<string, unknown>; at: string }[];
}

export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: t("Order status: pending"),
  processing: t("Order status: processing"),
  complete: t("Order status: complete"),
  closed: t("Order status: closed"),
  canceled: t("Order status: canceled"),
  export_failed: t("Order status: export_failed"),
  export_success: t("Order status: export_success"),
};

/** The list's payment states (its filter), and an order's payment as fulfilment sees it. */
export const PAYMENT_STATE_LABELS: Record<string, string> = {
  offline: t("Payment: not online"),
  unpaid: t("Payment: not paid"),
  paid: t("Payment: paid"),
  partially_refunded: t("Payment: partly refunded"),
  refunded: t("Payment: refunded"),
  authorised: t("Payment: paid"),
  reversed: t("Payment: reversed"),
};

export const REFUND_STATUS_LABELS: Record<OrderRefund["status"], string> = {
  requested: t("Refund: in progress"),
  succeeded: t("Refund: refunded"),
  failed: t("Refund: failed"),
};

export const EVENT_LABELS: Record<string, string> = {
  "order.placed": t("Event: placed"),
  "order.paid": t("Event: paid"),
  "order.shipped": t("Event: shipped"),
  "order.cancelled": t("Event: cancelled"),
  "order.refunded": t("Event: refunded"),
  "order.cancel_requested": t("Event: cancellation asked"),
  "order.refund_requested": t("Event: refund asked"),
  "order.refund_failed": t("Event: refund failed"),
  "order.delivered": t("Event: delivered"),
  "order.status_changed": t("Event: status changed"),
};

export const labelOf = (labels: Record<string, string>, key: string) => labels[key] ?? key;

/** An amount in cents as the shop shows money: `€ 1.234,56`. */
export const cents = (amount: number) => formatPrice(amount / 100);

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

export const when = (iso: string) => dateTime.format(new Date(iso));
