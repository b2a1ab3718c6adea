import { parseStoreTime } from "@etalage/core";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { orders, paymentModifications } from "../db/schema.ts";

/** A day range in the shop's time zone (Europe/Amsterdam), both days included. */
export interface DayRange {
  from: string;
  to: string;
}

function bounds(range: DayRange): { start: Date; end: Date } {
  // The route checked both are real dates: parseStoreTime answers for them.
  return {
    start: new Date(parseStoreTime(range.from)!.start),
    end: new Date(parseStoreTime(range.to)!.end),
  };
}

// escape_formulas: a cell a shopper wrote (an e-mail address) never runs as a spreadsheet formula.

/**
 * Amounts as accounting software reads them: a decimal point, two decimals, no thousands
 * separator. Cells stay numbers until written, so a negative one is not taken for a formula.
 */
const CSV_OPTIONS = {
  header: true,
  escape_formulas: true,
  cast: { number: (value: number) => value.toFixed(2) },
} as const;

function amount(value: number): number {
  return Math.round(value * 100) / 100;
}

function totalOf(totals: Record<string, unknown>, key: string): number {
  const value = totals[key];
  return typeof value === "number" ? value : 0;
}

const ORDER_COLUMNS = [
  "order_number",
  "created_at",
  "status",
  "customer_email",
  "payment_method",
  "paid_at",
  "currency",
  "subtotal_incl_tax",
  "shipping_incl_tax",
  "discount_amount",
  "tax_amount",
  "grand_total",
];

/** Orders placed in the range, oldest first, one row each (CSV with a header line). */
export async function ordersCsv(db: Db, range: DayRange): Promise<string> {
  const { start, end } = bounds(range);
  const rows = await db
    .select()
    .from(orders)
    .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return stringify(
    rows.map((order) => {
      const totals = order.totals as Record<string, unknown>;
      return [
        order.incrementId,
        order.createdAt.toISOString(),
        order.status,
        order.email,
        order.paymentMethod,
        order.paidAt?.toISOString() ?? "",
        order.currency,
        amount(totalOf(totals, "subtotal_incl_tax")),
        amount(totalOf(totals, "shipping_incl_tax")),
        amount(totalOf(totals, "discount_amount")),
        amount(totalOf(totals, "tax_amount")),
        amount(order.grandTotal),
      ];
    }),
    { ...CSV_OPTIONS, columns: ORDER_COLUMNS },
  );
}

const REFUND_COLUMNS = [
  "refund_reference",
  "psp_reference",
  "order_number",
  "requested_at",
  "refunded_at",
  "currency",
  "amount",
  "reason",
];

/**
 * Refunds the payment provider confirmed (succeeded refund modifications) in the range, by the
 * time of that confirmation, oldest first.
 */
export async function refundsCsv(db: Db, range: DayRange): Promise<string> {
  const { start, end } = bounds(range);
  const rows = await db
    .select({ refund: paymentModifications, orderNumber: orders.incrementId })
    .from(paymentModifications)
    .innerJoin(orders, eq(orders.id, paymentModifications.orderId))
    .where(
      and(
        eq(paymentModifications.kind, "refund"),
        eq(paymentModifications.status, "succeeded"),
        gte(paymentModifications.updatedAt, start),
        lt(paymentModifications.updatedAt, end),
      ),
    )
    .orderBy(asc(paymentModifications.updatedAt), asc(paymentModifications.id));
  return stringify(
    rows.map(({ refund, orderNumber }) => [
      refund.reference,
      refund.pspReference ?? "",
      orderNumber,
      refund.createdAt.toISOString(),
      refund.updatedAt.toISOString(),
      refund.currency,
      amount((refund.amountCents ?? 0) / 100),
      refund.reason ?? "",
    ]),
    { ...CSV_OPTIONS, columns: REFUND_COLUMNS },
  );
}
