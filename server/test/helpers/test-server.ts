import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/client.ts";
import { createServices, type Services } from "../../src/services/index.ts";
import { copyTemplate, testDatabaseUrl } from "./test-database.ts";

export interface TestServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  /** fetch relative to the server, JSON helpers included. */
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A real Etalage server on a random port over a real database: no mocks of our own code. */
export async function startTestServer(
  options: {
    storefront?: boolean;
    env?: Record<string, string>;
    /**
     * Reopen a PGlite data folder another server used (a restart): the caller owns the folder and
     * removes it. On PostgreSQL every server shares the one database anyway.
     */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const databaseUrl = testDatabaseUrl();
  const copy = databaseUrl || options.dataDir ? undefined : await copyTemplate();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATA_DIR: options.dataDir ?? copy?.dataDir ?? process.env.DATA_DIR ?? ".data-test",
    DATABASE_URL: databaseUrl ?? "",
    PORT: "0",
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  const services = await createServices(config, database);
  const app = await buildApp(services, options);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    app,
    services,
    get: (path, init) => fetch(url + path, init),
    post: (path, body, init) =>
      fetch(url + path, {
        method: "POST",
        ...init,
        headers: { "content-type": "application/json", ...init?.headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async close() {
      await app.close();
      await database.close();
      await copy?.dispose();
    },
  };
}
