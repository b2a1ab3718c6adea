/**
 * Fuzzing the catalogue search body and query: whatever a client sends, the answer is a 200 or a
 * 400 that names the field, never a 500.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

const URL = "/api/catalog/catalog_nl/product/_search";
const NAMED = /^((body|querystring|params)[.[:]|No entity type registered for )/;

async function expectSane(res: Response, what: unknown) {
  const text = await res.text();
  expect(
    [200, 400],
    `${res.status} for ${JSON.stringify(what)?.slice(0, 300)}: ${text.slice(0, 300)}`,
  ).toContain(res.status);
  const body = JSON.parse(text);
  if (res.status === 400) {
    expect(body.code).toBe(400);
    expect(body.result, JSON.stringify(what)?.slice(0, 300)).toMatch(NAMED);
  } else {
    expect(Array.isArray(body.items)).toBe(true);
  }
}

const attribute = fc.oneof(
  fc.constantFrom("color", "size", "price", "category_ids", "visibility", "sku", "updated_at", "id"),
  fc.string(),
);
const operator = fc.oneof(
  fc.constantFrom("eq", "in", "neq", "nin", "gt", "gte", "lt", "lte"),
  fc.string({ maxLength: 5 }),
);
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(operator, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.record({ in: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 1200 }) }),
  fc.record({
    gte: fc.oneof(fc.double(), fc.string(), fc.integer()),
    lt: fc.oneof(fc.double(), fc.integer()),
  }),
);
const filter = fc.record(
  { attribute, value, scope: fc.oneof(fc.constantFrom("default", "catalog"), fc.string()) },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      _appliedFilters: fc.oneof(fc.array(filter, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
      _availableFilters: fc.array(
        fc.record(
          {
            field: attribute,
            scope: fc.constantFrom("default", "catalog", "x"),
            options: fc.jsonValue({ maxDepth: 2 }),
          },
          { requiredKeys: ["field"] },
        ),
        { maxLength: 3 },
      ),
      _appliedSort: fc.array(
        fc.record({
          field: fc.oneof(fc.constantFrom("final_price", "name", "_score"), fc.string()),
          options: fc.oneof(fc.constantFrom("asc", "desc"), fc.string()),
        }),
        { maxLength: 3 },
      ),
      _searchText: fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ minLength: 250, maxLength: 300 }),
        fc.integer(),
      ),
      extra: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
);
const number = fc.oneof(
  fc.integer({ min: -100, max: 5000 }).map(String),
  fc.constantFrom("1e9", "99999999999999999999", "abc", "", "-0", "3.5", "NaN"),
);

describe("catalogue search fuzz", () => {
  it("answers random bodies and paging with 200 or a 400 naming the field", async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.option(number, { nil: undefined }),
        fc.option(number, { nil: undefined }),
        async (b, from, size) => {
          const query = [
            from !== undefined ? `from=${encodeURIComponent(from)}` : "",
            size !== undefined ? `size=${encodeURIComponent(size)}` : "",
          ]
            .filter(Boolean)
            .join("&");
          await expectSane(await server.post(`${URL}?${query}`, JSON.stringify(b)), { b, from, size });
        },
      ),
      { numRuns: 250 },
    );
  });

  it("answers random bodies sent by GET ?request= the same way", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          body.map((b) => JSON.stringify(b)),
          fc.string({ maxLength: 60 }),
        ),
        async (text) => {
          await expectSane(await server.get(`${URL}?request=${encodeURIComponent(text ?? "")}`), text);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers malformed JSON, deep nesting and odd queries with a 400", async () => {
    const cases: [string, string][] = [
      ["", "{"],
      ["", '{"_appliedFilters": [}'],
      ["", "[".repeat(50_000)],
      ["", `{"_appliedFilters":[{"attribute":"color","value":${"[".repeat(5000)}${"]".repeat(5000)}}]}`],
      ["", `{"_searchText":${'{"a":'.repeat(3000)}1${"}".repeat(3000)}}`],
      ["?size=1&size=2", "{}"],
      ["?_source_include=a&bogus=1", "{}"],
      ["?from=1e400", "{}"],
    ];
    for (const [query, text] of cases) {
      const res = await server.post(`${URL}${query}`, text);
      expect(res.status, `${query} ${text.slice(0, 40)}`).toBe(400);
      await expectSane(res, text.slice(0, 60));
    }
  });

  it("answers random entity types and index names without a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[a-z_]{1,12}$/),
        fc.constantFrom("catalog_nl", "catalog_en", "x"),
        async (type, index) => {
          await expectSane(await server.post(`/api/catalog/${index}/${type}/_search`, "{}"), { type, index });
        },
      ),
      { numRuns: 60 },
    );
  });
});
