import pino from "pino";
import { CatalogIndex } from "../catalog-index/catalog-index.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { BuiltinCms } from "../providers/cms/builtin.ts";
import { EngageContacts } from "../providers/customer-data/engage.ts";
import { MailService } from "../providers/mail/index.ts";
import { mailPortMailer } from "../providers/newsletter/mailer.ts";
import { NewsletterService } from "../providers/newsletter/service.ts";
import { ElevateService } from "../providers/recommendations/service.ts";
import { AccountService } from "./accounts/customers.ts";
import { type CustomerOrders, noCustomerOrders } from "./accounts/orders.ts";
import type { CustomerTokenVerifier } from "./cart/index.ts";
import { CatalogEvents } from "./catalog-events.ts";
import { Housekeeping } from "./housekeeping.ts";

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
  // Accounts and mail (issue 12)
  /** Customers, logins, addresses and passwords. */
  accounts: AccountService;
  /** The mail port: `mail.enqueue(tx, { to, mail })` in the caller's transaction, then `mail.kick()`. */
  mail: MailService;
  /** A customer's orders for the account pages; the checkout issue replaces the empty default. */
  customerOrders: CustomerOrders;
}

export async function createServices(config: Config, database: Database): Promise<Services> {
  const catalog = new CatalogIndex(database.db, {
    answerCacheBytes: config.CATALOG_ANSWER_CACHE_MB * 1024 * 1024,
  });
  const catalogEvents = new CatalogEvents(database, {
    rebuild: () => catalog.rebuild(),
    debounceMs: config.CATALOG_REFRESH_DEBOUNCE_MS,
    logLevel: config.LOG_LEVEL,
    // The index is priced for its build time: rebuild when a special price window opens or closes.
    nextChangeAt: () => catalog.nextPriceChange(),
  });
  // Listen before the first build, so a change committed meanwhile is not missed.
  await catalogEvents.start();
  await catalog.build();
  catalogEvents.scheduleNextChange();
  const cms = await BuiltinCms.create(config, database);
  await cms.start();
  const housekeeping = new Housekeeping(database.db, pino({ name: "housekeeping", level: config.LOG_LEVEL }));
  housekeeping.start();
  const elevate = new ElevateService(catalog, database.db);
  await elevate.start();
  // Newsletter and customer data (issue 15)
  const engage = new EngageContacts(database.db);
  const mail = new MailService(config, database.db, pino({ name: "mail", level: config.LOG_LEVEL }));
  mail.start();
  const accounts = new AccountService(database.db, mail, config.PUBLIC_URL);
  const newsletter = new NewsletterService(database.db, engage, mailPortMailer(mail), config.PUBLIC_URL);
  return {
    config,
    database,
    catalog,
    catalogEvents,
    cms,
    housekeeping,
    elevate,
    accounts,
    mail,
    customerOrders: noCustomerOrders,
    customerTokens: accounts,
    engage,
    newsletter,
  };
}
