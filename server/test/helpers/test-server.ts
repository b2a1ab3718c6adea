import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/client.ts";
import { createServices, type Services } from "../../src/services/index.ts";
import { copyTemplate, copyTemplateDatabase, dropDatabase, testDatabaseUrl } from "./test-database.ts";

export interface TestServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  /** fetch relative to the server, JSON helpers included. */
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** What a client outside the process has of a server: its address and HTTP. */
export type HttpServer = Pick<TestServer, "url" | "get" | "post">;

/** An Etalage server reached over HTTP only (another process: `npm run cluster`'s proxy or instance). */
export function httpServer(url: string, headers: Record<string, string> = {}): HttpServer {
  return {
    url,
    get: (path, init) => fetch(url + path, { ...init, headers: { ...headers, ...init?.headers } }),
    post: (path, body, init) =>
      fetch(url + path, {
        method: "POST",
        ...init,
        headers: { "content-type": "application/json", ...headers, ...init?.headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

/** A real Etalage server on a random port over a real database: no mocks of our own code. */
export async function startTestServer(
  options: {
    storefront?: boolean;
    env?: Record<string, string>;
    /**
     * Reopen a PGlite data folder another server used (a restart): the caller owns the folder and
     * removes it. On PostgreSQL every server of a test file shares the file's database anyway.
     */
    dataDir?: string;
    /**
     * A vendor's emulator (Engage, Storyblok, an Elevate cluster) keeps its own data, as the vendor
     * does: on PostgreSQL it gets a database of its own instead of the file's shared one.
     */
    vendor?: boolean;
  } = {},
): Promise<TestServer> {
  const template = inject("postgresTemplate");
  const vendorDatabase = options.vendor && template ? await copyTemplateDatabase(template) : undefined;
  const databaseUrl = vendorDatabase ?? testDatabaseUrl();
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
      if (vendorDatabase) await dropDatabase(vendorDatabase);
    },
  };
}
