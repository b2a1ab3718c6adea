import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";

/**
 * An order as a warehouse or ERP needs it in a webhook: number, status, totals, lines, the
 * customer's e-mail and the addresses. No order token, no payment details beyond the method.
 */
export async function orderWebhookData(
  tx: Db,
  orderId: number,
): Promise<Record<string, unknown> | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const totals = order.totals as Record<string, unknown>;
  const amount = (key: string) => (typeof totals[key] === "number" ? (totals[key] as number) : 0);
  return {
    order_number: order.incrementId,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    customer_email: order.email,
    customer_id: order.customerId,
    currency: order.currency,
    payment_method: order.paymentMethod,
    test_payment: order.testPayment,
    shipping: {
      carrier_code: order.shippingCarrierCode,
      method_code: order.shippingMethodCode,
      title: order.shippingTitle,
      pickup: order.pickup,
    },
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    coupon_codes: order.couponCodes,
    totals: {
      subtotal_incl_tax: amount("subtotal_incl_tax"),
      shipping_incl_tax: amount("shipping_incl_tax"),
      discount_amount: amount("discount_amount"),
      tax_amount: amount("tax_amount"),
      grand_total: order.grandTotal,
    },
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      price_incl_tax: line.priceInclTax,
      row_total_incl_tax: line.rowTotalInclTax,
      tax_percent: line.taxPercent,
      tax_amount: line.taxAmount,
      discount_amount: line.discountAmount,
      options: line.options,
    })),
  };
}
