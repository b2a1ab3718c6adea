import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerFavorites } from "../../db/schema.ts";

/** As many as a browser keeps (storefront favorites-store.ts). */
export const FAVORITES_LIMIT = 200;

/**
 * A customer's favourites on the server (issue 16), newest first. Only product keys the
 * catalogue knows are kept: a browser's list may hold products since taken out of the shop.
 */
export class CustomerFavorites {
  constructor(
    private readonly db: Db,
    private readonly known: (productKey: string) => boolean,
  ) {}

  async list(customerId: number): Promise<string[]> {
    const rows = await this.db
      .select({ productKey: customerFavorites.productKey })
      .from(customerFavorites)
      .where(eq(customerFavorites.customerId, customerId))
      .orderBy(desc(customerFavorites.createdAt), desc(customerFavorites.productKey))
      .limit(FAVORITES_LIMIT);
    return rows.map((r) => r.productKey);
  }

  /**
   * Adds keys (a heart set, or a browser's favourites at login). The first key is the newest;
   * keys already kept stay where they were. Answers the list after.
   */
  async add(customerId: number, productKeys: readonly string[]): Promise<string[]> {
    const keys = [...new Set(productKeys)].filter(this.known).slice(0, FAVORITES_LIMIT);
    if (keys.length > 0) {
      // One statement; the oldest gets the earliest time so "newest first" keeps the given order.
      const now = Date.now();
      await this.db
        .insert(customerFavorites)
        .values(
          keys.map((productKey, i) => ({
            customerId,
            productKey,
            createdAt: new Date(now - i),
          })),
        )
        .onConflictDoNothing();
      await this.trim(customerId);
    }
    return this.list(customerId);
  }

  async remove(customerId: number, productKeys: readonly string[]): Promise<string[]> {
    if (productKeys.length > 0)
      await this.db
        .delete(customerFavorites)
        .where(
          and(
            eq(customerFavorites.customerId, customerId),
            inArray(customerFavorites.productKey, [...productKeys]),
          ),
        );
    return this.list(customerId);
  }

  /** Beyond the limit the oldest go, as in the browser. */
  private async trim(customerId: number): Promise<void> {
    await this.db.execute(sql`
      delete from ${customerFavorites}
      where ${customerFavorites.customerId} = ${customerId}
        and ${customerFavorites.productKey} not in (
          select ${customerFavorites.productKey} from ${customerFavorites}
          where ${customerFavorites.customerId} = ${customerId}
          order by ${customerFavorites.createdAt} desc, ${customerFavorites.productKey} desc
          limit ${FAVORITES_LIMIT}
        )`);
  }
}
