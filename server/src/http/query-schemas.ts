import { z } from "zod";

/** A sku as clients send it in a query. */
export const skuSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "is longer than 64 characters");

/** `skus=a,b,c`: a comma list, trimmed and de-duplicated, of 1 to `max` skus. */
export function skuListSchema(max: number) {
  return z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(skuSchema).min(1, "must name at least one sku").max(max, `must name at most ${max} skus`));
}
