import type { StoredAnswer } from "../idempotency.ts";
import {
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

export { PAYMENT_STATES } from "./search.ts";

/**
 * The order after it is placed (issue 25, docs/decisions/0045): the back office's list and order
 * page, and ship, cancel, refund and deliver, each idempotent by its key and allowed only where
 * core's `decideFulfilment` says so. Actions answer as the API sends them (status and envelope).
 */
export class FulfilmentService {
  constructor(private readonly ports: FulfilmentPorts) {}

  list(filter: OrderFilter) {
    return searchOrders(this.ports.db, filter);
  }

  detail(orderNumber: string) {
    return orderDetail(this.ports.db, this.ports, orderNumber);
  }

  ship(orderNumber: string, key: string, request: ShipRequest): Promise<StoredAnswer> {
    return shipOrder(this.ports, orderNumber, key, request);
  }

  cancel(orderNumber: string, key: string): Promise<StoredAnswer> {
    return cancelOrder(this.ports, orderNumber, key);
  }

  refund(orderNumber: string, key: string, request: RefundRequest): Promise<StoredAnswer> {
    return refundOrder(this.ports, orderNumber, key, request);
  }

  retryRefund(orderNumber: string, key: string, refundId: number): Promise<StoredAnswer> {
    return retryRefund(this.ports, orderNumber, key, refundId);
  }

  deliver(orderNumber: string, key: string): Promise<StoredAnswer> {
    return markDelivered(this.ports, orderNumber, key);
  }
}
