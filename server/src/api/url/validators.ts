import { textProblem } from "@etalage/core";
import { z } from "zod";
import { int4, line, skuSchema } from "../../http/schemas.ts";
import { normaliseUrl } from "../../services/url-resolve.ts";

const fieldList = z
  .array(line(200).min(1, "must not be empty"))
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
  url: line(2048)
    .min(1, "must not be empty")
    .refine(
      (url) => !textProblem(normaliseUrl(url), false),
      "must not contain control characters once percent-decoded",
    ),
  includeFields: fieldList,
  excludeFields: fieldList,
  options,
  filters: z
    .strictObject({
      sku: skuSchema.optional(),
    })
    .nullable()
    .optional(),
  // Sent only when tier prices are on (browsing §6); they are off, so accepted and unused.
  groupId: z
    .union([int4(0), line(64)])
    .nullable()
    .optional(),
  groupToken: line(2048).nullable().optional(),
});

const redirectMeta = z.object({ status: z.number().int(), to: z.string() });

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
