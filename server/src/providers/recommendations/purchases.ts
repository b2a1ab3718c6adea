/**
 * Paid orders as Elevate learns from them (issue 30 item 10): the lines of an order, reported once
 * it is confirmed — to the built-in service in process, or to a configured cluster as Elevate's
 * secure payment notification (`POST /api/storefront/v3/notifications/payment` with the cluster's
 * `Api-Key`; the line fields of Elevate's payment notification). A report is learning, not money:
 * it is sent after the order's transaction committed, retried a few times, and then let go.
 */
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema.ts";
import type { OrderConfirmedHook } from "../../services/orders/types.ts";
import type { ElevateService } from "./service.ts";

interface PurchaseLine {
  variantKey: string;
  quantity: number;
  sellingPrice: number;
}

interface PurchaseVisitor {
  customerKey: string;
  sessionKey: string;
}

export type PurchaseReporter = (visitor: PurchaseVisitor, lines: PurchaseLine[]) => Promise<void>;

export function builtinPurchases(elevate: ElevateService): PurchaseReporter {
  return async (visitor, lines) =>
    elevate.purchase(
      { ...visitor, notify: true },
      lines.map((l) => l.variantKey),
    );
}

/** The secure payment notification to a cluster (`clusterUrl` as the official client resolves it). */
export function clusterPurchases(clusterUrl: string, apiKey: string, market = "NL"): PurchaseReporter {
  return async (visitor, lines) => {
    const url = new URL("/api/storefront/v3/notifications/payment", clusterUrl);
    url.search = new URLSearchParams({ market, ...visitor }).toString();
    const res = await fetch(url, {
      method: "POST",
      headers: { "api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ lines }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok)
      throw new Error(
        `Elevate payment notification answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
      );
  };
}

/** The visitor an order is reported as: its customer (hashed), one session per order. */
function orderVisitor(order: { incrementId: string; email: string }): PurchaseVisitor {
  return {
    customerKey: createHash("sha256").update(order.email.trim().toLowerCase()).digest("hex"),
    sessionKey: `order-${order.incrementId}`,
  };
}

const PAID = new Set(["processing", "complete", "closed", "export_failed", "export_success"]);

/** The order-confirmed hook: after the confirming transaction, the order's lines to `report`. */
export function reportPurchases(
  db: Db,
  report: PurchaseReporter,
  log: (message: string, error: unknown) => void,
  delaysMs: readonly number[] = [200, 5_000, 60_000],
): OrderConfirmedHook {
  return async (_tx, orderId) => {
    const attempt = async (n: number): Promise<void> => {
      try {
        // Read outside the confirming transaction: a rolled-back confirmation reports nothing.
        const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
        if (!order || !PAID.has(order.status)) return;
        const items = await db
          .select({ sku: orderItems.sku, qty: orderItems.qty, price: orderItems.priceInclTax })
          .from(orderItems)
          .where(eq(orderItems.orderId, orderId))
          .orderBy(asc(orderItems.id));
        if (items.length === 0) return;
        await report(
          orderVisitor(order),
          items.map((i) => ({ variantKey: i.sku, quantity: i.qty, sellingPrice: Number(i.price) })),
        );
      } catch (error) {
        if (n + 1 < delaysMs.length) setTimeout(() => void attempt(n + 1), delaysMs[n + 1]).unref();
        else log(`Elevate did not take order ${orderId}'s purchase report`, error);
      }
    };
    setTimeout(() => void attempt(0), delaysMs[0]).unref();
  };
}
