import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** Issue 16: a customer's favourites kept with the account, over HTTP against the database. */
let server: TestServer;
const BASE = "/api/ext/tritonx";
const FAVORITES = `${BASE}/favorites`;
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const run = Math.random().toString(36).slice(2, 8);
let skus: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ storefront: false });
  skus = server.services.catalog
    .snapshot()
    .products.map((p) => p.sku as string)
    .filter(Boolean)
    .slice(0, 5);
});
afterAll(() => server?.close());

async function customerToken(name: string): Promise<string> {
  const email = `${name}.${run}@example.nl`;
  const created = await server.post(`${BASE}/create`, {
    customer: { email, firstname: "Fien", lastname: name },
    password: PASSWORD,
  });
  expect(created.status).toBe(200);
  const login = await (await server.post(`${BASE}/login`, { username: email, password: PASSWORD })).json();
  return login.result as string;
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("a customer's favourites on the server", () => {
  it("starts empty, adds newest first, merges a browser's list and takes one off", async () => {
    const token = await customerToken("hart");
    const [a, b, c, d] = skus as [string, string, string, string];
    expect(await call("GET", FAVORITES, token)).toMatchObject({ status: 200, body: { result: [] } });

    expect((await call("POST", FAVORITES, token, { productKeys: [a] })).body.result).toEqual([a]);
    expect((await call("POST", FAVORITES, token, { productKeys: [b] })).body.result).toEqual([b, a]);
    // At login the browser's favourites (newest first) join; a known one stays where it was,
    // a product the shop no longer has is left out.
    const merged = await call("POST", FAVORITES, token, { productKeys: [c, a, "NO-SUCH-PRODUCT", d] });
    expect(merged.body.result).toEqual([c, d, b, a]);

    const removed = await call("DELETE", `${FAVORITES}/${encodeURIComponent(a)}`, token);
    expect(removed.status).toBe(200);
    expect(removed.body.result).not.toContain(a);
    expect((await call("GET", `${FAVORITES}?token=${token}`, null)).body.result).toEqual(removed.body.result);
  });

  it("keeps each customer's own: another token sees none of them", async () => {
    const mine = await customerToken("mijn");
    const theirs = await customerToken("hun");
    await call("POST", FAVORITES, mine, { productKeys: [skus[0]] });
    expect((await call("GET", FAVORITES, theirs)).body.result).toEqual([]);
  });

  it("refuses a missing or wrong token with 401 and bad input with 400 naming the field", async () => {
    expect((await call("GET", FAVORITES, null)).status).toBe(401);
    expect((await call("GET", FAVORITES, "not-a-token")).status).toBe(401);
    const token = await customerToken("fout");
    for (const body of [{}, { productKeys: [] }, { productKeys: "x" }, { productKeys: [""] }, { other: 1 }]) {
      const res = await call("POST", FAVORITES, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/productKeys|other/);
    }
  });
});
