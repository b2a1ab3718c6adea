import { z } from "zod";
import { skuListSchema, skuSchema } from "../../http/schemas.ts";

const MAX_STOCK_SKUS = 100;

export const stockCheckQuery = z.strictObject({ sku: skuSchema });

export const stockListQuery = z.strictObject({
  skus: skuListSchema(MAX_STOCK_SKUS),
});

export const stockItem = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  qty: z.number().int(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean(),
  status: z.enum(["ok", "volatile", "out_of_stock"]),
});
