import { z } from "zod";
import { type FilterValue, OPERATORS } from "../../catalog-index/query-types.ts";
import { line } from "../../http/schemas.ts";

/** browsing §9 "max filter query 999": the most values one `in`/`nin` list may hold. */
const MAX_FILTER_VALUES = 999;
const MAX_FILTERS = 64;
const MAX_SORTS = 8;
const MAX_TEXT = 256;
const MAX_NAME = 128;

const name = line(MAX_NAME).min(1, "must not be empty");
const scope = z.enum(["default", "catalog"]);
const OPERATOR_LIST = OPERATORS.join(", ");

type Ctx = z.core.$RefinementCtx<unknown>;
const issue = (ctx: Ctx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: "custom", path, message });

function checkScalar(value: unknown, ctx: Ctx, path: (string | number)[]): void {
  if (typeof value === "string") {
    if (value.length > MAX_TEXT) issue(ctx, path, `is longer than ${MAX_TEXT} characters`);
  } else if (typeof value === "number") {
    if (!Number.isFinite(value)) issue(ctx, path, "must be a finite number");
  } else if (typeof value !== "boolean") {
    issue(ctx, path, "must be a string, number or boolean");
  }
}

function checkList(value: unknown, ctx: Ctx, path: (string | number)[]): void {
  if (!Array.isArray(value)) {
    issue(ctx, path, "must be a list");
  } else if (value.length > MAX_FILTER_VALUES) {
    issue(ctx, path, `must have at most ${MAX_FILTER_VALUES} values`);
  } else {
    value.forEach((v, i) => {
      checkScalar(v, ctx, [...path, i]);
    });
  }
}

/**
 * A filter value: a scalar (eq), a list (in), or an object of operators (contract "Catalogue").
 * Checked by hand so each mistake gets its own message and path rather than zod's "Invalid input"
 * for a union.
 */
const filterValue = z
  .unknown()
  .superRefine((value, ctx) => {
    if (Array.isArray(value)) {
      checkList(value, ctx, []);
      return;
    }
    if (value === null || typeof value !== "object") {
      checkScalar(value, ctx, []);
      return;
    }
    const entries = Object.entries(value);
    if (entries.length === 0) issue(ctx, [], `needs one of ${OPERATOR_LIST}`);
    for (const [op, v] of entries) {
      if (op === "eq" || op === "neq") checkScalar(v, ctx, [op]);
      else if (op === "in" || op === "nin") checkList(v, ctx, [op]);
      else if (op === "gt" || op === "gte" || op === "lt" || op === "lte") {
        if (typeof v === "number") checkScalar(v, ctx, [op]);
        else if (typeof v !== "string" || v.length > 64) issue(ctx, [op], "must be a number or a date");
      } else issue(ctx, [op], `unknown operator (use ${OPERATOR_LIST})`);
    }
  })
  .transform((value) => value as FilterValue);

export const searchBody = z.strictObject({
  _appliedFilters: z
    .array(z.strictObject({ attribute: name, value: filterValue, scope: scope.optional() }))
    .max(MAX_FILTERS, `must have at most ${MAX_FILTERS} filters`)
    .optional(),
  _availableFilters: z
    .array(
      z.strictObject({
        field: name,
        scope: scope.optional(),
        options: z
          .strictObject({ size: z.number().int().min(1).max(100).optional() })
          .catchall(z.union([line(MAX_NAME), z.number(), z.boolean()]))
          .optional(),
      }),
    )
    .max(MAX_FILTERS, `must have at most ${MAX_FILTERS} filters`)
    .optional(),
  _appliedSort: z
    .array(z.strictObject({ field: name, options: z.enum(["asc", "desc"]).optional() }))
    .max(MAX_SORTS, `must have at most ${MAX_SORTS} sort fields`)
    .optional(),
  _searchText: line(MAX_TEXT).optional(),
});
export type SearchBody = z.output<typeof searchBody>;

const wholeNumber = z
  .string()
  .regex(/^\s*[-+]?\d{1,15}\s*$/, "must be a whole number")
  .transform(Number);
const fieldList = z
  .string()
  .max(4000, "is longer than 4000 characters")
  .transform((text) =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const query = {
  from: wholeNumber.optional(),
  size: wholeNumber.optional(),
  _source_include: fieldList.optional(),
  _source_exclude: fieldList.optional(),
  // Elasticsearch spells them in the plural too.
  _source_includes: fieldList.optional(),
  _source_excludes: fieldList.optional(),
};

export const searchQuery = z.strictObject(query);
/** GET carries the body in `?request=<url-encoded JSON>`. */
export const searchGetQuery = z.strictObject({
  ...query,
  request: z.string().max(100_000, "is longer than 100000 characters").optional(),
});

export const searchParams = z.strictObject({ index: name, entityType: name });

export const searchResponse = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  start: z.number().int(),
  perPage: z.number().int(),
  aggregations: z.object({
    filters: z.array(z.record(z.string(), z.unknown())),
    filterSettings: z.record(z.string(), z.unknown()),
    sortFields: z.array(z.record(z.string(), z.unknown())),
  }),
  attributeMetadata: z.array(z.record(z.string(), z.unknown())),
});
