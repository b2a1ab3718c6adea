import { type OfflineOrderOutcome, offlineOrderOutcome } from "@etalage/core";
import type { KeyValueStorage } from "../../lib/storage.ts";
import { withLock } from "../../lib/with-lock.ts";

/**
 * Orders placed without a connection (transactional §4 "Offline"; issue 17; ADR 0021). An order
 * is stored with its own id, which is also its Idempotency-Key, before anything else happens; it
 * is sent to `POST /api/order` later (automatically or once the shopper confirms) and only the
 * server's answer decides: placed, refused with the reason (the caller gives the lines back to the
 * cart), or still waiting. Sending holds a lock all tabs share, so two tabs never send one order
 * at once; the key makes even a repeat after a lost answer the same order.
 */

/** The body of `POST /api/order` (api.md "Orders"); `order_id` is the client's id. */
export interface OrderRequest {
  order_id: string;
  [field: string]: unknown;
}

export interface OfflineOrder {
  /** Also the Idempotency-Key. */
  order_id: string;
  body: OrderRequest;
  /** The cart's lines when the order was placed: back into the cart if the server refuses it. */
  cart_items: unknown[];
  /** The total the shopper saw when placing it (what the confirmation shows). */
  grand_total?: number;
  created_at: number;
  updated_at: number;
  /** Always false while stored: a transmitted order leaves the store. */
  transmited: false;
  /** Sends that got no answer. */
  attempts: number;
}

export interface OfflineOrderResult {
  order: OfflineOrder;
  outcome: OfflineOrderOutcome;
}

export interface OfflineOrdersOptions {
  storage: KeyValueStorage;
  key?: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** The customer's token for `Authorization`, when logged in. */
  token?: () => string | null | undefined;
  /** Told of every order the server placed or refused. */
  onSettled?: (result: OfflineOrderResult) => void;
  /**
   * Asked just before an order is sent: a refusal (the cart changed) settles it unsent, "waiting"
   * keeps it, null sends it. Throwing counts as no answer.
   */
  check?: (order: OfflineOrder) => Promise<OfflineOrderOutcome | null>;
}

const OFFLINE_ORDERS_LOCK = "etalage-offline-orders";

export function createOfflineOrders(options: OfflineOrdersOptions) {
  const { storage } = options;
  const key = options.key ?? "offline-orders";
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  const read = async () => (await storage.get<OfflineOrder[]>(key)) ?? [];

  async function post(order: OfflineOrder): Promise<OfflineOrderOutcome> {
    const token = options.token?.();
    let response: Response;
    try {
      response = await send("/api/order", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": order.order_id,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(order.body),
      });
    } catch {
      return offlineOrderOutcome(null, null);
    }
    const json = (response.headers.get("content-type") ?? "").includes("application/json");
    const body = json ? await response.json().catch(() => null) : null;
    return offlineOrderOutcome(response.status, body);
  }

  return {
    /** Keeps an order for later; storing the same order id again keeps the first. */
    async store(body: OrderRequest, cartItems: unknown[], grandTotal?: number): Promise<OfflineOrder> {
      return withLock(OFFLINE_ORDERS_LOCK, async () => {
        const orders = await read();
        const known = orders.find((o) => o.order_id === body.order_id);
        if (known) return known;
        const at = now();
        const order: OfflineOrder = {
          order_id: body.order_id,
          body,
          cart_items: cartItems,
          ...(grandTotal === undefined ? {} : { grand_total: grandTotal }),
          created_at: at,
          updated_at: at,
          transmited: false,
          attempts: 0,
        };
        await storage.set(key, [...orders, order]);
        return order;
      });
    },

    /** Orders not yet placed or refused, oldest first. */
    waiting: read,

    /**
     * Sends every waiting order (or only `orderId`), one at a time, oldest first. A placed or
     * refused order leaves the store; one without an answer stays, and so do those after it.
     */
    async send(orderId?: string): Promise<OfflineOrderResult[]> {
      return withLock(OFFLINE_ORDERS_LOCK, async () => {
        const results: OfflineOrderResult[] = [];
        for (const order of await read()) {
          if (orderId !== undefined && order.order_id !== orderId) continue;
          const checked = options.check
            ? await options.check(order).catch((): OfflineOrderOutcome => ({ kind: "waiting" }))
            : null;
          const outcome = checked ?? (await post(order));
          const orders = await read();
          if (outcome.kind === "waiting") {
            const updated = { ...order, attempts: order.attempts + 1, updated_at: now() };
            await storage.set(
              key,
              orders.map((o) => (o.order_id === order.order_id ? updated : o)),
            );
            results.push({ order: updated, outcome });
            break;
          }
          await storage.set(
            key,
            orders.filter((o) => o.order_id !== order.order_id),
          );
          const result = { order, outcome };
          results.push(result);
          options.onSettled?.(result);
        }
        return results;
      });
    },

    /** The shopper gives a waiting order up: it is never sent. */
    async discard(orderId: string): Promise<OfflineOrder | undefined> {
      return withLock(OFFLINE_ORDERS_LOCK, async () => {
        const orders = await read();
        const order = orders.find((o) => o.order_id === orderId);
        if (order)
          await storage.set(
            key,
            orders.filter((o) => o.order_id !== orderId),
          );
        return order;
      });
    },
  };
}

export type OfflineOrders = ReturnType<typeof createOfflineOrders>;
