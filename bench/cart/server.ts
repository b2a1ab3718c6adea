/**
 * The real Etalage API server for the cart benchmark, as a child process (so the load generator
 * and the server each get a core): migrated and seeded with the demo catalogue and coupons, built
 * by `createServices` like `npm start`. PostgreSQL when BENCH_DATABASE_URL is set, else PGlite.
 *
 * Protocol (IPC): sends { type: "ready", port, database, skus, startupMs } once listening, where
 * `skus` are products with certain stock (a cart takes one of each); answers { type: "cpu" } with its CPU time;
 * { type: "stop" } (or the parent going away) closes it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { seedIfEmpty } from "../../server/src/seed/seed.ts";
import { createServices } from "../../server/src/services/index.ts";

async function main() {
  const started = performance.now();
  if (!process.send) throw new Error("bench/cart/server.ts runs as a child of the benchmark (IPC)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-cart-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    PORT: "0",
  });
  const database = await openDatabase({
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    dataDir: config.dataDir,
  });
  await seedIfEmpty(database.db);
  const services = await createServices(config, database);
  const app = await buildApp(services, { storefront: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const { rows } = await database.db.execute<{ sku: string }>(
    "select sku from stock where manage_stock and is_in_stock and not is_volatile and qty - reserved >= 10 order by sku",
  );
  const sellable = rows
    .map((r) => r.sku)
    .filter((sku) => {
      const product = services.catalog.productBySku(sku);
      if (product) return product.type_id === "simple" && product.status === 1;
      const hit = services.catalog.childBySku(sku);
      return hit !== undefined && hit.parent.status === 1 && Number(hit.child.status) === 1;
    });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  // BENCH_CPU_PROF: profile only the measured run, not start-up and seeding.
  const profiler = process.env.BENCH_CPU_PROF_DIR ? new inspector.Session() : undefined;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      profiler!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  process.on("message", async (message: { type?: string }) => {
    if (message.type === "cpu") process.send?.({ type: "cpu", usage: process.cpuUsage() });
    else if (message.type === "stop") void stop();
    else if (message.type === "profile-start" && profiler) {
      profiler.connect();
      await post("Profiler.enable");
      await post("Profiler.start");
    } else if (message.type === "profile-stop" && profiler) {
      const { profile } = (await post("Profiler.stop")) as { profile: object };
      const file = path.join(process.env.BENCH_CPU_PROF_DIR!, `cart-server-${Date.now()}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      process.send?.({ type: "profiled", file });
    }
  });
  process.on("disconnect", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.send({
    type: "ready",
    port,
    database: database.kind,
    skus: sellable.slice(0, 200),
    startupMs: performance.now() - started,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
