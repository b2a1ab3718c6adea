import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** RATE_LIMIT_ALLOW: addresses no per-address limit counts (the browser suite's 127.0.0.1). */
describe("RATE_LIMIT_ALLOW", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function statusesOfOrders(env: Record<string, string>, times: number) {
    const server = await startTestServer({ storefront: false, env: { ORDERS_PER_MINUTE: "2", ...env } });
    servers.push(server);
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const res = await server.post(
        "/api/order",
        {},
        { headers: { "idempotency-key": `rate-${i}-key-0001` } },
      );
      statuses.push(res.status);
    }
    return statuses;
  }

  it("counts every address unless it is allowed", async () => {
    expect(await statusesOfOrders({}, 3)).toEqual([400, 400, 429]);
    expect(await statusesOfOrders({ RATE_LIMIT_ALLOW: "127.0.0.1, ::1" }, 4)).toEqual([400, 400, 400, 400]);
  });

  it("refuses a setting that is not a list of addresses, naming it", () => {
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: "127.0.0.1,localhost" })).toThrow(/RATE_LIMIT_ALLOW/);
  });
});
