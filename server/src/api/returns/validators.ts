import { RETURN_CONDITIONS, RETURN_REASONS, RETURN_STATUSES } from "@etalage/core";
import { z } from "zod";
import { int4, line, text } from "../../http/schemas.ts";
import { orderNumberSchema } from "../orders/validators.ts";

/** `R{order number}-{n}`: a return's number, as its label prints it. */
export const returnNumberSchema = z.string().regex(/^R\d{9,12}-\d{1,4}$/, "is not a return number");

const reason = z.enum(RETURN_REASONS, { error: `must be one of ${RETURN_REASONS.join(", ")}` });

/** The order page's token of a guest; a customer signs in instead (Authorization). */
const token = line(128).min(1, "must not be empty");

export const proofQuery = z.strictObject({ token: token.optional() });

export const requestBody = z.strictObject({
  token: token.optional(),
  lines: z
    .array(
      z.strictObject({
        id: int4(),
        qty: int4(0).max(999, "must be at most 999"),
        reason,
      }),
    )
    .min(1, "choose at least one item")
    .max(100, "has at most 100 lines"),
});

export const returnableAnswer = z.object({
  order_number: z.string(),
  window: z.object({ open: z.boolean(), until: z.string().nullable(), message: z.string().nullable() }),
  reasons: z.array(z.string()),
  lines: z.array(
    z.object({
      id: z.number(),
      sku: z.string(),
      name: z.string(),
      options: z.array(z.object({ label: z.string(), value: z.string() })),
      qty: z.number(),
      returnable: z.number(),
      refusal: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
  returns: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      status_label: z.string(),
      created_at: z.string(),
      label_url: z.string(),
    }),
  ),
});

const returnLineAnswer = z
  .object({ id: z.number(), sku: z.string(), name: z.string(), units: z.number(), reason: z.string() })
  .catchall(z.unknown());

/** A return as an action answers it (the shopper's request, staff's receive, refund, reject). */
export const returnAnswer = z
  .object({
    number: z.string(),
    order_number: z.string(),
    status: z.enum(RETURN_STATUSES),
    status_label: z.string(),
    lines: z.array(returnLineAnswer),
  })
  .catchall(z.unknown());

export const labelAnswer = z.object({
  number: z.string(),
  order_number: z.string(),
  status: z.string(),
  status_label: z.string(),
  created_at: z.string(),
  sender: z.array(z.string()),
  return_address: z.array(z.string()),
  lines: z.array(
    z.object({
      name: z.string(),
      sku: z.string(),
      options: z.array(z.object({ label: z.string(), value: z.string() })),
      units: z.number(),
      reason: z.string(),
      reason_label: z.string(),
    }),
  ),
});

// Staff (`/api/beheer/returns`).

export const returnListQuery = z.strictObject({
  status: z.enum(RETURN_STATUSES, { error: `must be one of ${RETURN_STATUSES.join(", ")}` }).optional(),
  order: orderNumberSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const returnListAnswer = z.object({
  items: z.array(
    z.object({ number: z.string(), order_number: z.string(), status: z.string() }).catchall(z.unknown()),
  ),
  total_count: z.number(),
  page: z.number(),
  page_size: z.number(),
});

export const returnParams = z.strictObject({ number: returnNumberSchema });

export const receiveBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        id: int4(),
        units: int4(0).max(999, "must be at most 999"),
        condition: z.enum(RETURN_CONDITIONS, { error: `must be one of ${RETURN_CONDITIONS.join(", ")}` }),
      }),
    )
    .min(1, "name at least one line")
    .max(100, "has at most 100 lines"),
});

export const rejectReturnBody = z.strictObject({ reason: text(1000).min(1, "is required") });
