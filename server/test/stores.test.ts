import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

describe("GET /api/ext/vsf-storelocator/stores", () => {
  it("lists the stores in Dutch cities with address, hours per weekday, special days and services", async () => {
    const res = await server.get("/api/ext/vsf-storelocator/stores");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.code).toBe(200);
    const stores = body.result;
    expect(stores.length).toBeGreaterThanOrEqual(15);
    expect(new Set(stores.map((s: { id: string }) => s.id)).size).toBe(stores.length);
    const amsterdam = stores.find((s: { city: string }) => s.city === "Amsterdam");
    expect(amsterdam).toMatchObject({ country_id: "NL", street: expect.stringMatching(/Kalverstraat/) });
    for (const store of stores) {
      expect(store.postcode).toMatch(/^[1-9]\d{3} [A-Z]{2}$/);
      expect(store.phone).toMatch(/^\+31 /);
      expect(store.lat).toBeGreaterThan(50.7);
      expect(store.lat).toBeLessThan(53.6);
      expect(store.opening_hours.map((h: { day: number }) => h.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(store.special_hours.some((d: { label: string }) => d.label === "Eerste kerstdag")).toBe(true);
      expect(store.services).toContain("pickup");
    }
  });
});

describe("GET /api/ext/service-points", () => {
  it("answers PostNL pick-up points near a postcode, nearest first, each with its distance", async () => {
    const res = await server.get("/api/ext/service-points?postcode=3511%20AB&houseNumber=12");
    expect(res.status).toBe(200);
    const points = (await res.json()).result;
    expect(points.length).toBeGreaterThan(2);
    expect(points.length).toBeLessThanOrEqual(10);
    expect(points[0]).toMatchObject({
      carrier: "postnl",
      code: expect.any(String),
      house_number: expect.any(String),
    });
    for (let i = 1; i < points.length; i++)
      expect(points[i].distance_m).toBeGreaterThanOrEqual(points[i - 1].distance_m);
    expect(points[0].distance_m).toBeLessThan(15_000);
    // Utrecht's nearest points are in the Utrecht region, not in Groningen.
    expect(points[0].postcode.slice(0, 1)).toBe("3");
  });

  it("finds points across the country: Amsterdam, Maastricht, Groningen each get their own", async () => {
    const cities: Record<string, string> = { "1012": "10", "6211": "62", "9711": "97" };
    for (const [postcode, region] of Object.entries(cities)) {
      const points = (await (await server.get(`/api/ext/service-points?postcode=${postcode}`)).json()).result;
      expect(points[0].postcode.slice(0, 2)).toBe(region);
    }
  });

  it("answers 404 'No service points found' where none is near (Texel)", async () => {
    const res = await server.get("/api/ext/service-points?postcode=1791AA");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, result: "No service points found" });
  });

  it("refuses what is no Dutch postcode with a 400 naming the field", async () => {
    for (const bad of ["", "0123AB", "abcd", "1234 SS"]) {
      const res = await server.get(`/api/ext/service-points?postcode=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/postcode/);
    }
    expect((await server.get("/api/ext/service-points")).status).toBe(400);
  });
});
