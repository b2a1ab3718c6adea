import type { Db } from "../../db/client.ts";
import type { PaymentProvider } from "../../providers/payments/adyen.ts";
import type { OrderService } from "../orders/index.ts";

/** What the parts of the payment service share. */
export interface PaymentContext {
  db: Db;
  orders: OrderService;
  provider: PaymentProvider;
  publicUrl: string;
  log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
  /** Sends the modifications written as `requested` (after the transaction that wrote them). */
  kickModifications(): void;
}
