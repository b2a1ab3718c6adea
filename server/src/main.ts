import sharp from "sharp";
import { missingAllocatorSettings } from "./allocator.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { lifecycle } from "./lifecycle.ts";
import { seedIfEmpty } from "./seed/seed.ts";
import {
  announceServer,
  claimDataFolder,
  DataFolderInUse,
} from "./services/catalog-import/running-server.ts";
import { createServices } from "./services/index.ts";

/** `npm start`: one process serving the API, images and the server-rendered storefront. */
async function main() {
  const started = performance.now();
  // libvips' operation cache keeps up to 50 MB of recent pipelines for a repeat of the same
  // operation; every variant is rendered once and then read from the disk cache, so it only
  // held memory (docs/decisions/0013-memory-budget.md).
  sharp.cache(false);
  const config = loadConfig();
  if (!config.DATABASE_URL) await claimDataFolder(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
  });
  // Instances started together seed one after another: the first seeds, the others find it done.
  const seeded =
    config.SEED === "demo" ? await database.exclusively(() => seedIfEmpty(database.db)) : undefined;
  const services = await createServices(config, database);
  const app = await buildApp(services);

  let unannounce = async () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (config.SHUTDOWN_DRAIN_MS > 0) {
      // Out of the load balancer's turn first (health 503), serving what still comes meanwhile.
      lifecycle.draining = true;
      app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, "draining: health check answers 503");
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    await app.close();
    await database.close();
    await unannounce();
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (config.publicUrlDefaulted && !config.dev) {
    // Pages name the host they are asked on, but mail, payment return and sitemap links have no
    // request to ask: they say localhost, right on a laptop, wrong behind a domain.
    app.log.warn(
      { publicUrl: config.PUBLIC_URL },
      `PUBLIC_URL is not set: pages answer on any host as that host, but links in mail, payments and sitemaps name ${config.PUBLIC_URL}. Set PUBLIC_URL to the shop's address (https://www.example.nl) in production.`,
    );
  }
  // Checkout (issue 13): say loudly that no money moves without Adyen credentials.
  if (services.testGateway)
    app.log.warn(
      "Payments go to the built-in Adyen test gateway (Testbetaling): no money moves. Set ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and ADYEN_HMAC_KEY to take real payments (README, Checkout).",
    );
  if (missingAllocatorSettings())
    app.log.warn(
      "glibc's default malloc settings: memory grows with image renders and threads; start the shop with `npm start`, or set MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 (README, Configuration)",
    );
  if (services.mail.transport.kind === "mailbox")
    app.log.info(
      "SMTP_URL is not set: mail goes to the built-in mailbox; read it with `npm run mail -- list` (with ADMIN_TOKEN set while this server runs)",
    );
  // PGlite allows one process per data folder: tell the import CLI to come through the API.
  if (database.kind === "pglite") unannounce = await announceServer(config.dataDir, address);
  app.log.info(
    {
      database: database.kind,
      location: database.location,
      seeded,
      index: services.catalog.status(),
      publicUrl: config.publicUrlDefaulted ? null : config.PUBLIC_URL,
      startupMs: Math.round(performance.now() - started),
    },
    `Etalage is open on ${address.replace(/\/\/(0\.0\.0\.0|\[::\])/, "//localhost")}; ${
      config.publicUrlDefaulted
        ? "its pages answer on any host name (PUBLIC_URL is not set)"
        : `its own address is ${config.PUBLIC_URL}: pages asked for on another host are redirected there`
    }`,
  );
}

main().catch((error) => {
  console.error(error instanceof DataFolderInUse ? error.message : error);
  process.exit(1);
});
