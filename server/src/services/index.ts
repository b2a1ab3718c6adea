import pino from "pino";
import { CatalogIndex } from "../catalog-index/catalog-index.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { BuiltinCms } from "../providers/cms/builtin.ts";
import { EngageContacts } from "../providers/customer-data/engage.ts";
import { MailService } from "../providers/mail/index.ts";
import { mailPortMailer } from "../providers/newsletter/mailer.ts";
import { NewsletterService } from "../providers/newsletter/service.ts";
import { adyenProvider, InProcessGatewayClient } from "../providers/payments/adyen.ts";
import { loadGatewayKeys } from "../providers/payments/gateway-keys.ts";
import { CHECKOUT_PATH, TestGateway } from "../providers/payments/test-gateway.ts";
import { ElevateService } from "../providers/recommendations/service.ts";
import { AccountService } from "./accounts/customers.ts";
import { customerOrdersFrom } from "./accounts/order-history.ts";
import type { CustomerOrders } from "./accounts/orders.ts";
import { PasskeyService } from "./accounts/passkeys.ts";
import { PrivacyService } from "./accounts/privacy.ts";
import type { CustomerTokenVerifier } from "./cart/index.ts";
import { cartCatalogOf } from "./cart/index.ts";
import { CatalogEvents } from "./catalog-events.ts";
import { Housekeeping } from "./housekeeping.ts";
import { orderConfirmationMail } from "./orders/confirmation-mail.ts";
import { OrderService } from "./orders/index.ts";
import { PaymentService } from "./payments/index.ts";
// Issue 18: reviews.
import { ReviewService } from "./reviews.ts";
import { StockAlertService } from "./stock-alerts.ts";

/** Everything a route or an SSR loader may use; built once per process in `createServices`. */
export interface Services {
  config: Config;
  database: Database;
  catalog: CatalogIndex;
  /** Rebuilds `catalog` when any instance changes the catalogue (catalog-events.ts). */
  catalogEvents: CatalogEvents;
  /** The CMS port, built in: stories, releases and preview tokens in the database (issue 5). */
  cms: BuiltinCms;
  /** Drops stored data past its lifetime (idempotency keys), hourly. */
  housekeeping: Housekeeping;
  /** The recommendation and search port, built in: Elevate's Storefront API v3 (issue 16). */
  elevate: ElevateService;
  /** Newsletter and customer data (issue 15): Voyado Engage's contacts and newsletter, built in. */
  engage: EngageContacts;
  newsletter: NewsletterService;
  /** Turns a customer token into a customer id; the accounts issue provides it (cart owner checks). */
  customerTokens?: CustomerTokenVerifier;
  /** Checkout (issue 13): orders, their payment expiry and the order-confirmed hook. */
  orders: OrderService;
  /** The payment port (Adyen's Checkout API through its official client). */
  payments: PaymentService;
  /** The built-in Adyen-compatible test gateway, when no Adyen credentials are set; buildApp mounts it. */
  testGateway?: { gateway: TestGateway; attach(app: import("fastify").FastifyInstance): void };
  // Accounts and mail (issue 12)
  /** Customers, logins, addresses and passwords. */
  accounts: AccountService;
  /** The mail port: `mail.enqueue(tx, { to, mail })` in the caller's transaction, then `mail.kick()`. */
  mail: MailService;
  /** A customer's orders for the account pages; the checkout issue replaces the empty default. */
  customerOrders: CustomerOrders;
  /** Passkeys: adding them to an account and logging in with them (issue 12, beyond the spec). */
  passkeys: PasskeyService;
  /** Download and erase a customer's data (issue 12, beyond the spec). */
  privacy: PrivacyService;
  /** Product reviews and their moderation (issue 18). */
  reviews: ReviewService;
  /** "Mail me als mijn maat er weer is" (issue 14): swept after every catalogue change. */
  stockAlerts: StockAlertService;
}

export interface ServiceOptions {
  /** An index built elsewhere (the catalogue benchmark's synthetic one) instead of the database's. */
  catalog?: CatalogIndex;
  /**
   * Whether the background work runs: CMS scheduler, housekeeping, recommendation learning,
   * order expiry and mail delivery. A benchmark that measures one route turns it off.
   */
  background?: boolean;
}

export async function createServices(
  config: Config,
  database: Database,
  options: ServiceOptions = {},
): Promise<Services> {
  const background = options.background ?? true;
  const catalog =
    options.catalog ??
    new CatalogIndex(database.db, { answerCacheBytes: config.CATALOG_ANSWER_CACHE_MB * 1024 * 1024 });
  const catalogEvents = new CatalogEvents(database, {
    rebuild: () => catalog.rebuild(),
    debounceMs: config.CATALOG_REFRESH_DEBOUNCE_MS,
    logLevel: config.LOG_LEVEL,
    // The index is priced for its build time: rebuild when a special price window opens or closes.
    nextChangeAt: () => catalog.nextPriceChange(),
  });
  // Listen before the first build, so a change committed meanwhile is not missed.
  await catalogEvents.start();
  if (!options.catalog) await catalog.build();
  catalogEvents.scheduleNextChange();
  const cms = await BuiltinCms.create(config, database);
  if (background) await cms.start();
  const housekeeping = new Housekeeping(database.db, pino({ name: "housekeeping", level: config.LOG_LEVEL }));
  if (background) housekeeping.start();
  const elevate = new ElevateService(catalog, database.db);
  if (background) await elevate.start();
  // Checkout (issue 13).
  const testPayments = !config.ADYEN_API_KEY;
  const orders = new OrderService(database.db, cartCatalogOf(catalog), config, testPayments);
  if (background) orders.start();
  const payment = paymentPort(config);
  const payments = new PaymentService(
    database.db,
    orders,
    payment.provider,
    config.PUBLIC_URL,
    pino({ name: "payments", level: config.LOG_LEVEL }),
  );
  const mail = new MailService(config, database.db, pino({ name: "mail", level: config.LOG_LEVEL }));
  if (background) mail.start();
  const accounts = new AccountService(database.db, mail, config.PUBLIC_URL);
  orders.onConfirmed(orderConfirmationMail(mail, config.PUBLIC_URL));
  // Issue 18: reviews.
  const reviews = new ReviewService(database.db);
  await reviews.start();
  // Newsletter and customer data (issue 15)
  const engage = new EngageContacts(database.db);
  const newsletter = new NewsletterService(database.db, engage, mailPortMailer(mail), config.PUBLIC_URL);
  const customerOrders = customerOrdersFrom(orders);
  const passkeys = new PasskeyService(database.db);
  const privacy = new PrivacyService(
    database.db,
    (id) => accounts.profile(id),
    customerOrders,
    (id) => passkeys.export(id),
  );
  // Back-in-stock mails (issue 14): every catalogue change (an import, stock an order gave back)
  // rebuilds the index in every instance; each sweeps, and the outbox sends every alert once.
  const stockAlerts = new StockAlertService(
    database.db,
    catalog,
    mail,
    config.PUBLIC_URL,
    pino({ name: "stock-alerts", level: config.LOG_LEVEL }),
  );
  catalogEvents.onRebuilt(() => stockAlerts.sweep());
  if (background) stockAlerts.start();
  return {
    stockAlerts,
    config,
    database,
    catalog,
    catalogEvents,
    cms,
    housekeeping,
    elevate,
    orders,
    payments,
    ...(payment.testGateway ? { testGateway: payment.testGateway } : {}),
    accounts,
    mail,
    customerOrders,
    passkeys,
    privacy,
    customerTokens: accounts,
    reviews,
    engage,
    newsletter,
  };
}

/**
 * Real Adyen when ADYEN_API_KEY is set; otherwise the built-in test gateway, reached through the
 * same official client with an in-process transport (docs/decisions/0019).
 */
export function paymentPort(config: Config) {
  if (config.ADYEN_API_KEY) {
    return {
      provider: adyenProvider({
        apiKey: config.ADYEN_API_KEY,
        merchantAccount: config.ADYEN_MERCHANT_ACCOUNT ?? "",
        hmacKey: config.ADYEN_HMAC_KEY ?? "",
        environment: config.ADYEN_ENVIRONMENT,
        test: false,
      }),
    };
  }
  const keys = loadGatewayKeys(config.dataDir);
  const gateway = new TestGateway(
    keys,
    config.PUBLIC_URL,
    pino({ name: "adyen-test-gateway", level: config.LOG_LEVEL }),
  );
  let mounted: import("fastify").FastifyInstance | undefined;
  const provider = adyenProvider({
    apiKey: keys.apiKey,
    merchantAccount: keys.merchantAccount,
    hmacKey: keys.hmacKey,
    environment: "TEST",
    test: true,
    httpClient: new InProcessGatewayClient(() => {
      if (!mounted) throw new Error("the test gateway is not mounted yet");
      return mounted;
    }, CHECKOUT_PATH),
  });
  return {
    provider,
    testGateway: {
      gateway,
      attach(app: import("fastify").FastifyInstance) {
        mounted = app;
        gateway.sendNotificationsWith(async (body) => {
          const res = await app.inject({
            method: "POST",
            url: "/api/ext/adyen/notifications",
            payload: body as object,
          });
          return res.body;
        });
      },
    },
  };
}
