import { overallRating } from "@etalage/core";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { meta, products, reviews } from "../db/schema.ts";

/*
 * Approved reviews on a few demo products (issue 18), so the product page's reviews, the rating
 * summary and the JSON-LD aggregateRating show in a fresh shop. Written once, marked in `meta`.
 */

const REVIEWERS = ["Jeroen", "Sanne", "Mehmet", "Anouk", "Pieter", "Fatima"];
const TEXTS: [title: string, detail: string, stars: number][] = [
  ["Valt precies goed", "Besteld in mijn gewone maat en hij past perfect. Mooie stof, netjes afgewerkt.", 5],
  [
    "Fijne kwaliteit",
    "Na een paar keer wassen nog steeds als nieuw. De kleur is iets donkerder dan op de foto.",
    4,
  ],
  [
    "Prima, maar klein",
    "Goede pasvorm in de schouders, maar de mouwen vallen wat kort. Een maat groter bestellen.",
    3,
  ],
  ["Aanrader", "Snel geleverd en in de winkel omgeruild zonder gedoe. Draag hem bijna elke dag.", 5],
  [
    "Netjes voor de prijs",
    "Doet wat het moet doen. Voor kantoor prima, voor een feest iets te eenvoudig.",
    4,
  ],
];
const MARK = "seed-reviews";

export async function seedDemoReviews(db: Db): Promise<number> {
  const [done] = await db.select().from(meta).where(eq(meta.key, MARK));
  if (done) return 0;
  const chosen = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(isNull(products.parentId), eq(products.status, 1), eq(products.visibility, 4)))
    .orderBy(asc(products.id))
    .limit(6);
  const day = 24 * 60 * 60 * 1000;
  const start = Date.parse("2026-09-01T10:00:00Z");
  const rows = chosen.flatMap((product, p) =>
    Array.from({ length: 2 + (p % 3) }, (_, i) => {
      const [title, detail, stars] = TEXTS[(p + i) % TEXTS.length]!;
      const ratings = [{ rating_id: 1, value: stars }];
      const at = new Date(start + (p * 7 + i * 3) * day);
      return {
        productId: product.id,
        sku: product.sku,
        title,
        detail,
        nickname: REVIEWERS[(p + i) % REVIEWERS.length]!,
        ratings,
        rating: overallRating(ratings),
        email: `demo-review-${p}-${i}@etalage.example`,
        status: "approved",
        helpful: (p + i * 2) % 5,
        createdAt: at,
        moderatedAt: at,
      };
    }),
  );
  if (rows.length > 0) await db.insert(reviews).values(rows).onConflictDoNothing();
  await db
    .insert(meta)
    .values({ key: MARK, value: { reviews: rows.length } })
    .onConflictDoNothing();
  return rows.length;
}
