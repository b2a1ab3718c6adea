import { z } from "zod";

const fieldList = z
  .array(z.string().trim().min(1, "must not be empty").max(200, "is longer than 200 characters"))
  .max(200, "must name at most 200 fields")
  .nullable()
  .optional();

/** The storefront's product-processing switches (browsing §7); applied client-side by core rules. */
const options = z
  .strictObject({
    prefetchGroupProducts: z.boolean().optional(),
    assignProductConfiguration: z.boolean().optional(),
    populateRequestCacheTags: z.boolean().optional(),
    setProductErrors: z.boolean().optional(),
    fallbackToDefaultWhenNoAvailable: z.boolean().optional(),
    separateSelectedVariant: z.boolean().optional(),
    setConfigurableProductOptions: z.boolean().optional(),
    filterUnavailableVariants: z.boolean().optional(),
  })
  .nullable()
  .optional();

export const urlMapBody = z.strictObject({
  url: z.string().trim().min(1, "must not be empty").max(2048, "is longer than 2048 characters"),
  includeFields: fieldList,
  excludeFields: fieldList,
  options,
  filters: z
    .strictObject({
      sku: z.string().trim().min(1, "must not be empty").max(64, "is longer than 64 characters").optional(),
    })
    .nullable()
    .optional(),
  // Sent only when tier prices are on (browsing §6); they are off, so accepted and unused.
  groupId: z
    .union([z.number().int(), z.string().max(64)])
    .nullable()
    .optional(),
  groupToken: z.string().max(2048).nullable().optional(),
});

export type UrlMapBody = z.infer<typeof urlMapBody>;

export const redirectMeta = z.object({ status: z.number().int(), to: z.string() });

export const urlMapResult = z.object({
  _type: z.enum(["product", "category", "cms_page"]),
  _source: z.record(z.string(), z.unknown()),
});

/** Like `errorEnvelopeSchema`, with the redirect a not-found answer may carry. */
export const urlNotFound = z.object({
  code: z.number().int(),
  result: z.string(),
  meta: z.object({ redirect: redirectMeta.optional() }).optional(),
});
