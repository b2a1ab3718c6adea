import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customers, orders } from "../../db/schema.ts";
import { findOrderRow, statusTokenMatches } from "./read.ts";

/**
 * A guest's order joins the account the guest made on the thank-you page (issue 13): only with
 * the order's token (or its confirmation mail's, from the order status page), only while the order
 * has no customer yet, and only for the account of the order's own e-mail address, so an order
 * token alone never moves an order to someone else.
 */
export async function claimGuestOrder(
  db: Db,
  orderNumber: string,
  orderToken: string,
  customerId: number,
): Promise<boolean> {
  const order = await findOrderRow(db, orderNumber);
  if (!order || order.customerId !== null || !statusTokenMatches(order, orderToken)) return false;
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer || customer.email.toLowerCase() !== order.email.toLowerCase()) return false;
  const moved = await db
    .update(orders)
    .set({ customerId, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), isNull(orders.customerId)))
    .returning({ id: orders.id });
  return moved.length === 1;
}
