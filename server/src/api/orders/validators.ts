import { DELIVERY_COUNTRIES, normalizePostcode, normalizeVatNumber } from "@etalage/core";
import { z } from "zod";
import { int4, line, skuSchema } from "../../http/schemas.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../../services/idempotency.ts";

const required = (max: number) => line(max).min(1, "Field is required");

/**
 * An address of the order (NL by default, BE and DE allowed; postcode checked per country). A
 * billing address may name a company and its VAT number (core's NL, BE and DE patterns), kept in
 * its normal form (`NL123456789B01`); empty ones are left out.
 */
export const addressSchema = z
  .strictObject({
    firstname: required(100),
    lastname: required(100),
    street: z.array(line(200)).min(1, "Field is required").max(3, "has at most 3 lines"),
    postcode: required(10),
    city: required(100),
    country_id: z.enum(DELIVERY_COUNTRIES as unknown as ["NL", "BE", "DE"], {
      error: "must be NL, BE or DE",
    }),
    telephone: line(30).optional(),
    company: line(100).optional(),
    vat_id: line(30).optional(),
  })
  .transform((address, ctx) => {
    const postcode = normalizePostcode(address.country_id, address.postcode);
    if (!postcode) {
      ctx.addIssue({
        code: "custom",
        path: ["postcode"],
        message: `is not a postcode of ${address.country_id}`,
      });
      return z.NEVER;
    }
    if (!address.street[0]) {
      ctx.addIssue({ code: "custom", path: ["street", 0], message: "Field is required" });
      return z.NEVER;
    }
    const { company, vat_id, ...rest } = address;
    const vat = vat_id ? normalizeVatNumber(vat_id) : undefined;
    if (vat === null) {
      ctx.addIssue({ code: "custom", path: ["vat_id"], message: "is not a VAT number of NL, BE or DE" });
      return z.NEVER;
    }
    return { ...rest, postcode, ...(company ? { company } : {}), ...(vat ? { vat_id: vat } : {}) };
  });

export const placeOrderBody = z.strictObject({
  order_id: required(64),
  user_id: line(32).optional(),
  cart_id: required(64),
  products: z
    .array(z.object({ sku: skuSchema, qty: int4(), product_option: z.unknown().optional() }))
    .max(100)
    .optional(),
  addressInformation: z.strictObject({
    shippingAddress: addressSchema.optional(),
    billingAddress: addressSchema,
    shipping_method_code: line(64).optional(),
    shipping_carrier_code: line(64).optional(),
    payment_method_code: required(64),
    payment_method_additional: z
      .strictObject({ service_point_code: line(32).optional(), store_id: line(64).optional() })
      .optional(),
  }),
  personalDetails: z.strictObject({
    email: z.email("is not an email address").max(254),
    firstname: line(100).optional(),
    lastname: line(100).optional(),
    createAccount: z.boolean().optional(),
  }),
});

export const orderHeaders = z.object({
  "idempotency-key": z
    .string({ error: "is required: send an Idempotency-Key header" })
    .regex(IDEMPOTENCY_KEY_PATTERN, "must be 1 to 255 visible ASCII characters"),
});

export const orderNumberSchema = z.string().regex(/^\d{9,12}$/, "is not an order number");

/** A missing token is no 400: without it an order answers 404, as with a wrong one (contract "Orders"). */
export const statusQuery = z.strictObject({ orderId: orderNumberSchema, token: line(128).optional() });

export const placedSchema = z.object({
  orderNumber: z.string(),
  backendOrderId: z.number().int(),
  status: z.string(),
  orderToken: z.string(),
  grand_total: z.number(),
  test_payment: z.boolean(),
  payment: z.object({ action: z.object({ type: z.literal("redirect"), url: z.string() }) }).optional(),
});

export const orderViewSchema = z.object({
  increment_id: z.string(),
  entity_id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  customer_email: z.string(),
  customer_id: z.number().int().nullable(),
  payment_method: z.string(),
  test_payment: z.boolean(),
  paid_at: z.string().nullable(),
  grand_total: z.number(),
  currency: z.string(),
  shipping_description: z.string().nullable(),
  pickup: z.unknown(),
  shipping_address: z.unknown(),
  billing_address: z.unknown(),
  totals: z.unknown(),
  items: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      qty: z.number(),
      price_incl_tax: z.number(),
      row_total_incl_tax: z.number(),
      options: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
  payments: z.array(
    z.object({
      reference: z.string(),
      method: z.string(),
      status: z.string(),
      result_code: z.string().nullable(),
    }),
  ),
});

export const adminStatusBody = z.strictObject({
  status: z.enum(["processing", "complete", "canceled", "closed"], {
    error: "must be processing, complete, canceled or closed",
  }),
});

export const adminListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
