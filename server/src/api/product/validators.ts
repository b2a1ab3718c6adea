import { STORE } from "@etalage/core";
import { z } from "zod";
import { line, skuListSchema } from "../../http/schemas.ts";

const MAX_RENDER_LIST_SKUS = 100;

export const renderListQuery = z.strictObject({
  skus: skuListSchema(MAX_RENDER_LIST_SKUS),
  currencyCode: z
    .string()
    .refine((code) => code === STORE.currencyCode, `must be ${STORE.currencyCode}, the store's currency`)
    .optional(),
  storeId: z
    .string()
    .refine((id) => id === String(STORE.storeId), `must be ${STORE.storeId}, the store's id`)
    .optional(),
  // Tier prices are off (browsing §6): a group id and token are accepted and do not change prices.
  userGroupId: line(64).optional(),
  token: line(2048).optional(),
});

const amount = z.number();

const priceInfo = z.object({
  final_price: amount,
  final_price_tax: amount,
  final_price_incl_tax: amount,
  regular_price: amount,
  regular_price_tax: amount,
  regular_price_incl_tax: amount,
  price_incl_tax: amount,
  tax: amount,
  special_price: amount.optional(),
  special_price_tax: amount.optional(),
  special_price_incl_tax: amount.optional(),
  currency_code: z.string(),
});

const renderListItem = z.object({ id: z.number().int(), sku: z.string(), price_info: priceInfo });

export const renderListResult = z.object({ items: z.array(renderListItem) });
