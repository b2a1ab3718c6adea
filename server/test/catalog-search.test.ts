import type { Product } from "@etalage/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storefront: false });
});
afterAll(() => server?.close());

const URL = "/api/catalog/catalog_nl/product/_search";
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
type Answer = { status: number; body: any };

async function search(body: unknown, query = "", path = URL): Promise<Answer> {
  const res = await server.post(`${path}${query}`, body);
  return { status: res.status, body: await res.json() };
}
const items = (a: Answer) => a.body.items as Product[];
const BLACK = "49";
const SNEAKERS = 21;

describe("POST /api/catalog/catalog_nl/product/_search: paging", () => {
  it("answers without the envelope, 50 per page by default", async () => {
    const a = await search({});
    expect(a.status).toBe(200);
    expect(a.body.code).toBeUndefined();
    expect(a.body).toMatchObject({ start: 0, perPage: 50 });
    expect(items(a)).toHaveLength(50);
    expect(a.body.total).toBeGreaterThan(1500);
  });

  it("turns size <= 0 into 50 and a negative from into 0", async () => {
    for (const q of ["?size=0", "?size=-3&from=-10"]) {
      const a = await search({}, q);
      expect(a.body).toMatchObject({ start: 0, perPage: 50 });
      expect(items(a)).toHaveLength(50);
    }
  });

  it("pages with from and size, up to 4000, and refuses more", async () => {
    const all = await search({}, "?size=4000");
    expect(all.status).toBe(200);
    expect(items(all)).toHaveLength(all.body.total);
    const page = await search({}, "?from=30&size=7");
    expect(items(page).map((p) => p.id)).toEqual(
      items(all)
        .slice(30, 37)
        .map((p) => p.id),
    );
    const big = await search({}, "?size=4001");
    expect(big.status).toBe(400);
    expect(big.body.result).toBe("querystring.size: must be at most 4000");
  });
});

describe("catalogue rules (browsing §5)", () => {
  it("lists visibility 2-4 and status 0-1 when browsing; search hides catalogue-only and sold-out products", async () => {
    const browse = items(await search({}, "?size=4000"));
    expect(browse.every((p) => [2, 3, 4].includes(p.visibility) && p.status < 2)).toBe(true);
    expect(browse.some((p) => p.visibility === 2)).toBe(true);
    expect(browse.some((p) => !p.stock.is_in_stock)).toBe(true);
    const found = items(await search({ _searchText: "overhemd" }, "?size=4000"));
    expect(found.length).toBeGreaterThan(50);
    expect(found.every((p) => [3, 4].includes(p.visibility) && p.stock.is_in_stock)).toBe(true);
  });

  it("lets a request filter visibility and status itself", async () => {
    const hidden = items(await search({ _appliedFilters: [{ attribute: "status", value: 2 }] }));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((p) => p.status === 2)).toBe(true);
  });

  it("carries prices including tax on parents and children", async () => {
    const [p] = items(await search({ _appliedFilters: [{ attribute: "sku", value: "OVH1000" }] }));
    expect(p!.final_price_incl_tax).toBeCloseTo(Math.round(p!.final_price! * 121) / 100, 2);
    for (const field of ["price", "original_price", "special_price", "regular_price", "final_price"]) {
      expect(typeof p![`${field}_tax`]).toBe("number");
      expect(typeof p![`${field}_incl_tax`]).toBe("number");
    }
    expect(p!.configurable_children![0]!.final_price_incl_tax).toBeGreaterThan(0);
  });
});

describe("filters", () => {
  const prices = (a: Answer) => items(a).map((p) => p.final_price_incl_tax as number);

  it("applies each range operator to the price including tax", async () => {
    const cases: [Record<string, number>, (x: number) => boolean][] = [
      [{ gt: 100 }, (x) => x > 100],
      [{ gte: 99.95 }, (x) => x >= 99.95],
      [{ lt: 50 }, (x) => x < 50],
      [{ lte: 49.95 }, (x) => x <= 49.95],
      [{ gte: 50, lte: 100 }, (x) => x >= 50 && x <= 100],
    ];
    for (const [value, test] of cases) {
      const a = await search(
        { _appliedFilters: [{ attribute: "price", value, scope: "catalog" }] },
        "?size=4000",
      );
      expect(a.body.total).toBeGreaterThan(0);
      expect(prices(a).every(test), JSON.stringify(value)).toBe(true);
    }
  });

  it("applies eq, in, neq and nin, and a scalar as eq", async () => {
    const black = await search(
      { _appliedFilters: [{ attribute: "color", value: { eq: BLACK } }] },
      "?size=4000",
    );
    expect(items(black).every((p) => p.color === BLACK)).toBe(true);
    const scalar = await search({ _appliedFilters: [{ attribute: "color", value: Number(BLACK) }] });
    expect(scalar.body.total).toBe(black.body.total);
    const two = await search(
      { _appliedFilters: [{ attribute: "color", value: { in: [BLACK, "50"] } }] },
      "?size=4000",
    );
    expect(items(two).every((p) => [BLACK, "50"].includes(p.color!))).toBe(true);
    const notBlack = await search(
      { _appliedFilters: [{ attribute: "color", value: { neq: BLACK } }] },
      "?size=4000",
    );
    expect(items(notBlack).some((p) => p.color === BLACK)).toBe(false);
    const neither = await search(
      { _appliedFilters: [{ attribute: "color", value: { nin: [BLACK, "50"] } }] },
      "?size=4000",
    );
    const all = await search({});
    expect(neither.body.total).toBe(all.body.total - two.body.total);
  });

  it("finds a configurable parent by a child's size in catalog scope only", async () => {
    const size42 = "103"; // shoe size 42
    const own = await search({
      _appliedFilters: [{ attribute: "size", value: { in: [size42] }, scope: "default" }],
    });
    const any = await search(
      { _appliedFilters: [{ attribute: "size", value: { in: [size42] }, scope: "catalog" }] },
      "?size=4000",
    );
    expect(own.body.total).toBe(0);
    expect(any.body.total).toBeGreaterThan(50);
    for (const p of items(any)) {
      expect(p.configurable_children!.some((c) => c.size === size42 && c.status < 2)).toBe(true);
    }
  });

  it("filters by category, child sku and url_path", async () => {
    const sneakers = items(
      await search({ _appliedFilters: [{ attribute: "category_ids", value: { in: [SNEAKERS] } }] }),
    );
    expect(sneakers.every((p) => p.category_ids.includes(SNEAKERS))).toBe(true);
    const p = sneakers[0]!;
    const child = p.configurable_children![0]!;
    const bySku = items(
      await search({ _appliedFilters: [{ attribute: "configurable_children.sku", value: child.sku }] }),
    );
    expect(bySku.map((x) => x.sku)).toEqual([p.sku]);
    const byPath = items(await search({ _appliedFilters: [{ attribute: "url_path", value: p.url_path }] }));
    expect(byPath.map((x) => x.sku)).toEqual([p.sku]);
  });

  it("names an unknown filter attribute, sort field or operator in a 400", async () => {
    const a = await search({ _appliedFilters: [{ attribute: "colour", value: 1 }] });
    expect(a.status).toBe(400);
    expect(a.body.result).toBe('body._appliedFilters[0].attribute: Unknown filter attribute "colour"');
    const s = await search({ _appliedSort: [{ field: "popularity", options: "desc" }] });
    expect(s.body.result).toBe('body._appliedSort[0].field: Unknown sort field "popularity"');
    const o = await search({ _appliedFilters: [{ attribute: "color", value: { like: "4" } }] });
    expect(o.body.result).toMatch(/^body\._appliedFilters\[0\]\.value\.like: unknown operator/);
    const f = await search({ _availableFilters: [{ field: "kleur" }] });
    expect(f.body.result).toBe('body._availableFilters[0].field: Unknown filter attribute "kleur"');
    const many = await search({
      _appliedFilters: [
        { attribute: "color", value: { in: Array.from({ length: 1000 }, (_, i) => String(i)) } },
      ],
    });
    expect(many.body.result).toBe("body._appliedFilters[0].value.in: must have at most 999 values");
  });
});

describe("aggregations", () => {
  const sneakersIn = (extra: object[] = []) => ({
    _appliedFilters: [{ attribute: "category_ids", value: { in: [SNEAKERS] } }, ...extra],
    _availableFilters: [
      { field: "color", scope: "catalog" },
      { field: "price", scope: "catalog" },
    ],
  });

  it("counts colour options with Dutch labels and swatches, over the other filters only", async () => {
    const a = await search(sneakersIn([{ attribute: "color", value: { in: [BLACK] }, scope: "catalog" }]));
    const color = a.body.aggregations.filters.find(
      (f: { attribute_code: string }) => f.attribute_code === "color",
    );
    expect(color.title).toBe("Kleur");
    expect(color.options.length).toBeGreaterThan(1);
    expect(color.options.length).toBeLessThanOrEqual(10);
    const black = color.options.find((o: { id: string }) => o.id === BLACK);
    expect(black).toMatchObject({ label: "Zwart", type: "color", swatch: "#1d1d1f", count: a.body.total });
    for (const option of color.options.slice(0, 3)) {
      const only = await search({
        ...sneakersIn([{ attribute: "color", value: { in: [option.id] }, scope: "catalog" }]),
      });
      expect(option.count, option.label).toBe(only.body.total);
    }
    const counts = color.options.map((o: { count: number }) => o.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(a.body.aggregations.filterSettings.color).toEqual({
      title: "Kleur",
      urlKey: "color",
      isCollapsed: false,
    });
    expect(
      a.body.attributeMetadata.find((m: { attribute_code: string }) => m.attribute_code === "color"),
    ).toMatchObject({
      attribute_id: 93,
      frontend_label: "Kleur",
    });
  });

  it("buckets prices 0-50, 50-100, 100-150, 150+ with the spec's labels", async () => {
    const a = await search({ _availableFilters: [{ field: "price" }] });
    const price = a.body.aggregations.filters[0];
    expect(price.title).toBe("Prijs");
    expect(price.options.map((o: object) => ({ ...o, count: 0 }))).toEqual([
      { id: "0.0-50.0", label: "< €50", count: 0, type: "price", from: 0, to: 50, single: true },
      { id: "50.0-100.0", label: "€50 - €100", count: 0, type: "price", from: 50, to: 100, single: true },
      { id: "100.0-150.0", label: "€100 - €150", count: 0, type: "price", from: 100, to: 150, single: true },
      { id: "150.0-*", label: "> €150", count: 0, type: "price", from: 150, single: true },
    ]);
    expect(price.options.reduce((sum: number, o: { count: number }) => sum + o.count, 0)).toBe(a.body.total);
  });

  it("offers the Dutch sort choices, and relevance when searching", async () => {
    const a = await search({});
    expect(a.body.aggregations.sortFields).toEqual([
      { label: "Positie", id: "category.position:asc", type: "sort" },
      { label: "Nieuwste", id: "updated_at:desc", type: "sort" },
      { label: "Prijs laag-hoog", id: "final_price:asc", type: "sort" },
      { label: "Prijs hoog-laag", id: "final_price:desc", type: "sort" },
    ]);
    const s = await search({ _searchText: "trui" });
    expect(s.body.aggregations.sortFields[0]).toEqual({
      label: "Relevantie",
      id: "_score:desc",
      type: "sort",
    });
  });
});

describe("sorting", () => {
  const sorted = async (field: string, options: string, extra: object = {}) =>
    items(await search({ _appliedSort: [{ field, options }], ...extra }, "?size=200"));
  const monotone = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || (x - xs[i - 1]!) * dir >= 0);

  it("sorts by price both ways and by newest first", async () => {
    expect(
      monotone(
        (await sorted("final_price", "asc")).map((p) => p.final_price_incl_tax as number),
        1,
      ),
    ).toBe(true);
    expect(
      monotone(
        (await sorted("final_price", "desc")).map((p) => p.final_price_incl_tax as number),
        -1,
      ),
    ).toBe(true);
    const times = (await sorted("updated_at", "desc")).map((p) => Date.parse(p.updated_at!));
    expect(times.every(Number.isFinite)).toBe(true);
    expect(monotone(times, -1)).toBe(true);
  });

  it("lists a category in position order when no sort is given", async () => {
    const list = items(
      await search(
        { _appliedFilters: [{ attribute: "category_ids", value: { in: [SNEAKERS] } }] },
        "?size=100",
      ),
    );
    const positions = list.map((p) => p.category.find((c) => c.category_id === SNEAKERS)!.position!);
    expect(monotone(positions, 1)).toBe(true);
  });
});
