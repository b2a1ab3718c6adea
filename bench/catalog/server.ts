/**
 * A real Etalage API server whose catalogue index holds the synthetic catalogue, run as a child
 * process of the benchmark so the load generator and the server each get a core. Built like
 * `createServices` (server/src/services/index.ts) but the index comes from `CatalogIndex.fromData`;
 * the database (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite in memory) is migrated
 * and empty (SEED none): the catalogue route reads the index only.
 *
 * Protocol (IPC): sends { type: "ready", port, … } once listening; answers { type: "cpu" } with
 * its CPU time; { type: "cache", bytes? } with the answer cache's figures (resized first when
 * `bytes` is given, 0 turning it off); { type: "stop" } (or the parent going away) closes it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { buildApp } from "../../server/src/app.ts";
import { CatalogIndex } from "../../server/src/catalog-index/catalog-index.ts";
import { syntheticCatalog } from "../../server/src/catalog-index/synthetic.ts";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { BuiltinCms } from "../../server/src/providers/cms/builtin.ts";
import { EngageContacts } from "../../server/src/providers/customer-data/engage.ts";
import { MailService } from "../../server/src/providers/mail/index.ts";
import { mailPortMailer } from "../../server/src/providers/newsletter/mailer.ts";
import { NewsletterService } from "../../server/src/providers/newsletter/service.ts";
import { ElevateService } from "../../server/src/providers/recommendations/service.ts";
import { AccountService } from "../../server/src/services/accounts/customers.ts";
import { noCustomerOrders } from "../../server/src/services/accounts/orders.ts";
import { cartCatalogOf } from "../../server/src/services/cart/index.ts";
import { CatalogEvents } from "../../server/src/services/catalog-events.ts";
import { Housekeeping } from "../../server/src/services/housekeeping.ts";
import { paymentPort, type Services } from "../../server/src/services/index.ts";
import { OrderService } from "../../server/src/services/orders/index.ts";
import { PaymentService } from "../../server/src/services/payments/index.ts";
import { ReviewService } from "../../server/src/services/reviews.ts";
import { StockAlertService } from "../../server/src/services/stock-alerts.ts";

async function main() {
  const started = performance.now();
  if (!process.send) throw new Error("bench/catalog/server.ts runs as a child of the benchmark (IPC)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    // BENCH_LOG_LEVEL=info logs a line per request as production does (to /dev/null, see http.ts).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
    SEED: "none",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    PORT: "0",
  });
  const database = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    dataDir: config.dataDir,
    inMemory: true,
  });
  const buildStarted = performance.now();
  const catalog = CatalogIndex.fromData(syntheticCatalog());
  const buildMs = performance.now() - buildStarted;
  const catalogEvents = new CatalogEvents(database, {
    rebuild: () => catalog.rebuild(),
    debounceMs: config.CATALOG_REFRESH_DEBOUNCE_MS,
    logLevel: config.LOG_LEVEL,
  });
  await catalogEvents.start();
  // The CMS is not measured here; it is built but never started.
  const cms = await BuiltinCms.create(config, database);
  // Nor are recommendations: built over the same index, never started.
  const elevate = new ElevateService(catalog, database.db);
  // Nor is housekeeping: built, never started.
  const housekeeping = new Housekeeping(database.db, console);
  // Nor are orders: built, their expiry timer never started.
  const orders = new OrderService(database.db, cartCatalogOf(catalog), config, true);
  const payment = paymentPort(config);
  const payments = new PaymentService(database.db, orders, payment.provider, config.PUBLIC_URL, console);
  // Nor is mail: built, its sender never started.
  const mail = new MailService(config, database.db, pino({ level: "silent" }));
  const accounts = new AccountService(database.db, mail, config.PUBLIC_URL);
  const reviews = new ReviewService(database.db);
  await reviews.start();
  // Nor are the newsletter and customer data: plain objects over the database, nothing to start.
  const engage = new EngageContacts(database.db);
  const newsletter = new NewsletterService(database.db, engage, mailPortMailer(mail), config.PUBLIC_URL);
  // Nor are back-in-stock mails: built, never swept.
  const stockAlerts = new StockAlertService(database.db, catalog, mail, config.PUBLIC_URL, console);
  const services: Services = {
    stockAlerts,
    config,
    database,
    catalog,
    catalogEvents,
    cms,
    elevate,
    housekeeping,
    orders,
    payments,
    ...(payment.testGateway ? { testGateway: payment.testGateway } : {}),
    accounts,
    mail,
    customerOrders: noCustomerOrders,
    customerTokens: accounts,
    reviews,
    engage,
    newsletter,
  };
  const app = await buildApp(services, { storefront: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    // exit() rather than waiting for handles: --cpu-prof writes its profile on a normal exit.
    process.exit(0);
  };
  process.on("message", (message: { type?: string }) => {
    if (message.type === "cpu") process.send?.({ type: "cpu", usage: process.cpuUsage() });
    else if (message.type === "cache") {
      const { bytes } = message as { bytes?: number };
      if (bytes !== undefined) catalog.answers.resize(bytes);
      process.send?.({ type: "cache", stats: catalog.answers.stats() });
    } else if (message.type === "stop") void stop();
  });
  process.on("disconnect", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.send({
    type: "ready",
    port,
    database: database.kind,
    indexBuildMs: buildMs,
    startupMs: performance.now() - started,
    products: catalog.status().products,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
