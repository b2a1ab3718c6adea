/**
 * Elevate Storefront API v3 requests as the built-in service accepts them (vendor-apis §3.1,
 * §3.2): query parameters with pipe-joined lists and `f.*` facets, and the JSON bodies the
 * official client sends as `text/plain`. Every text keeps the shop's text rule (schemas.ts).
 */
import { z } from "zod";
import { line } from "../../http/schemas.ts";

/** The markets the built-in cluster has: the shop sells in the Netherlands. */
const ELEVATE_MARKETS: readonly string[] = ["NL"];

const KEY = 256;
const key = line(KEY).min(1, "must not be empty");
const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const boolParam = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true");
/** `a|b|c`, at most `max` values of `value`. */
const pipeList = (max: number) =>
  line(8_000)
    .transform((v) => v.split("|").filter((x) => x !== ""))
    .pipe(z.array(key).max(max, `must name at most ${max} values`));

/** Sent with every request by the official client (src/util/url.ts). */
const sessionParams = {
  // A cluster answers its configured markets only; the shop's one is the Netherlands.
  market: line(64)
    .min(1, "must not be empty")
    .refine((market) => ELEVATE_MARKETS.includes(market), {
      error: (issue) =>
        `no market ${String(issue.input)} on this cluster (it has ${ELEVATE_MARKETS.join(", ")})`,
    }),
  customerKey: key,
  sessionKey: key,
};

const productParams = {
  ...sessionParams,
  locale: line(35).min(1, "must not be empty"),
  touchpoint: z.enum(["desktop", "mobile"], { error: "must be desktop or mobile" }),
  viewId: z.enum(["production", "preview"]).optional(),
  notify: boolParam.optional(),
  priceId: line(64).optional(),
  channels: line(32).optional(),
  stores: line(1_000).optional(),
  presentCustom: pipeList(50).optional(),
  presentPrices: pipeList(50).optional(),
  templateId: line(128).optional(),
};

const listParams = {
  limit: intParam(0, 500).optional(),
  skip: intParam(0, 100_000).optional(),
  sort: line(64).optional(),
};

/** Facet parameters (`f.color`, `f.price.min`) are any further keys; checked one by one. */
export const landingPageQuery = z.looseObject({
  ...productParams,
  ...listParams,
  q: line(256).optional(),
  pageReference: line(2_000).optional(),
  includeNavigation: boolParam.optional(),
});

export const searchPageQuery = z.looseObject({
  ...productParams,
  ...listParams,
  q: line(256),
  origin: z
    .enum([
      "ORGANIC",
      "PHRASE_SUGGEST",
      "DID_YOU_MEAN",
      "UNDO_AUTO_CORRECT",
      "RELATED_SEARCHES",
      "RECENT_SEARCH",
    ])
    .optional(),
  selectedCategory: line(256).optional(),
  viewAllSecondary: boolParam.optional(),
});

export const productPageQuery = z.object({ ...productParams, productKey: key });
export const cartPageQuery = z.object({ ...productParams, cart: pipeList(100) });
export const addToCartPopupQuery = z.object({
  ...productParams,
  variantKey: key,
  cart: pipeList(100).optional(),
});
export const autocompleteQuery = z.object({ ...productParams, q: line(256) });
export const navigationTreeQuery = z.object({
  ...sessionParams,
  locale: productParams.locale,
  touchpoint: productParams.touchpoint,
  viewId: productParams.viewId,
  notify: productParams.notify,
  priceId: productParams.priceId,
  channels: productParams.channels,
  stores: productParams.stores,
});
export const notificationQuery = z.object(sessionParams);

/** `sponsored-page` and `banners` (retail media, beta in the client): a page reference, a template. */
export const retailMediaQuery = z.object({
  ...productParams,
  pageReference: line(2_000).min(1, "must not be empty"),
});
export const contentInformationQuery = z.object({
  ...sessionParams,
  locale: productParams.locale,
  touchpoint: productParams.touchpoint,
  viewId: productParams.viewId,
  notify: productParams.notify,
  contentKeys: pipeList(100),
});
export const contentSearchPageQuery = z.object({
  ...sessionParams,
  locale: productParams.locale,
  touchpoint: productParams.touchpoint,
  viewId: productParams.viewId,
  notify: productParams.notify,
  limit: listParams.limit,
  skip: listParams.skip,
  q: line(256),
  origin: z.enum(["ORGANIC", "DID_YOU_MEAN", "UNDO_AUTO_CORRECT"]).optional(),
  sort: z.enum(["RELEVANCE", "NEWEST_FIRST"], { error: "must be RELEVANCE or NEWEST_FIRST" }).optional(),
});
export const contentSearchPageBody = z
  .object({ primaryList: z.object({ contentFilter: z.record(line(128), z.unknown()) }).optional() })
  .strict();
/** Elevate's (secure) payment notification: the lines of a paid order, sent with the cluster's Api-Key. */
export const paymentBody = z.object({
  lines: z
    .array(
      z
        .object({
          productKey: key.optional(),
          variantKey: key.optional(),
          quantity: z.number().int().min(1, "must be at least 1").max(100_000),
          sellingPrice: z.number().min(0, "must not be negative").max(1_000_000),
          cost: z.number().min(0).max(1_000_000).optional(),
        })
        .refine((line) => line.productKey || line.variantKey, "needs a productKey or a variantKey"),
    )
    .min(1, "must have at least one line")
    .max(500),
});

const algorithm = z.enum([
  "TOP_PRODUCTS",
  "PERSONAL",
  "CART",
  "STYLE_WITH",
  "ALTERNATIVES",
  "UPSELL",
  "NEWEST_PRODUCTS",
  "FAVORITES",
  "MORE_FROM_SERIES",
  "RECENTLY_VIEWED",
  "ADD_TO_CART_RECS",
]);

const recommendationList = z.object({
  id: line(128).min(1, "must not be empty"),
  algorithm: algorithm.optional(),
  limit: z.number().int().min(1, "must be at least 1").max(100, "must be at most 100").optional(),
  productRules: line(2_000).optional(),
  productFilter: z.record(line(128), z.unknown()).optional(),
  params: z.object({ productKey: key.optional(), cart: z.array(key).max(100).optional() }).optional(),
  visualization: z.enum(["CAROUSEL", "GRID"]).optional(),
  label: line(256).optional(),
  showMoreLink: line(2_000).optional(),
});
const recommendationLists = z.array(recommendationList).max(20, "must have at most 20 lists");
const contentLists = z
  .array(
    z
      .object({
        id: line(128).min(1, "must not be empty"),
        limit: z.number().int().min(0).max(100).optional(),
      })
      .loose(),
  )
  .max(20, "must have at most 20 lists");
const include = z.object({ include: z.boolean({ error: "must be true or false" }) });
const primaryList = include.extend({
  productRules: line(2_000).optional(),
  productFilter: z.record(line(128), z.unknown()).optional(),
});

export const landingPageBody = z
  .object({
    primaryList: primaryList.optional(),
    navigation: include.optional(),
    recommendationLists: recommendationLists.optional(),
    contentLists: contentLists.optional(),
  })
  .optional();
export const searchPageBody = z
  .object({
    primaryList: primaryList.optional(),
    navigation: include.optional(),
    contentLists: contentLists.optional(),
  })
  .optional();
export const productPageBody = z
  .object({ productGroup: include.optional(), recommendationLists: recommendationLists.optional() })
  .optional();
export const cartPageBody = z
  .object({ cart: include.optional(), recommendationLists: recommendationLists.optional() })
  .optional();
export const addToCartPopupBody = z.object({ recommendationLists });
export const autocompleteBody = z
  .object({
    productRules: line(2_000).optional(),
    productFilter: z.record(line(128), z.unknown()).optional(),
    contentLists: contentLists.optional(),
  })
  .optional();

export const ticketBody = z.union(
  [
    z.object({ ticket: line(512).min(1, "must not be empty") }),
    z.object({ productKey: key }),
    z.object({ variantKey: key }),
  ],
  { error: "must hold a ticket, a productKey or a variantKey" },
);
export const favoriteBody = z.union([z.object({ productKey: key }), z.object({ variantKey: key })], {
  error: "must hold a productKey or a variantKey",
});
export const removeRecentSearchesBody = z.union(
  [z.object({ phrases: z.array(line(256)).min(1).max(100) }), z.object({ removeAll: z.literal(true) })],
  { error: "must hold phrases or removeAll" },
);
export const removeRecentlyViewedBody = z.union(
  [z.object({ productKeys: z.array(key).min(1).max(100) }), z.object({ removeAll: z.literal(true) })],
  { error: "must hold productKeys or removeAll" },
);

export type RecommendationListConfig = z.infer<typeof recommendationList>;

/** The `f.*` parameters of a query: `f.color=49|50`, `f.price.min=10`; a bad one names its field. */
export function facetSelection(query: Record<string, unknown>): {
  values: Map<string, string[]>;
  range: { min?: number; max?: number };
  problem?: string;
} {
  const values = new Map<string, string[]>();
  const range: { min?: number; max?: number } = {};
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith("f.")) continue;
    const value = Array.isArray(raw) ? raw.join("|") : String(raw);
    const m = /^f\.([a-z][a-z0-9_]{0,63})(?:\.(min|max))?$/.exec(name);
    if (!m) return { values, range, problem: `querystring.${name}: is not a facet this shop has` };
    const [, id, bound] = m;
    if (bound) {
      if (id !== "price") return { values, range, problem: `querystring.${name}: only price has a range` };
      const n = Number(value);
      if (!/^-?\d+(\.\d+)?$/.test(value) || !Number.isFinite(n))
        return { values, range, problem: `querystring.${name}: must be a number` };
      range[bound as "min" | "max"] = n;
      continue;
    }
    const list = value.split("|").filter(Boolean);
    if (list.length > 100)
      return { values, range, problem: `querystring.${name}: must name at most 100 values` };
    if (list.some((v) => v.length > 128))
      return { values, range, problem: `querystring.${name}: has a value longer than 128 characters` };
    values.set(id!, list);
  }
  return { values, range };
}
