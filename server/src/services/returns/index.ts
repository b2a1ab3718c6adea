import type { ReceiveLine, ReturnAsk } from "@etalage/core";
import type { FulfilmentPorts } from "../fulfilment/actions.ts";
import type { StoredAnswer } from "../idempotency.ts";
import type { KindOfSku } from "./facts.ts";
import { type ReturnProof, requestReturn, returnableOrder, returnForLabel } from "./shopper.ts";
import {
  listReturns,
  type ReturnListFilter,
  receiveReturn,
  refundReturn,
  rejectReturn,
  returnDetail,
  type StaffActor,
} from "./staff.ts";

export type { ReturnProof } from "./shopper.ts";
export type { StaffActor } from "./staff.ts";

/**
 * Returns (issue 25 item 3, docs/decisions/0049): the shopper asks one from the order's page and
 * prints its label; staff receive it per line, refund it through the order's refund, or reject it.
 * Core decides every step (`decideReturnRequest`, `decideReturnAction`); each change is one
 * transaction under its `Idempotency-Key`. Actions answer as the API sends them.
 */
export class ReturnService {
  constructor(private readonly ports: FulfilmentPorts & { kindOf: KindOfSku; now?: () => Date }) {}

  returnable(orderNumber: string, proof: ReturnProof) {
    return returnableOrder(this.ports, orderNumber, proof);
  }

  request(orderNumber: string, proof: ReturnProof, key: string, lines: ReturnAsk[]): Promise<StoredAnswer> {
    return requestReturn(this.ports, orderNumber, proof, key, lines);
  }

  label(number: string, proof: ReturnProof) {
    return returnForLabel(this.ports, number, proof);
  }

  list(filter: ReturnListFilter) {
    return listReturns(this.ports.db, filter);
  }

  detail(number: string) {
    return returnDetail(this.ports.db, number);
  }

  receive(actor: StaffActor, number: string, key: string, lines: ReceiveLine[]): Promise<StoredAnswer> {
    return receiveReturn(this.ports, actor, number, key, lines);
  }

  refund(actor: StaffActor, number: string, key: string): Promise<StoredAnswer> {
    return refundReturn(this.ports, actor, number, key);
  }

  reject(actor: StaffActor, number: string, key: string, reason: string): Promise<StoredAnswer> {
    return rejectReturn(this.ports, actor, number, key, reason);
  }
}
