import type { StoredAnswer } from "../idempotency.ts";
import {
  type Actor,
  ADMIN_API,
  cancelOrder,
  type FulfilmentPorts,
  markDelivered,
  type RefundRequest,
  refundOrder,
  retryRefund,
  type ShipRequest,
  shipOrder,
} from "./actions.ts";
import { orderDetail } from "./detail.ts";
import { type OrderFilter, searchOrders } from "./search.ts";

export { type Actor, ADMIN_API } from "./actions.ts";
export { PAYMENT_STATES } from "./search.ts";

/**
 * The order after it is placed (issue 25, docs/decisions/0045): the back office's list and order
 * page, and ship, cancel, refund and deliver, each idempotent by its key and allowed only where
 * core's `decideFulfilment` says so. Actions answer as the API sends them (status and envelope).
 * `by` is who acts: the admin API, or a staff member (refund limit by role, audit log).
 */
export class FulfilmentService {
  constructor(private readonly ports: FulfilmentPorts) {}

  list(filter: OrderFilter) {
    return searchOrders(this.ports.db, filter);
  }

  detail(orderNumber: string) {
    return orderDetail(this.ports.db, this.ports, orderNumber);
  }

  ship(orderNumber: string, key: string, request: ShipRequest, by: Actor = ADMIN_API): Promise<StoredAnswer> {
    return shipOrder(this.ports, by, orderNumber, key, request);
  }

  cancel(orderNumber: string, key: string, by: Actor = ADMIN_API): Promise<StoredAnswer> {
    return cancelOrder(this.ports, by, orderNumber, key);
  }

  refund(
    orderNumber: string,
    key: string,
    request: RefundRequest,
    by: Actor = ADMIN_API,
  ): Promise<StoredAnswer> {
    return refundOrder(this.ports, by, orderNumber, key, request);
  }

  retryRefund(
    orderNumber: string,
    key: string,
    refundId: number,
    by: Actor = ADMIN_API,
  ): Promise<StoredAnswer> {
    return retryRefund(this.ports, by, orderNumber, key, refundId);
  }

  deliver(orderNumber: string, key: string, by: Actor = ADMIN_API): Promise<StoredAnswer> {
    return markDelivered(this.ports, by, orderNumber, key);
  }
}
