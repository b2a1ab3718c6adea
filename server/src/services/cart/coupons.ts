import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartRules } from "../../db/schema.ts";
import type { DiscountRule } from "./totals.ts";

/**
 * Cart price rules and coupon codes. A refusal says 'Not a valid coupon code' to the shopper
 * (transactional §8), except an expired, used-up or not-yet-valid code, which says which (issue 23,
 * item 17; core `couponRefusal`); `meta.reason` always says which condition failed.
 */
export type CouponProblem =
  | "unknown"
  | "inactive"
  | "not-yet-valid"
  | "expired"
  | "used-up"
  | "minimum-not-met";

export type CartRuleRow = typeof cartRules.$inferSelect;

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findRules(db: Db, codes: readonly string[]): Promise<Map<string, CartRuleRow>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select()
    .from(cartRules)
    .where(inArray(cartRules.code, codes.map(normalizeCode)));
  return new Map(rows.map((r) => [r.code, r]));
}

/** Why a rule does not apply to a cart with this subtotal now, or null when it does. */
export function couponProblem(
  rule: CartRuleRow | undefined,
  context: { now: Date; subtotalInclTax: number },
): CouponProblem | null {
  if (!rule) return "unknown";
  if (!rule.isActive) return "inactive";
  if (rule.fromDate && context.now < rule.fromDate) return "not-yet-valid";
  if (rule.toDate && context.now > rule.toDate) return "expired";
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) return "used-up";
  if (rule.minSubtotal !== null && context.subtotalInclTax < rule.minSubtotal) return "minimum-not-met";
  return null;
}

function discountRule(rule: CartRuleRow): DiscountRule {
  return {
    code: rule.code,
    label: rule.label,
    action: rule.action,
    discountAmount: Number(rule.discountAmount),
    freeShipping: rule.freeShipping,
  };
}

/** The rules of `codes` that apply now; the others are left out of the totals (not removed). */
export function applicableRules(
  codes: readonly string[],
  rules: ReadonlyMap<string, CartRuleRow>,
  context: { now: Date; subtotalInclTax: number },
): DiscountRule[] {
  return codes.flatMap((code) => {
    const rule = rules.get(code);
    return rule && couponProblem(rule, context) === null ? [discountRule(rule)] : [];
  });
}

/**
 * For order placement (inside its transaction): counts one use of each code, refusing the codes
 * that reached their limit meanwhile. Returns the codes refused; an empty list means all counted.
 */
export async function recordCouponUse(tx: Db, codes: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(codes.map(normalizeCode))];
  if (wanted.length === 0) return [];
  const counted = await tx
    .update(cartRules)
    .set({ timesUsed: sql`${cartRules.timesUsed} + 1` })
    .where(
      and(
        inArray(cartRules.code, wanted),
        or(isNull(cartRules.usageLimit), lt(cartRules.timesUsed, cartRules.usageLimit)),
      ),
    )
    .returning({ code: cartRules.code });
  const done = new Set(counted.map((r) => r.code));
  return wanted.filter((c) => !done.has(c));
}
