import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cartRules } from "../db/schema.ts";

type NewRule = typeof cartRules.$inferInsert;

/** The demo coupon codes (README "Demo coupon codes"); each shows one rule or one refusal. */
const DEMO_CART_RULES: readonly NewRule[] = [
  { code: "WELKOM10", label: "Welkomstkorting 10%", action: "by_percent", discountAmount: 10 },
  { code: "ZOMER25", label: "Zomerkorting € 25", action: "by_fixed", discountAmount: 25, minSubtotal: 150 },
  { code: "GRATISVERZENDING", label: "Gratis verzending", action: "free_shipping", freeShipping: true },
  {
    code: "VERLOPEN",
    label: "Verlopen actie 15%",
    action: "by_percent",
    discountAmount: 15,
    fromDate: new Date("2025-01-01T00:00:00+01:00"),
    toDate: new Date("2025-03-31T23:59:59+02:00"),
  },
  {
    code: "OP",
    label: "Uitverkochte actie € 10",
    action: "by_fixed",
    discountAmount: 10,
    usageLimit: 100,
    timesUsed: 100,
  },
  {
    code: "BINNENKORT",
    label: "Actie vanaf 2099",
    action: "by_percent",
    discountAmount: 20,
    fromDate: new Date("2099-01-01T00:00:00+01:00"),
  },
];

/** Seeds the demo coupons when there are no cart rules yet (also in a database seeded earlier). */
export async function seedDemoCartRules(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartRules);
  if ((row?.n ?? 0) > 0) return 0;
  const inserted = await db
    .insert(cartRules)
    .values([...DEMO_CART_RULES])
    .onConflictDoNothing()
    .returning({ id: cartRules.id });
  return inserted.length;
}
