/**
 * The Etalage API with the demo catalogue and a recommendation service trained on synthetic
 * shoppers, as a child process of the benchmark (the load generator gets its own core). IPC as
 * bench/catalog/server.ts: { type: "ready", port } once listening, { type: "stop" } closes it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { openDatabase } from "../../server/src/db/client.ts";
import { createServices } from "../../server/src/services/index.ts";
import { demoIndex, generateSessions } from "./data.ts";
import { train } from "./quality.ts";

async function main() {
  if (!process.send)
    throw new Error("bench/recommendations/server.ts runs as a child of the benchmark (IPC)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "etalage-bench-recs-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    SEED: "none",
    DATA_DIR: dataDir,
    PORT: "0",
  });
  const database = await openDatabase({ dataDir: config.dataDir, inMemory: true });
  const { index: catalog, facts } = demoIndex();
  // Built as `npm start` builds it, without background work: the learner is trained here, once.
  const services = await createServices(config, database, { catalog, background: false });
  train(services.elevate.learner, generateSessions(facts, 4000, 1), Date.now());
  const app = await buildApp(services, { storefront: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const stop = async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("message", (m: { type?: string }) => {
    if (m.type === "stop") void stop();
  });
  process.on("disconnect", () => void stop());
  process.send({ type: "ready", port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
