import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

describe("GET /api/ext/directory/countries", () => {
  it("answers the countries checkout allows with their Dutch names", async () => {
    const res = await server.get("/api/ext/directory/countries");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    expect(
      body.result.map((c: { id: string; full_name_locale: string }) => [c.id, c.full_name_locale]),
    ).toEqual([
      ["NL", "Nederland"],
      ["BE", "België"],
      ["DE", "Duitsland"],
    ]);
  });

  it("refuses an unknown query field with 400 naming it", async () => {
    const res = await server.get("/api/ext/directory/countries?land=FR");
    expect(res.status).toBe(400);
    expect((await res.json()).result).toMatch(/land/);
  });
});

describe("GET /api/ext/directory/currency", () => {
  it("answers EUR and the store's format", async () => {
    const res = await server.get("/api/ext/directory/currency");
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result).toMatchObject({
      base_currency_code: "EUR",
      default_display_currency_code: "EUR",
      available_currency_codes: ["EUR"],
      currencySign: "€",
      currencyDecimal: ",",
      currencyGroup: ".",
      fractionDigits: 2,
      example: "€ 1.234,50",
    });
  });

  it("is a GET only: POST answers 405", async () => {
    const res = await server.post("/api/ext/directory/currency", {});
    expect(res.status).toBe(405);
  });
});
