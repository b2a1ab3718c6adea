import { timingSafeEqual } from "node:crypto";
import { CARRIER_NAMES, type Carrier } from "@etalage/core";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, payments, shipments } from "../../db/schema.ts";
import { hashToken } from "./place.ts";

export type OrderRow = typeof orders.$inferSelect;

/** An order as the account pages, the guest status page and the operator see it. */
export interface OrderView {
  increment_id: string;
  entity_id: number;
  status: string;
  created_at: string;
  customer_email: string;
  customer_id: number | null;
  payment_method: string;
  test_payment: boolean;
  paid_at: string | null;
  grand_total: number;
  currency: string;
  shipping_description: string | null;
  pickup: OrderRow["pickup"];
  shipping_address: OrderRow["shippingAddress"];
  billing_address: OrderRow["billingAddress"];
  totals: OrderRow["totals"];
  items: {
    sku: string;
    name: string;
    qty: number;
    price_incl_tax: number;
    row_total_incl_tax: number;
    options: { label: string; value: string }[];
  }[];
  payments: { reference: string; method: string; status: string; result_code: string | null }[];
  /** The parcels sent, each with its carrier's track-and-trace link (issue 25). */
  shipments: {
    id: number;
    carrier: Carrier;
    carrier_name: string;
    tracking_number: string;
    tracking_url: string;
    created_at: string;
    lines: { item_id: number; sku: string; name: string; qty: number }[];
  }[];
}

async function view(db: Db, order: OrderRow): Promise<OrderView> {
  const [items, tries, parcels] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db.select().from(shipments).where(eq(shipments.orderId, order.id)).orderBy(asc(shipments.id)),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  return {
    increment_id: order.incrementId,
    entity_id: order.id,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    customer_email: order.email,
    customer_id: order.customerId,
    payment_method: order.paymentMethod,
    test_payment: order.testPayment,
    paid_at: order.paidAt?.toISOString() ?? null,
    grand_total: order.grandTotal,
    currency: order.currency,
    shipping_description: order.shippingTitle,
    pickup: order.pickup,
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    totals: order.totals,
    items: items.map((i) => ({
      sku: i.sku,
      name: i.name,
      qty: i.qty,
      price_incl_tax: i.priceInclTax,
      row_total_incl_tax: i.rowTotalInclTax,
      options: i.options,
    })),
    payments: tries.map((p) => ({
      reference: p.reference,
      method: p.method,
      status: p.status,
      result_code: p.resultCode,
    })),
    shipments: parcels.map((p) => ({
      id: p.id,
      carrier: p.carrier,
      carrier_name: CARRIER_NAMES[p.carrier],
      tracking_number: p.trackingNumber,
      tracking_url: p.trackingUrl,
      created_at: p.createdAt.toISOString(),
      lines: p.lines.map((l) => ({
        item_id: l.itemId,
        sku: itemById.get(l.itemId)?.sku ?? "",
        name: itemById.get(l.itemId)?.name ?? "",
        qty: l.qty,
      })),
    })),
  };
}

export async function findOrderRow(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.incrementId, orderNumber));
  return order;
}

function hashMatches(hash: string, token: string): boolean {
  const a = Buffer.from(hash, "hex");
  const b = Buffer.from(hashToken(token), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `token` is this order's secret (constant-time: the token is a guest's credential). */
function tokenMatches(order: OrderRow, token: string): boolean {
  return hashMatches(order.tokenHash, token);
}

/** Compared with when there is no order, so an unknown number takes as long as a wrong token. */
const NO_ORDER_HASH = hashToken("no order has this token");

/**
 * Whether `token` opens this order's status (and lets its guest claim it): the checkout's order
 * token or the one its confirmation mail carries. Both are compared, in constant time.
 */
export function statusTokenMatches(order: OrderRow | undefined, token: string): boolean {
  const own = hashMatches(order?.tokenHash ?? NO_ORDER_HASH, token);
  const mailed = hashMatches(order?.statusTokenHash ?? NO_ORDER_HASH, token);
  return order !== undefined && token !== "" && (own || mailed);
}

/** The order by its number, for the operator (or the accounts module after its own owner check). */
export async function orderByNumber(db: Db, orderNumber: string): Promise<OrderView | undefined> {
  const order = await findOrderRow(db, orderNumber);
  return order ? view(db, order) : undefined;
}

/** A guest's order: only with its token. */
export async function orderForToken(
  db: Db,
  orderNumber: string,
  token: string,
): Promise<OrderView | undefined> {
  const order = await findOrderRow(db, orderNumber);
  return order && tokenMatches(order, token) ? view(db, order) : undefined;
}

/** A guest's order for its status page: with its token or the token of its confirmation mail. */
export async function orderForStatusToken(
  db: Db,
  orderNumber: string,
  token: string,
): Promise<OrderView | undefined> {
  const order = await findOrderRow(db, orderNumber);
  return statusTokenMatches(order, token) ? view(db, order!) : undefined;
}

/** A customer's own order: another customer's number answers nothing. */
export async function customerOrder(
  db: Db,
  customerId: number,
  orderNumber: string,
): Promise<OrderView | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.incrementId, orderNumber), eq(orders.customerId, customerId)));
  return order ? view(db, order) : undefined;
}

/** Order history (transactional §9: 20 a page, from page 1), newest first. */
export async function customerOrders(
  db: Db,
  customerId: number,
  page = 1,
  pageSize = 20,
): Promise<{ items: OrderView[]; total_count: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return { items: await Promise.all(rows.map((r) => view(db, r))), total_count: total?.n ?? 0 };
}

/** The operator's list, newest first. */
export async function listOrders(db: Db, limit = 50): Promise<OrderView[]> {
  const rows = await db.select().from(orders).orderBy(desc(orders.id)).limit(limit);
  return Promise.all(rows.map((r) => view(db, r)));
}
