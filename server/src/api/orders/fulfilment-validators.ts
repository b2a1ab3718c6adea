import { CARRIERS, isTrackingNumber, ORDER_STATUSES } from "@etalage/core";
import { z } from "zod";
import { int4, line } from "../../http/schemas.ts";
import { PAYMENT_STATES } from "../../services/fulfilment/index.ts";
import type { OrderFilter } from "../../services/fulfilment/search.ts";
import { orderNumberSchema } from "./validators.ts";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((d) => !Number.isNaN(Date.parse(d)), "is not a date");

/*
 * The order list's filters and the actions' bodies, once for both doors to the same service: the
 * admin API (`ADMIN_TOKEN`, /api/admin/orders) and the back office (staff session, /api/beheer/orders).
 */

/** The order list: filters and search, a page at a time. */
export const orderListQuery = z.strictObject({
  status: z
    .string()
    .max(200)
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(ORDER_STATUSES, { error: `must be ${ORDER_STATUSES.join(", ")}` })).max(7))
    .optional(),
  payment: z.enum(PAYMENT_STATES, { error: `must be ${PAYMENT_STATES.join(", ")}` }).optional(),
  from: day.optional(),
  to: day.optional(),
  shippingMethod: z
    .string()
    .regex(/^[a-z0-9_]{1,64}$/, "is not a shipping method code")
    .optional(),
  hasReturn: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  q: line(100).optional(),
  page: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be above 0")
    .max(100_000, "must be at most 100000")
    .optional(),
  pageSize: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be above 0")
    .max(200, "must be at most 200")
    .optional(),
  /** The CLI's older name for `pageSize`. */
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be above 0")
    .max(200, "must be at most 200")
    .optional(),
});

const orderListItemSchema = z.object({
  increment_id: z.string(),
  created_at: z.string(),
  status: z.string(),
  payment_state: z.string(),
  payment_method: z.string(),
  test_payment: z.boolean(),
  grand_total: z.number(),
  customer_email: z.string(),
  customer_name: z.string(),
  postcode: z.string(),
  shipping_method: z.string().nullable(),
});

export const orderListSchema = z.object({
  items: z.array(orderListItemSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  shipping_methods: z.array(z.object({ code: z.string(), title: z.string() })),
});

const lineQty = z.strictObject({ id: int4(), qty: int4().max(999, "must be at most 999") });
const lines = z.array(lineQty).min(1, "name at least one line").max(100, "has at most 100 lines");

export const shipBody = z.strictObject({
  carrier: z.enum(CARRIERS, { error: "must be postnl, dhl or dpd" }),
  trackingNumber: z
    .string({ error: "is required" })
    .trim()
    .refine(isTrackingNumber, "must be 8 to 40 letters or digits"),
  lines: lines.optional(),
});

/** Adyen's refund reasons (`merchantRefundReason`). */
const REFUND_REASONS = ["FRAUD", "CUSTOMER REQUEST", "RETURN", "DUPLICATE", "OTHER"] as const;

export const refundBody = z.strictObject({
  lines: lines.optional(),
  shipping: z.boolean({ error: "must be true or false" }).optional(),
  reason: z.enum(REFUND_REASONS, { error: `must be ${REFUND_REASONS.join(", ")}` }).optional(),
});

/** An action's answer: the order's number and status, and what the action made. */
export const actionSchema = z.object({ orderNumber: z.string(), status: z.string() }).catchall(z.unknown());

export const orderParams = z.strictObject({ orderNumber: orderNumberSchema });

export const refundParams = z.strictObject({
  orderNumber: orderNumberSchema,
  refundId: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be above 0")
    .max(2_147_483_647, "is too large"),
});

/** The service's filter from the query: only what was given (`limit` is the CLI's older `pageSize`). */
export function filterOf(q: z.infer<typeof orderListQuery>): OrderFilter {
  const pageSize = q.pageSize ?? q.limit;
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.payment ? { payment: q.payment } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.shippingMethod ? { shippingMethod: q.shippingMethod } : {}),
    ...(q.hasReturn ? { hasReturn: q.hasReturn === "true" } : {}),
    ...(q.q ? { q: q.q } : {}),
    ...(q.page ? { page: q.page } : {}),
    ...(pageSize ? { pageSize } : {}),
  };
}
