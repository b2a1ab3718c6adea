import {
  asksForAddress,
  DELIVERY_COUNTRIES,
  isContactOnly,
  normalizePostcode,
  normalizeVatNumber,
} from "@etalage/core";
import { z } from "zod";
import { int4, line, skuSchema } from "../../http/schemas.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../../services/idempotency.ts";

const required = (max: number) => line(max).min(1, "Field is required");

/**
 * An address of the order (NL by default, BE and DE allowed; postcode checked per country). A
 * billing address may name a company and its VAT number (core's NL, BE and DE patterns), kept in
 * its normal form (`NL123456789B01`); empty ones are left out.
 */
/**
 * A Magento address field the shop does not use (contract "Orders"): Vue Storefront clients send
 * them, often null or 0, so they are taken (bounded, of a sane type) and dropped, never a reason
 * to refuse the order.
 */
const ignored = z.union([line(254), z.number(), z.boolean(), z.null()]).optional();
const MAGENTO_ONLY = {
  email: ignored,
  region: z
    .union([
      line(100),
      z.null(),
      z.strictObject({ region: ignored, region_code: ignored, region_id: ignored }),
    ])
    .optional(),
  region_id: ignored,
  region_code: ignored,
  customer_address_id: ignored,
  save_in_address_book: ignored,
  middlename: ignored,
  prefix: ignored,
  suffix: ignored,
} as const;

const addressSchema = z
  .strictObject({
    ...MAGENTO_ONLY,
    firstname: required(100),
    lastname: required(100),
    // Street, postcode and city may be left out only for a store pick-up (placeOrderBody below).
    street: z.array(line(200)).max(3, "has at most 3 lines").default([]),
    postcode: line(10).default(""),
    city: line(100).default(""),
    country_id: z.enum(DELIVERY_COUNTRIES as unknown as ["NL", "BE", "DE"], {
      error: "must be NL, BE or DE",
    }),
    telephone: line(30).optional(),
    company: line(100).nullable().optional(),
    vat_id: line(30).nullable().optional(),
  })
  .transform((address, ctx) => {
    // Contact details alone keep an empty postcode; the order decides whether that will do.
    const postcode = address.postcode ? normalizePostcode(address.country_id, address.postcode) : "";
    if (postcode === null) {
      ctx.addIssue({
        code: "custom",
        path: ["postcode"],
        message: `is not a postcode of ${address.country_id}`,
      });
      return z.NEVER;
    }
    const {
      company,
      vat_id,
      email: _email,
      region: _region,
      region_id: _regionId,
      region_code: _regionCode,
      customer_address_id: _addressId,
      save_in_address_book: _save,
      middlename: _middle,
      prefix: _prefix,
      suffix: _suffix,
      ...rest
    } = address;
    const vat = vat_id ? normalizeVatNumber(vat_id) : undefined;
    if (vat === null) {
      ctx.addIssue({ code: "custom", path: ["vat_id"], message: "is not a VAT number of NL, BE or DE" });
      return z.NEVER;
    }
    return { ...rest, postcode, ...(company ? { company } : {}), ...(vat ? { vat_id: vat } : {}) };
  });

export const placeOrderBody = z
  .strictObject({
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
    /** The grand total the shopper saw (contract "Orders"): another server total answers 409. */
    expected_grand_total: z.number().min(0).max(10_000_000).optional(),
    personalDetails: z.strictObject({
      email: z.email("is not an email address").max(254),
      firstname: line(100).optional(),
      lastname: line(100).optional(),
      createAccount: z.boolean().optional(),
    }),
  })
  .superRefine((body, ctx) => {
    const info = body.addressInformation;
    const contactOnlyAllowed = !asksForAddress(info.shipping_carrier_code);
    for (const [name, address] of [
      ["shippingAddress", info.shippingAddress],
      ["billingAddress", info.billingAddress],
    ] as const) {
      // A store pick-up asks only who the shopper is (issue 23, item 12); an address given is whole.
      if (!address || (contactOnlyAllowed && isContactOnly(address))) continue;
      const missing = [
        ...(address.street[0] ? [] : [["street", 0]]),
        ...(address.postcode ? [] : [["postcode"]]),
        ...(address.city ? [] : [["city"]]),
      ];
      for (const path of missing)
        ctx.addIssue({
          code: "custom",
          path: ["addressInformation", name, ...path],
          message: "Field is required",
        });
    }
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
  shipments: z.array(
    z.object({
      id: z.number().int(),
      carrier: z.string(),
      carrier_name: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string(),
      created_at: z.string(),
      lines: z.array(
        z.object({ item_id: z.number().int(), sku: z.string(), name: z.string(), qty: z.number() }),
      ),
    }),
  ),
});

export const adminStatusBody = z.strictObject({
  status: z.enum(["processing", "complete", "canceled", "closed"], {
    error: "must be processing, complete, canceled or closed",
  }),
});

/** The back office's list of payment alerts: open ones only unless `open=false`, of one order or all. */
export const paymentAlertsQuery = z.strictObject({
  open: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  orderNumber: orderNumberSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const paymentAlertSchema = z.object({
  id: z.number(),
  orderNumber: z.string(),
  paymentId: z.number().nullable(),
  kind: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
