import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { appendAudit } from "../staff/audit.ts";
import { type DeliveryFilter, listDeliveries, retryDelivery } from "./deliveries.ts";
import { addEndpoint, listEndpoints, removeEndpoint, syncConfiguredEndpoints } from "./endpoints.ts";
import { type WebhookLog, WebhookWorker } from "./worker.ts";

/**
 * Who changes the webhooks: the operator through the admin API (`ADMIN_TOKEN`, no person behind
 * it), or a staff member in the back office, whose every change is written to the staff audit log
 * in the change's transaction.
 */
export type WebhookActor =
  | { kind: "admin-api" }
  | { kind: "staff"; staffId: number; email: string; ip: string };

const auditBy = (by: WebhookActor) =>
  by.kind === "staff" ? { staffId: by.staffId, actor: by.email, ip: by.ip } : undefined;

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

  addEndpoint(input: Parameters<typeof addEndpoint>[1], by: WebhookActor) {
    const who = auditBy(by);
    return addEndpoint(
      this.db,
      input,
      who &&
        ((tx, endpoint) =>
          appendAudit(tx, {
            ...who,
            action: "webhook.endpoint_added",
            target: `webhook endpoint ${endpoint.id}`,
            details: { url: endpoint.url, events: endpoint.events.join(", ") || "*" },
          })),
    );
  }

  removeEndpoint(id: number, by: WebhookActor) {
    const who = auditBy(by);
    return removeEndpoint(
      this.db,
      id,
      who ? `removed in the back office by ${who.actor}` : "removed through the admin API",
      who &&
        ((tx, endpoint) =>
          appendAudit(tx, {
            ...who,
            action: "webhook.endpoint_removed",
            target: `webhook endpoint ${endpoint.id}`,
            details: { url: endpoint.url },
          })),
    );
  }

  deliveries(filter: DeliveryFilter) {
    return listDeliveries(this.db, filter);
  }

  async retry(id: number, by: WebhookActor) {
    const who = auditBy(by);
    const result = await retryDelivery(
      this.db,
      id,
      who &&
        ((tx, delivery) =>
          appendAudit(tx, {
            ...who,
            action: "webhook.delivery_retried",
            target: `webhook delivery ${delivery.id}`,
            details: { url: delivery.url, event_type: delivery.eventType },
          })),
    );
    if (result.ok) this.worker.kick();
    return result;
  }
}
