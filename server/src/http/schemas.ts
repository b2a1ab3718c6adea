import { textProblem } from "@etalage/core";
import { z } from "zod";

/*
 * The building blocks of every route schema: text that keeps the text rule (core/src/text-rule.ts), and
 * integers within the range of the column they end up in. A new field takes one of these rather
 * than a bare `z.string()` or `z.number().int()`, so it cannot reach the database with a NUL or
 * an id PostgreSQL's `integer` cannot hold, even when it is parsed outside a request (the
 * storefront's form post calls the cart schemas in-process).
 */

/** PostgreSQL's `integer`: ids, item ids, positions. */
const INT4_MAX = 2_147_483_647;

type Ctx = z.core.$RefinementCtx<string>;

/** Refinement: one line of text, no control characters, valid Unicode. */
function singleLine(value: string, ctx: Ctx) {
  const problem = textProblem(value, false);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}

/** Refinement: free text that may hold line breaks and tabs (a message, a review). */
function multiLine(value: string, ctx: Ctx) {
  const problem = textProblem(value, true);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
}

/** One line of text (a code, a name) of at most `max` characters, trimmed. */
export function line(max: number) {
  return z.string().trim().max(max, `is longer than ${max} characters`).superRefine(singleLine);
}

/** Free text of at most `max` characters, trimmed. */
export function text(max: number) {
  return z.string().trim().max(max, `is longer than ${max} characters`).superRefine(multiLine);
}

/** A whole number that fits an `integer` column, from `min` (default 1: an id). */
export function int4(min = 1) {
  return z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, min === 1 ? "must be above 0" : `must be at least ${min}`)
    .max(INT4_MAX, `must be at most ${INT4_MAX}`);
}

/** A sku as clients send it. */
export const skuSchema = line(64).min(1, "must not be empty");

/** `a,b,c` in a query: trimmed, de-duplicated, empty entries dropped, each checked by `item`. */
export function commaList<T extends z.ZodType<unknown, string>>(item: T, max: number, what: string) {
  return z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(item).min(1, `must name at least one ${what}`).max(max, `must name at most ${max} ${what}s`),
    );
}

/** `skus=a,b,c`: 1 to `max` skus. */
export function skuListSchema(max: number) {
  return commaList(skuSchema, max, "sku");
}
