import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client.ts";
import type { GatewayKeys } from "../gateway-keys.ts";
import { registerCheckoutApi } from "./checkout-api.ts";
import { expireDue } from "./expiry.ts";
import { registerHostedPages } from "./hosted-pages.ts";
import { CHECKOUT_PATH, GATEWAY_BASE, type GatewaySettings, type Ledger } from "./ledger.ts";
import {
  NotificationSender,
  type NotificationSenderOptions,
  type NotificationTransport,
} from "./notifications.ts";

export { CHECKOUT_PATH };

/**
 * The built-in Adyen test gateway (contract "Payments"; docs/decisions/0032): Adyen's Checkout API
 * v72 wire format at /gateway/adyen/checkout/v72 — Hosted Checkout sessions, API-only payments
 * with Adyen's test card values, `/payments/details`, modifications — its hosted pages (card form,
 * 3-D Secure 2 challenge, iDEAL bank), and standard notifications signed with the HMAC key as
 * Adyen signs them. Its state is in the database. No money moves: every page says 'Testbetaling'.
 */
export class TestGateway {
  readonly ledger: Ledger;
  readonly notifications: NotificationSender;
  #transport: NotificationTransport | undefined;
  #sweep: NodeJS.Timeout | undefined;

  constructor(
    db: Db,
    readonly keys: GatewayKeys,
    settings: GatewaySettings,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly options: NotificationSenderOptions & { sweepIntervalMs?: number } = {},
  ) {
    this.notifications = new NotificationSender(db, () => this.#transport, log, options);
    this.ledger = { db, keys, settings, notifications: this.notifications };
  }

  /** Where notifications go (the shop's webhook); set once the app exists. */
  sendNotificationsWith(transport: NotificationTransport): void {
    this.#transport = transport;
  }

  /** Notification delivery and the expiry sweep, in every instance (rows are claimed once). */
  start(): void {
    this.notifications.start();
    const sweep = async () => {
      await this.expireDue().catch((error) =>
        this.log.warn({ err: error }, "test gateway: expiry sweep failed"),
      );
      if (this.#sweep !== undefined)
        this.#sweep = setTimeout(sweep, this.options.sweepIntervalMs ?? 30_000).unref();
    };
    this.#sweep = setTimeout(sweep, this.options.sweepIntervalMs ?? 30_000).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.#sweep);
    this.#sweep = undefined;
    await this.notifications.stop();
  }

  /** Closes sessions and waiting payments past their time (OFFER_CLOSED). */
  expireDue(now?: Date): Promise<number> {
    return expireDue(this.ledger, now);
  }

  /** The gateway's routes: the Checkout API (JSON) and the hosted pages (form posts). */
  plugin() {
    return async (app: FastifyInstance) => {
      await app.register(async (api) => registerCheckoutApi(api, this.ledger), {
        prefix: `${GATEWAY_BASE}/checkout`,
      });
      await app.register(
        async (pages) => {
          pages.addContentTypeParser(
            "application/x-www-form-urlencoded",
            { parseAs: "string", bodyLimit: 16 * 1024 },
            (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
          );
          registerHostedPages(pages, this.ledger);
        },
        { prefix: GATEWAY_BASE },
      );
    };
  }
}
