import { ONLINE_PAYMENT_METHODS, type OrderState } from "@etalage/core";
import { and, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, payments, returns } from "../../db/schema.ts";
import { shippingMethodChoices } from "../cart/shipping.ts";

/** An order's payment as the list filters it. */
export const PAYMENT_STATES = ["offline", "unpaid", "paid", "partially_refunded", "refunded"] as const;
type PaymentState = (typeof PAYMENT_STATES)[number];

export interface OrderFilter {
  status?: OrderState[];
  payment?: PaymentState;
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Placed on or before this day. */
  to?: string;
  /** A carrier (`postnl`) or a carrier and its method (`postnl_pickup`). */
  shippingMethod?: string;
  /** Orders with a return asked (any state), or without one. */
  hasReturn?: boolean;
  /** An order number (or its start), an e-mail address, a name or a postcode. */
  q?: string;
  page?: number;
  pageSize?: number;
}

export interface OrderListItem {
  increment_id: string;
  created_at: string;
  status: string;
  payment_state: PaymentState;
  payment_method: string;
  test_payment: boolean;
  grand_total: number;
  customer_email: string;
  customer_name: string;
  postcode: string;
  shipping_method: string | null;
}

const paying = (extra: SQL) =>
  sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.paysOrder} and ${extra})`;

function paymentCondition(state: PaymentState): SQL | undefined {
  const online = [...ONLINE_PAYMENT_METHODS];
  switch (state) {
    case "offline":
      return notInArray(orders.paymentMethod, online);
    case "unpaid":
      return and(inArray(orders.paymentMethod, online), sql`not ${paying(sql`true`)}`);
    case "paid":
      return paying(sql`${payments.status} = 'authorised' and ${payments.refundedCents} = 0`);
    case "partially_refunded":
      return paying(sql`${payments.status} = 'authorised' and ${payments.refundedCents} > 0`);
    case "refunded":
      return paying(sql`${payments.status} = 'reversed'`);
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(q: string): SQL | undefined {
  const text = `%${likeEscape(q)}%`;
  const postcode = q.replace(/\s+/g, "").toUpperCase();
  const name = (column: typeof orders.billingAddress | typeof orders.shippingAddress) =>
    sql`coalesce(${column}->>'firstname', '') || ' ' || coalesce(${column}->>'lastname', '') ilike ${text}`;
  const code = (column: typeof orders.billingAddress | typeof orders.shippingAddress) =>
    sql`replace(upper(coalesce(${column}->>'postcode', '')), ' ', '') = ${postcode}`;
  return or(
    sql`${orders.incrementId} like ${`${likeEscape(q)}%`}`,
    sql`${orders.email} ilike ${text}`,
    name(orders.billingAddress),
    name(orders.shippingAddress),
    code(orders.billingAddress),
    code(orders.shippingAddress),
  );
}

function stateOf(row: { method: string; paying: string | null; refunded: number | null }): PaymentState {
  if (!(ONLINE_PAYMENT_METHODS as readonly string[]).includes(row.method)) return "offline";
  if (!row.paying) return "unpaid";
  if (row.paying === "reversed") return "refunded";
  return (row.refunded ?? 0) > 0 ? "partially_refunded" : "paid";
}

/** The back office's order list: filtered and searched in the database, a page at a time, newest first. */
export async function searchOrders(
  db: Db,
  filter: OrderFilter,
): Promise<{
  items: OrderListItem[];
  total_count: number;
  page: number;
  page_size: number;
  /** The methods `shippingMethod` takes, for a filter's choices. */
  shipping_methods: { code: string; title: string }[];
}> {
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? 50;
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const where = and(
    filter.status?.length ? inArray(orders.status, filter.status) : undefined,
    filter.payment ? paymentCondition(filter.payment) : undefined,
    filter.from ? gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(orders.createdAt, dayAfter(filter.to)) : undefined,
    filter.shippingMethod
      ? or(
          eq(orders.shippingCarrierCode, filter.shippingMethod),
          sql`${orders.shippingCarrierCode} || '_' || ${orders.shippingMethodCode} = ${filter.shippingMethod}`,
        )
      : undefined,
    filter.hasReturn === undefined
      ? undefined
      : filter.hasReturn
        ? sql`exists (select 1 from ${returns} where ${returns.orderId} = ${orders.id})`
        : sql`not exists (select 1 from ${returns} where ${returns.orderId} = ${orders.id})`,
    filter.q ? searchCondition(filter.q) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        paying: sql<
          string | null
        >`(select ${payments.status} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.paysOrder} order by ${payments.id} desc limit 1)`,
        refunded: sql<
          number | null
        >`(select ${payments.refundedCents} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.paysOrder} order by ${payments.id} desc limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    items: rows.map(({ order, paying: status, refunded }) => {
      const address = order.shippingAddress ?? order.billingAddress;
      return {
        increment_id: order.incrementId,
        created_at: order.createdAt.toISOString(),
        status: order.status,
        payment_state: stateOf({
          method: order.paymentMethod,
          paying: status,
          refunded: refunded === null ? null : Number(refunded),
        }),
        payment_method: order.paymentMethod,
        test_payment: order.testPayment,
        grand_total: order.grandTotal,
        customer_email: order.email,
        customer_name: `${order.billingAddress.firstname} ${order.billingAddress.lastname}`.trim(),
        postcode: order.pickup?.postcode ?? address.postcode,
        shipping_method: order.shippingCarrierCode
          ? `${order.shippingCarrierCode}_${order.shippingMethodCode ?? ""}`
          : null,
      };
    }),
    total_count: Number(total?.n ?? 0),
    page,
    page_size: pageSize,
    shipping_methods: shippingMethodChoices(),
  };
}
