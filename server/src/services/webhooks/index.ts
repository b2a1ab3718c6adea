import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type DeliveryFilter, listDeliveries, retryDelivery } from "./deliveries.ts";
import { addEndpoint, listEndpoints, removeEndpoint, syncConfiguredEndpoints } from "./endpoints.ts";
import { type WebhookLog, WebhookWorker } from "./worker.ts";

type WebhookConfig = Pick<
  Config,
  | "WEBHOOK_ENDPOINTS"
  | "WEBHOOK_RETRY_SCHEDULE"
  | "WEBHOOK_LEASE_MS"
  | "WEBHOOK_TIMEOUT_MS"
  | "WEBHOOK_WORKER_INTERVAL_MS"
>;

/**
 * Outgoing webhooks (issue 25 item 4; docs/decisions/0047): endpoints from WEBHOOK_ENDPOINTS and
 * the admin API, and the worker that delivers in every instance. A change writes its event with
 * `recordWebhookEvent(tx, …)` or `recordOrderEvent` (orders/events.ts, which sends an order's public events through `sendOrderWebhook`) in its own
 * transaction.
 */
export class WebhookService {
  readonly worker: WebhookWorker;

  constructor(
    private readonly db: Db,
    private readonly config: WebhookConfig,
    log: WebhookLog,
  ) {
    this.worker = new WebhookWorker(
      db,
      {
        retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
        leaseMs: config.WEBHOOK_LEASE_MS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        intervalMs: config.WEBHOOK_WORKER_INTERVAL_MS,
      },
      log,
    );
  }

  /** Brings the database's endpoints in step with WEBHOOK_ENDPOINTS (at every start). */
  syncEndpoints(): Promise<void> {
    return syncConfiguredEndpoints(this.db, this.config.WEBHOOK_ENDPOINTS);
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  endpoints() {
    return listEndpoints(this.db);
  }

  addEndpoint(input: Parameters<typeof addEndpoint>[1]) {
    return addEndpoint(this.db, input);
  }

  removeEndpoint(id: number) {
    return removeEndpoint(this.db, id);
  }

  deliveries(filter: DeliveryFilter) {
    return listDeliveries(this.db, filter);
  }

  async retry(id: number) {
    const result = await retryDelivery(this.db, id);
    if (result.ok) this.worker.kick();
    return result;
  }
}
