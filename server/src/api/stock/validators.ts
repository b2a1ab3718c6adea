import { z } from "zod";

export const MAX_STOCK_SKUS = 100;

const sku = z.string().trim().min(1, "must not be empty").max(64, "is longer than 64 characters");

export const stockCheckQuery = z.strictObject({ sku });

export const stockListQuery = z.strictObject({
  skus: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(sku)
        .min(1, "must name at least one sku")
        .max(MAX_STOCK_SKUS, `must name at most ${MAX_STOCK_SKUS} skus`),
    ),
});

export const stockItem = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  qty: z.number().int(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  status: z.enum(["ok", "volatile", "out_of_stock"]),
});
