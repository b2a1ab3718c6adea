import { z } from "zod";

/**
 * One line of a catalogue import file (docs/catalog-import.md), in the spec's shapes
 * (core/src/catalog/types.ts). Strict where a typo would silently lose data (categories,
 * attributes, tax rules, redirects, landing pages, links); products and their children are
 * loose because they carry whatever attributes the shop defines.
 */

const id = z.number().int().positive();
const position = z.number().int();
const text = z.string().trim().min(1, "must not be empty");
const money = z.number().nonnegative().finite();

/** Skus travel in comma lists (`/api/stock/list`, render-list), so a comma can never be part of one. */
const skuSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "is longer than 64 characters")
  .regex(/^[^,\s]+$/, "must not contain commas or whitespace");

/** Stored and looked up without slashes at either end: "kleding/overhemden". */
const urlPathSchema = z
  .string()
  .min(1, "must not be empty")
  .regex(
    /^[^/\s?#](?:[^\s?#]*[^/\s?#])?$/,
    "must be a path without leading or trailing slash, spaces, ? or #",
  );

const dateText = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "is not a date (use ISO 8601, e.g. 2026-03-01)");
const optionalDate = dateText.nullable().optional();

const stockSchema = z.strictObject({
  product_id: id.optional(),
  sku: z.string().optional(),
  qty: z.number().int().nonnegative(),
  is_in_stock: z.boolean(),
  manage_stock: z.boolean().default(true),
  is_volatile: z.boolean().optional(),
});

const customAttribute = z.strictObject({
  attribute_code: text,
  value: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
});

const specialPriceFields = {
  special_price: money.nullable().optional(),
  special_from_date: optionalDate,
  special_to_date: optionalDate,
};

const childSchema = z.looseObject({
  id,
  sku: skuSchema,
  name: z.string().optional(),
  status: z.number().int().nonnegative(),
  stock: stockSchema,
  price: money,
  ...specialPriceFields,
  tax_class_id: z.number().int().nonnegative().optional(),
  url_key: z.string().optional(),
  url_path: urlPathSchema.optional(),
  image: z.string().optional(),
  custom_attributes: z.array(customAttribute).optional(),
});

const productLink = z.strictObject({
  link_type: z.enum(["associated", "colorrelation", "related", "upsell"]),
  linked_product_type: z
    .enum(["simple", "configurable", "grouped", "bundle", "virtual", "downloadable"])
    .optional(),
  linked_product_sku: skuSchema,
  sku: skuSchema,
  id: id.optional(),
  qty: z.number().nonnegative().optional(),
  is_default: z.boolean().optional(),
  position: position.optional(),
});

const configurableOption = z.strictObject({
  attribute_id: id,
  attribute_code: text,
  label: z.string(),
  values: z.array(z.strictObject({ value_index: z.union([z.string(), z.number()]), label: z.string() })),
});

const bundleOption = z.strictObject({
  option_id: id,
  title: z.string(),
  required: z.boolean().optional(),
  type: z.enum(["select", "radio", "checkbox", "multi"]).optional(),
  product_links: z.array(productLink).min(1, "a bundle option needs at least one product link"),
});

const productLabel = z.strictObject({
  label_id: id,
  type: z.literal([1, 2]),
  position: z.number().int().nonnegative(),
  label_text: z.string(),
  label_background_color: z.string(),
  label_text_color: z.string(),
  image: z.string().nullable().optional(),
  alt_tag: z.string().optional(),
});

const mediaEntry = z.strictObject({
  image: text,
  pos: z.number().int(),
  typ: z.enum(["image", "video"]),
  lab: z.string().optional(),
});

const productSchema = z
  .looseObject({
    id,
    sku: skuSchema,
    name: text,
    type_id: z.enum(["simple", "configurable", "grouped", "bundle", "virtual", "downloadable"]),
    status: z.number().int().nonnegative(),
    visibility: z.literal([1, 2, 3, 4]),
    url_key: text,
    url_path: urlPathSchema,
    slug: text,
    price: money,
    ...specialPriceFields,
    tax_class_id: z.number().int().nonnegative(),
    stock: stockSchema,
    category: z.array(z.strictObject({ category_id: id, name: z.string(), position: position.optional() })),
    category_ids: z.array(id),
    new: z.literal([0, 1]).optional(),
    sale: z.literal([0, 1]).optional(),
    media_gallery: z.array(mediaEntry).optional(),
    configurable_children: z.array(childSchema).optional(),
    configurable_options: z.array(configurableOption).optional(),
    product_links: z.array(productLink).optional(),
    bundle_options: z.array(bundleOption).optional(),
    product_labels: z.array(productLabel).optional(),
  })
  .superRefine((p, ctx) => {
    const children = p.configurable_children ?? [];
    if (p.type_id === "configurable" && children.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["configurable_children"],
        message: "a configurable product needs children",
      });
    }
    if (p.type_id !== "configurable" && children.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["configurable_children"],
        message: `a ${p.type_id} product has no children`,
      });
    }
    // The spec logs a grouped product without links as an error; an import refuses it up front.
    if (p.type_id === "grouped" && !p.product_links?.some((l) => l.link_type === "associated")) {
      ctx.addIssue({
        code: "custom",
        path: ["product_links"],
        message: "a grouped product needs associated product links",
      });
    }
    if (p.type_id === "bundle" && !p.bundle_options?.length) {
      ctx.addIssue({
        code: "custom",
        path: ["bundle_options"],
        message: "a bundle product needs bundle options",
      });
    }
    checkSpecialWindow(p, [], ctx);
    children.forEach((child, i) => {
      checkSpecialWindow(child, ["configurable_children", i], ctx);
    });
  });

function checkSpecialWindow(
  p: { special_from_date?: string | null; special_to_date?: string | null },
  at: (string | number)[],
  ctx: z.RefinementCtx,
) {
  if (
    p.special_from_date &&
    p.special_to_date &&
    Date.parse(p.special_from_date) > Date.parse(p.special_to_date)
  ) {
    ctx.addIssue({
      code: "custom",
      path: [...at, "special_to_date"],
      message: "is before special_from_date",
    });
  }
}

const categorySchema = z
  .strictObject({
    id,
    parent_id: z.number().int().nonnegative(),
    parent_ids: z.array(z.number().int().nonnegative()).optional(),
    level: z.number().int().nonnegative(),
    name: text,
    slug: text,
    is_active: z.boolean(),
    position: position,
    include_in_menu: z.boolean().optional(),
    product_count: z.number().int().nonnegative().default(0),
    path: text,
    url_key: text,
    // The store's root category sits at the home page: its url_path is empty.
    url_path: z.union([z.literal(""), urlPathSchema]),
    children_count: z.number().int().nonnegative().default(0),
    meta_title: z.string().optional(),
    meta_description: z.string().optional(),
    meta_keywords: z.string().optional(),
    description: z.string().optional(),
    alternate_href_tags: z.array(z.strictObject({ url: text, language_code: text })).optional(),
  })
  .refine((c) => c.url_path !== "" || c.parent_id <= 1, {
    path: ["url_path"],
    message: "must not be empty (only a root category may have an empty url_path)",
  });

const attributeSchema = z.strictObject({
  attribute_id: id,
  attribute_code: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be lower case letters, digits and _"),
  frontend_label: z.string(),
  frontend_input: z.enum(["select", "multiselect", "text", "price", "boolean", "textarea"]),
  is_user_defined: z.boolean(),
  is_visible: z.boolean(),
  is_visible_on_front: z.boolean().optional(),
  is_comparable: z.boolean(),
  is_filterable: z.boolean().optional(),
  position: position.optional(),
  options: z.array(
    z.strictObject({
      label: z.string(),
      value: z.string(),
      swatch: z.string().optional(),
      sort_order: z.number().int().optional(),
    }),
  ),
  swatch: z.boolean().optional(),
});

const taxRuleSchema = z.strictObject({
  id,
  code: text,
  priority: z.number().int().optional(),
  product_tax_class_ids: z.array(z.number().int().nonnegative()).min(1, "must name at least one tax class"),
  customer_tax_class_ids: z.array(z.number().int().nonnegative()).min(1, "must name at least one tax class"),
  rates: z
    .array(
      z.strictObject({
        rate: z.number().min(0).max(100),
        tax_country_id: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code"),
        tax_region_id: z.number().int().nonnegative(),
        region_name: z.string(),
        code: z.string().optional(),
      }),
    )
    .min(1, "must have at least one rate"),
});

const redirectSchema = z.strictObject({
  id,
  request_path: urlPathSchema,
  target_path: z.string().trim().min(1, "must not be empty"),
  redirect_type: z.literal([301, 302]),
});

const landingPageSchema = z.strictObject({
  id,
  url_path: urlPathSchema,
  category_id: id,
  filter_attributes: z.string().refine(isJsonObject, "must be a JSON object in a string"),
  title: z.string().optional(),
});

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export const catalogRecordSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("product"), data: productSchema }),
  z.strictObject({ type: z.literal("category"), data: categorySchema }),
  z.strictObject({ type: z.literal("attribute"), data: attributeSchema }),
  z.strictObject({ type: z.literal("taxrule"), data: taxRuleSchema }),
  z.strictObject({ type: z.literal("redirect"), data: redirectSchema }),
  z.strictObject({ type: z.literal("landing_page"), data: landingPageSchema }),
]);
