import { describe, expect, it } from "vitest";
import { generateDemoCatalog } from "../src/seed/demo-catalog.ts";
import { checkWithinFile } from "../src/services/catalog-import/check.ts";
import { formatIssue } from "../src/services/catalog-import/issues.ts";
import { parseCatalogLines, validateRecord } from "../src/services/catalog-import/parse.ts";

/** The line validator and the in-file checks, without a database. */

const product = (over: Record<string, unknown> = {}) => ({
  id: 9_100_001,
  sku: "T-LINE-1",
  name: "Testoverhemd",
  type_id: "simple",
  status: 1,
  visibility: 4,
  url_key: "testoverhemd",
  url_path: "testoverhemd",
  slug: "testoverhemd",
  price: 41.3223,
  tax_class_id: 2,
  stock: { qty: 3, is_in_stock: true },
  category: [],
  category_ids: [],
  ...over,
});
const line = (type: string, data: unknown) => JSON.stringify({ type, data });
const issuesOf = (text: string) => parseCatalogLines(text).issues.map(formatIssue);

describe("catalogue import: one line", () => {
  it("accepts a product with attributes of its own and fills in its stock ids", () => {
    const { records, issues } = parseCatalogLines(line("product", product({ collar: "602", fit: "401" })));
    expect(issues).toEqual([]);
    const data = records[0]!.record.data as unknown as {
      collar: string;
      stock: { product_id: number; sku: string };
    };
    expect(data.collar).toBe("602");
    expect(data.stock).toMatchObject({ product_id: 9_100_001, sku: "T-LINE-1", manage_stock: true });
  });

  it("reports the line number and the field path of every problem", () => {
    const text = [
      line("product", product()),
      "",
      line("product", product({ id: 9_100_002, sku: "T-LINE-2", price: "12" })),
      line("product", product({ id: 9_100_003, sku: "T-LINE-3", stock: { qty: -1, is_in_stock: true } })),
    ].join("\n");
    expect(issuesOf(text)).toEqual([
      "line 3: data.price: Invalid input: expected number, received string",
      "line 4: data.stock.qty: Too small: expected number to be >=0",
    ]);
  });

  it("reports invalid JSON, unknown types and missing fields", () => {
    const text = ["{oops", line("shoe", {}), JSON.stringify({ type: "redirect" })].join("\n");
    expect(issuesOf(text)).toEqual([
      expect.stringMatching(/^line 1: not valid JSON \(/),
      "line 2: type: must be one of product, category, attribute, taxrule, redirect, landing_page",
      "line 3: data: is required",
    ]);
  });

  it("is strict on records without free attributes: a typo is an error", () => {
    const redirect = {
      id: 1,
      request_path: "oud",
      target_path: "nieuw",
      redirect_type: 301,
      redirct_type: 302,
    };
    expect(issuesOf(line("redirect", redirect))).toEqual(['line 1: data: Unrecognized key: "redirct_type"']);
  });

  it("checks paths, skus, enums and rules between fields", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url_path: "/testoverhemd/" }, "data.url_path: must be a path without leading or trailing slash"],
      [{ sku: "A,B" }, "data.sku: must not contain commas or whitespace"],
      [{ visibility: 5 }, "data.visibility: Invalid option: expected one of 1|2|3|4"],
      [{ type_id: "configurable" }, "data.configurable_children: a configurable product needs children"],
      [{ type_id: "grouped" }, "data.product_links: a grouped product needs associated product links"],
      [{ type_id: "bundle" }, "data.bundle_options: a bundle product needs bundle options"],
      [
        { special_price: 30, special_from_date: "2026-05-01", special_to_date: "2026-04-01" },
        "data.special_to_date: is before special_from_date",
      ],
      [{ special_from_date: "morgen" }, "data.special_from_date: is not a date"],
      [
        {
          configurable_children: [
            { id: 9_100_010, sku: "T-LINE-1-M", status: 1, price: "x", stock: { qty: 1, is_in_stock: true } },
          ],
          type_id: "configurable",
        },
        "data.configurable_children[0].price: Invalid input: expected number, received string",
      ],
    ];
    for (const [over, expected] of cases) {
      const [issue] = issuesOf(line("product", product(over)));
      expect(issue, JSON.stringify(over)).toContain(`line 1: ${expected}`);
    }
  });

  it("checks the other record types", () => {
    const landing = { id: 1, url_path: "zwart", category_id: 21, filter_attributes: "[1]" };
    expect(issuesOf(line("landing_page", landing))).toEqual([
      "line 1: data.filter_attributes: must be a JSON object in a string",
    ]);
    const rule = { id: 1, code: "NL", product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [] };
    expect(issuesOf(line("taxrule", rule))).toEqual(["line 1: data.rates: must have at least one rate"]);
  });

  it("accepts the whole demo catalogue, record by record and across records", () => {
    const records = generateDemoCatalog().map((record, i) => validateRecord(record, i + 1));
    const issues = records.flatMap((r) => ("issues" in r ? r.issues : []));
    expect(issues.slice(0, 5)).toEqual([]);
    const valid = records.flatMap((r) => ("record" in r ? [r.record] : []));
    expect(checkWithinFile(valid).issues).toEqual([]);
  });
});

describe("catalogue import: across lines of one file", () => {
  it("reports duplicate skus and ids, children included, with the first line", () => {
    const child = {
      id: 9_100_010,
      sku: "T-LINE-1",
      status: 1,
      price: 1,
      stock: { qty: 1, is_in_stock: true },
    };
    const text = [
      line("product", product()),
      line("product", product({ id: 9_100_001, sku: "T-LINE-9", url_path: "x", url_key: "x", slug: "x" })),
      line(
        "product",
        product({
          id: 9_100_002,
          sku: "T-LINE-2",
          url_path: "y",
          type_id: "configurable",
          configurable_children: [child],
        }),
      ),
    ].join("\n");
    const { records } = parseCatalogLines(text);
    expect(checkWithinFile(records).issues.map(formatIssue)).toEqual([
      "line 2: data.id: duplicate product id 9100001 (also on line 1)",
      "line 3: data.configurable_children[0].sku: duplicate sku T-LINE-1 (also on line 1)",
    ]);
  });

  it("reports a url_path used by a product and a category", () => {
    const category = {
      id: 9001,
      parent_id: 2,
      level: 2,
      name: "Test",
      slug: "testoverhemd",
      is_active: true,
      position: 1,
      path: "1/2/9001",
      url_key: "testoverhemd",
      url_path: "testoverhemd",
    };
    const { records, issues } = parseCatalogLines(
      [line("category", category), line("product", product())].join("\n"),
    );
    expect(issues).toEqual([]);
    expect(checkWithinFile(records).issues.map(formatIssue)).toEqual([
      "line 2: data.url_path: duplicate url_path testoverhemd (also on line 1)",
    ]);
  });
});
