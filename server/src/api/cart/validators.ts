import { MAX_LINE_QTY } from "@etalage/core";
import { z } from "zod";
import { errorEnvelopeSchema } from "../../http/envelope.ts";
import { int4, line, skuSchema, text } from "../../http/schemas.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../../services/idempotency.ts";

/** Cart ids are base64url (services/cart/owner.ts); anything else cannot be one. */
export const cartIdSchema = z
  .string({ error: "must be a cart id" })
  .min(1, "must not be empty")
  .max(64, "is longer than 64 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "is not a cart id");

/** The customer token may come in the query (the spec's tokenInHeader off) or as a bearer header. */
const token = line(4096).optional();

export const createQuery = z.strictObject({ token });
export const cartQuery = z.strictObject({ cartId: cartIdSchema, token });
export const couponQuery = z.strictObject({
  cartId: cartIdSchema,
  token,
  coupon: line(64).min(1, "must not be empty"),
});

/** Other headers pass; these two are checked. */
export const writeHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, "must be 1 to 255 visible ASCII characters")
    .optional(),
});

const idLike = z.union([line(64).min(1, "must not be empty"), int4()]);
const label = line(200).optional();

const productOptionSchema = z.strictObject({
  extension_attributes: z.strictObject({
    configurable_item_options: z
      .array(z.strictObject({ option_id: idLike, option_value: idLike, label, value: label }))
      .max(10)
      .optional(),
    bundle_options: z
      .array(
        z.strictObject({
          option_id: int4(),
          option_qty: z.number().int("must be a whole number").min(1).max(99),
          option_selections: z.array(int4()).min(1).max(20),
        }),
      )
      .max(20)
      .optional(),
    custom_options: z
      .array(z.strictObject({ option_id: idLike, option_value: text(1000) }))
      .max(20)
      .optional(),
  }),
});

const qty = z
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be above 0")
  .max(MAX_LINE_QTY, `must be at most ${MAX_LINE_QTY}`);
const itemId = int4();

export const updateBody = z.strictObject({
  cartItem: z.strictObject({
    sku: skuSchema,
    qty,
    item_id: itemId.optional(),
    quoteId: cartIdSchema,
    product_option: productOptionSchema.optional(),
  }),
});

export const deleteBody = z.strictObject({
  cartItem: z.strictObject({ item_id: itemId, sku: skuSchema, quoteId: cartIdSchema }),
});

const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code");

/** `POST /shipping-methods`: the spec's address fields, or only country_id (transactional §7). */
export const shippingMethodsBody = z.strictObject({
  address: z.strictObject({
    country_id: country,
    region: line(100).nullish(),
    region_id: z.union([int4(0), line(20)]).nullish(),
    region_code: line(20).nullish(),
    street: z.array(line(200)).max(3).nullish(),
    postcode: line(20).nullish(),
    city: line(100).nullish(),
  }),
});

/** The shipping address payload (transactional §3): countryId, or country_id as the spec's address has it. */
const checkoutAddress = z
  .strictObject({
    firstname: line(100).optional(),
    lastname: line(100).optional(),
    city: line(100).optional(),
    postcode: line(20).optional(),
    street: z.array(line(200)).max(3).optional(),
    countryId: country.optional(),
    country_id: country.optional(),
    region: line(100).nullish(),
    region_id: z.union([int4(0), line(20)]).nullish(),
    region_code: line(20).nullish(),
    telephone: line(40).optional(),
    email: z.email().max(254).optional(),
    company: line(100).optional(),
    vat_id: line(40).optional(),
    affix: line(20).optional(),
  })
  .refine((a) => a.countryId || a.country_id, { message: "countryId is required", path: ["countryId"] });

const code = line(64).min(1, "must not be empty");

export const shippingInformationBody = z.strictObject({
  addressInformation: z.strictObject({
    shippingAddress: checkoutAddress,
    billingAddress: checkoutAddress.optional(),
    shipping_method_code: code,
    shipping_carrier_code: code,
    payment_method_code: code.optional(),
  }),
});

export const collectTotalsBody = z
  .strictObject({
    methods: z
      .strictObject({
        paymentMethod: z.strictObject({ method: code }).optional(),
        shippingCarrierCode: code.optional(),
        shippingMethodCode: code.optional(),
      })
      .optional(),
  })
  .optional();

export const discountBody = z.strictObject({
  discount: z
    .array(z.strictObject({ code }))
    .min(1, "must name at least one code")
    .max(5, "must name at most 5 codes"),
});

// Answers, for the OpenAPI description and the serializer.

export const serverItemSchema = z.object({
  item_id: z.number().int(),
  quote_id: z.string(),
  sku: z.string(),
  qty: z.number().int(),
  product_option: productOptionSchema.optional(),
  product_type: z.string(),
});

const optionLabel = z.object({ label: z.string(), value: z.string() });

export const totalsSchema = z.object({
  grand_total: z.number(),
  base_grand_total: z.number(),
  subtotal: z.number(),
  base_subtotal: z.number(),
  subtotal_incl_tax: z.number(),
  subtotal_with_discount: z.number(),
  discount_amount: z.number(),
  base_discount_amount: z.number(),
  shipping_amount: z.number(),
  shipping_incl_tax: z.number(),
  shipping_tax_amount: z.number(),
  tax_amount: z.number(),
  coupon_code: z.string().nullable(),
  items_qty: z.number(),
  items_count: z.number(),
  quote_currency_code: z.string(),
  base_currency_code: z.string(),
  extension_attributes: z
    .object({ free_shipping: z.object({ threshold: z.number(), remaining: z.number() }) })
    .optional(),
  items: z.array(
    z.object({
      item_id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      qty: z.number(),
      price: z.number(),
      price_incl_tax: z.number(),
      row_total: z.number(),
      row_total_incl_tax: z.number(),
      row_total_with_discount: z.number(),
      tax_amount: z.number(),
      tax_percent: z.number(),
      discount_amount: z.number(),
      options: z.array(optionLabel),
    }),
  ),
  total_segments: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      value: z.number(),
      extension_attributes: z
        .object({
          tax_grandtotal_details: z.array(
            z.object({
              amount: z.number(),
              rates: z.array(z.object({ percent: z.string(), title: z.string() })),
              group_id: z.number(),
            }),
          ),
        })
        .optional(),
    }),
  ),
});

export const paymentMethodSchema = z.object({ code: z.string(), title: z.string() });

export const shippingMethodSchema = z.object({
  carrier_code: z.string(),
  method_code: z.string(),
  carrier_title: z.string(),
  method_title: z.string(),
  amount: z.number(),
  base_amount: z.number(),
  price_excl_tax: z.number(),
  price_incl_tax: z.number(),
  available: z.boolean(),
  error_message: z.string(),
});

export const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
} as const;
