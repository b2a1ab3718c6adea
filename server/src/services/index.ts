import pino from "pino";
import { CatalogIndex } from "../catalog-index/catalog-index.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type AddressLookup, createAddressLookup } from "../providers/address-lookup/index.ts";
import { BuiltinCms } from "../providers/cms/builtin.ts";
import type { CmsPort } from "../providers/cms/port.ts";
import { cmsPort } from "../providers/cms/select.ts";
import { EngageContacts } from "../providers/customer-data/engage.ts";
import { EngageApi, loadEngageApiKey } from "../providers/customer-data/engage-api.ts";
import type { EngageSync } from "../providers/customer-data/engage-sync.ts";
import { engageSyncOf } from "../providers/customer-data/select.ts";
import { localKey } from "../providers/local-key.ts";
import { MailService } from "../providers/mail/index.ts";
import { mailPortMailer } from "../providers/newsletter/mailer.ts";
import { NewsletterService } from "../providers/newsletter/service.ts";
import { adyenProvider } from "../providers/payments/adyen.ts";
import { CHECKOUT_PATH, TestGateway } from "../providers/payments/gateway/index.ts";
import { loadGatewayKeys } from "../providers/payments/gateway-keys.ts";
import { InProcessGatewayClient } from "../providers/payments/in-process-client.ts";
import { purchaseReports } from "../providers/recommendations/select.ts";
import { ElevateService } from "../providers/recommendations/service.ts";
import { AccountService } from "./accounts/customers.ts";
import { customerOrdersFrom } from "./accounts/order-history.ts";
import type { CustomerOrders } from "./accounts/orders.ts";
import { PasskeyService } from "./accounts/passkeys.ts";
import { PrivacyService } from "./accounts/privacy.ts";
import type { CustomerTokenVerifier } from "./cart/index.ts";
import { cartCatalogOf } from "./cart/index.ts";
import { CatalogEvents } from "./catalog-events.ts";
import { FulfilmentService } from "./fulfilment/index.ts";
import { Housekeeping } from "./housekeeping.ts";
import { orderConfirmationMail } from "./orders/confirmation-mail.ts";
import { OrderService } from "./orders/index.ts";
import { PaymentService } from "./payments/index.ts";
import { kindOfSku } from "./returns/facts.ts";
import { ReturnService } from "./returns/index.ts";
// Issue 18: reviews.
import { ReviewService } from "./reviews.ts";
import { StaffService } from "./staff/index.ts";
import { StockAlertService } from "./stock-alerts.ts";
import { WebhookService } from "./webhooks/index.ts";

/** Everything a route or an SSR loader may use; built once per process in `createServices`. */
export interface Services {
  config: Config;
  database: Database;
  catalog: CatalogIndex;
  /** Rebuilds `catalog` when any instance changes the catalogue (catalog-events.ts). */
  catalogEvents: CatalogEvents;
  /** The CMS port: the built-in CMS, or Storyblok with STORYBLOK_ACCESS_TOKEN (issue 24). */
  cms: CmsPort;
  /** The built-in CMS (issue 5) and its Storyblok-compatible delivery API, mounted either way. */
  builtinCms: BuiltinCms;
  /** Drops stored data past its lifetime (idempotency keys), hourly. */
  housekeeping: Housekeeping;
  /** The recommendation and search port, built in: Elevate's Storefront API v3 (issue 16). */
  elevate: ElevateService;
  /** The built-in service's Api-Key for payment notifications (what ELEVATE_API_KEY is to a cluster). */
  elevatePaymentKey: string;
  /** Newsletter and customer data (issue 15): Voyado Engage's contacts and newsletter, built in. */
  engage: EngageContacts;
  newsletter: NewsletterService;
  /** The built-in Engage REST API (the emulator VOYADO_ENGAGE_URL replaces) and its key. */
  engageApi: { api: EngageApi; apiKey: string };
  /** With VOYADO_ENGAGE_URL: sends contacts to that Engage (issue 24 item 5). */
  engageSync?: EngageSync;
  /** Turns a customer token into a customer id; the accounts issue provides it (cart owner checks). */
  customerTokens?: CustomerTokenVerifier;
  /** Checkout (issue 13): orders, their payment expiry and the order-confirmed hook. */
  orders: OrderService;
  /** The payment port (Adyen's Checkout API through its official client). */
  payments: PaymentService;
  /** Shipping, cancelling and refunding orders; the back office's order list and page (issue 25). */
  fulfilment: FulfilmentService;
  /** Returns (issue 25 item 3): the shopper's request and label, staff's receive, refund, reject. */
  returns: ReturnService;
  /** The built-in Adyen-compatible test gateway, when no Adyen credentials are set; buildApp mounts it. */
  testGateway?: {
    gateway: TestGateway;
    /** The official client's transport to it (the contract test observes the requests here). */
    transport: InProcessGatewayClient;
    attach(app: import("fastify").FastifyInstance): void;
  };
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
  /** The back office's staff, sessions and audit log (issue 25). */
  staff: StaffService;
  /** "Mail me als mijn maat er weer is" (issue 14): swept after every catalogue change. */
  stockAlerts: StockAlertService;
  /** Postcode and house number to street and city (issue 23): PDOK Locatieserver, built in or real. */
  addressLookup: AddressLookup;
  /** Outgoing webhooks to a warehouse or ERP (issue 25): endpoints, outbox worker, deliveries. */
  webhooks: WebhookService;
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
  const builtinCms = await BuiltinCms.create(config, database);
  const cms = cmsPort(config, builtinCms);
  if (background) await cms.start();
  const housekeeping = new Housekeeping(
    database.db,
    pino({ name: "housekeeping", level: config.LOG_LEVEL }),
    config.HOUSEKEEPING_INTERVAL_MS,
  );
  if (background) housekeeping.start();
  const elevate = new ElevateService(catalog, database.db);
  if (background) await elevate.start();
  // Checkout (issue 13).
  const testPayments = !config.ADYEN_API_KEY;
  const orders = new OrderService(database.db, cartCatalogOf(catalog), config, testPayments);
  if (background) orders.start();
  const payment = await paymentPort(config, database, background);
  const payments = new PaymentService(
    database.db,
    orders,
    payment.provider,
    config.PUBLIC_URL,
    pino({ name: "payments", level: config.LOG_LEVEL }),
  );
  if (background) payments.start();
  const mail = new MailService(config, database.db, pino({ name: "mail", level: config.LOG_LEVEL }));
  if (background) mail.start();
  const accounts = new AccountService(database.db, mail, config.PUBLIC_URL);
  orders.onConfirmed(orderConfirmationMail(mail, config.PUBLIC_URL));
  const fulfilmentPorts = {
    db: database.db,
    orders,
    payments,
    mail,
    publicUrl: config.PUBLIC_URL,
    staffRefundLimitEur: config.STAFF_REFUND_LIMIT_EUR,
  };
  const fulfilment = new FulfilmentService(fulfilmentPorts);
  const returns = new ReturnService({ ...fulfilmentPorts, kindOf: kindOfSku(catalog) });
  // Issue 30: paid orders teach Elevate, the built-in one or the cluster.
  const elevatePaymentKey = localKey(config.dataDir, "elevate-built-in");
  orders.onConfirmed(purchaseReports(config, elevate, database.db));
  // Issue 18: reviews.
  const reviews = new ReviewService(database.db);
  await reviews.start();
  const staff = new StaffService(database.db, config);
  // Newsletter and customer data (issue 15)
  const engage = new EngageContacts(database.db);
  const newsletter = new NewsletterService(database.db, engage, mailPortMailer(mail), config.PUBLIC_URL);
  const engageApi = { api: new EngageApi(database.db), apiKey: loadEngageApiKey(config.dataDir) };
  const engageSync = engageSyncOf(config, database.db);
  if (background) engageSync?.start();
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
  // Issue 25: orders reach the warehouse or ERP through signed webhooks from an outbox.
  const webhooks = new WebhookService(
    database.db,
    config,
    pino({ name: "webhooks", level: config.LOG_LEVEL }),
  );
  await webhooks.syncEndpoints();
  if (background) webhooks.start();
  return {
    webhooks,
    stockAlerts,
    addressLookup: createAddressLookup(config),
    config,
    database,
    catalog,
    catalogEvents,
    cms,
    builtinCms,
    housekeeping,
    elevate,
    elevatePaymentKey,
    orders,
    payments,
    fulfilment,
    returns,
    ...(payment.testGateway ? { testGateway: payment.testGateway } : {}),
    accounts,
    mail,
    customerOrders,
    passkeys,
    privacy,
    customerTokens: accounts,
    reviews,
    staff,
    engage,
    newsletter,
    engageApi,
    ...(engageSync ? { engageSync } : {}),
  };
}

/**
 * Real Adyen when ADYEN_API_KEY is set; otherwise the built-in test gateway, reached through the
 * same official client with an in-process transport (docs/decisions/0032).
 */
async function paymentPort(config: Config, database: Database, background = true) {
  if (config.ADYEN_API_KEY) {
    // config.ts refuses to start without the merchant account and HMAC key (issue 30).
    return {
      provider: adyenProvider({
        apiKey: config.ADYEN_API_KEY,
        merchantAccount: config.ADYEN_MERCHANT_ACCOUNT ?? "",
        hmacKey: config.ADYEN_HMAC_KEY ?? "",
        environment: config.ADYEN_ENVIRONMENT,
        liveUrlPrefix: config.ADYEN_LIVE_URL_PREFIX,
        test: false,
      }),
    };
  }
  const keys = await loadGatewayKeys(database.db, config.dataDir);
  const gateway = new TestGateway(
    database.db,
    keys,
    { publicUrl: config.PUBLIC_URL, captureDelay: config.ADYEN_TEST_GATEWAY_CAPTURE },
    pino({ name: "adyen-test-gateway", level: config.LOG_LEVEL }),
    { leaseMs: config.ADYEN_TEST_NOTIFICATION_LEASE_MS },
  );
  let mounted: import("fastify").FastifyInstance | undefined;
  const transport = new InProcessGatewayClient(() => {
    if (!mounted) throw new Error("the test gateway is not mounted yet");
    return mounted;
  }, CHECKOUT_PATH);
  const provider = adyenProvider({
    apiKey: keys.apiKey,
    merchantAccount: keys.merchantAccount,
    hmacKey: keys.hmacKey,
    environment: "TEST",
    test: true,
    httpClient: transport,
  });
  return {
    provider,
    testGateway: {
      gateway,
      transport,
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
        if (background) gateway.start();
      },
    },
  };
}
