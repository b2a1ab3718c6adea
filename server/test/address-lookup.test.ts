/**
 * Issue 23: the postcode lookup (`GET /api/ext/address/lookup`, contract "The rest") over real
 * HTTP: the built-in Locatieserver knows the demo's addresses, an unknown one is 404, bad input
 * 400 naming the field, too many 429; the PDOK adapter reads Locatieserver's own answer.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinLocatieserver } from "../src/providers/address-lookup/locatieserver.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADDRESS_LOOKUPS_PER_MINUTE: "20" } });
});
afterAll(() => server?.close());

const lookup = async (on: TestServer, query: string) => {
  const res = await on.get(`/api/ext/address/lookup?${query}`);
  return { status: res.status, body: await res.json(), cache: res.headers.get("cache-control") };
};

describe("the built-in lookup", () => {
  it("fills street and city of a demo address, with or without a space and addition", async () => {
    const answer = await lookup(server, "postcode=3511ab&houseNumber=12");
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({
      street: "Oudegracht",
      houseNumber: 12,
      addition: "",
      postcode: "3511 AB",
      city: "Utrecht",
    });
    expect(answer.cache).toMatch(/max-age=86400/);
    const lettered = await lookup(server, "postcode=1015%20CX&houseNumber=100&addition=a");
    expect(lettered.body.result).toMatchObject({ street: "Keizersgracht", addition: "A", city: "Amsterdam" });
    // A store's address is known too.
    expect((await lookup(server, "postcode=1012%20PK&houseNumber=112")).body.result).toMatchObject({
      street: "Kalverstraat",
      city: "Amsterdam",
    });
  });

  it("answers 404 for an address it does not know, so the form asks for street and city", async () => {
    const answer = await lookup(server, "postcode=9999ZZ&houseNumber=1");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, result: "Address not found" });
    expect((await lookup(server, "postcode=3511AB&houseNumber=12&addition=Z")).status).toBe(404);
  });

  it("refuses a postcode or house number that is none with 400 naming the field", async () => {
    for (const [query, field] of [
      ["postcode=0511AB&houseNumber=1", "postcode"],
      ["postcode=3511A&houseNumber=1", "postcode"],
      ["postcode=3511AB&houseNumber=0", "houseNumber"],
      ["postcode=3511AB&houseNumber=-2", "houseNumber"],
      ["postcode=3511AB&houseNumber=1.5", "houseNumber"],
      ["postcode=3511AB", "houseNumber"],
      ["postcode=3511AB&houseNumber=1&addition=%3Cscript%3E", "addition"],
      ["postcode=3511AB&houseNumber=1&city=x", "city"],
    ] as const) {
      const answer = await lookup(server, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.result, query).toContain(field);
    }
  });

  it("stops an address that keeps asking with 429", async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await lookup(server, `postcode=3511AB&houseNumber=${i + 1}`)).status;
    expect(last).toBe(429);
  });
});

describe("the PDOK adapter", () => {
  it("asks Locatieserver's free search by postcode and house number and reads its docs", async () => {
    const asked: string[] = [];
    // A stand-in for api.pdok.nl answering in Locatieserver's shape.
    const pdok = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      const url = new URL(req.url ?? "/", "http://pdok");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(builtinLocatieserver(url)));
    });
    await new Promise<void>((resolve) => pdok.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(pdok.address() as AddressInfo).port}`;
    const withPdok = await startTestServer({ storefront: false, env: { PDOK_LOCATIESERVER_URL: base } });
    try {
      expect(withPdok.services.addressLookup.kind).toBe("pdok");
      const answer = await lookup(withPdok, "postcode=3511AB&houseNumber=12");
      expect(answer.body.result).toMatchObject({ street: "Oudegracht", city: "Utrecht" });
      const url = new URL(asked[0]!, "http://pdok");
      expect(url.pathname).toBe("/bzk/locatieserver/search/v3_1/free");
      expect(url.searchParams.getAll("fq")).toEqual(["type:adres", "postcode:3511AB", "huisnummer:12"]);
      pdok.close();
      // PDOK unreachable: 503, the form asks for street and city.
      expect((await lookup(withPdok, "postcode=3511AB&houseNumber=14")).status).toBe(503);
    } finally {
      pdok.close();
      await withPdok.close();
    }
  });
});
