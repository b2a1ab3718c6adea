import { child, NL_TAX_RULES, product } from "@etalage/core/catalog/test-products";
import { describe, expect, it } from "vitest";
import { priceCatalog } from "./prices.ts";

describe("priceCatalog: a grouped product's parts", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const shirt = product({
    id: 10,
    sku: "OVH1",
    type_id: "configurable",
    price: 50,
    configurable_children: [
      child({ id: 100, sku: "OVH1-WIT-M", price: 50 }),
      child({ id: 101, sku: "OVH1-WIT-L", price: 50, status: 2 }),
    ],
  });
  const belt = product({ id: 20, sku: "RIE1", price: 25 });

  it("sums a size of a configurable as the simple product it is (issue 14: complete looks)", () => {
    const look = product({
      id: 30,
      sku: "LOOK1",
      type_id: "grouped",
      product_links: ["OVH1-WIT-M", "RIE1"].map((sku, position) => ({
        link_type: "associated" as const,
        linked_product_type: "simple",
        linked_product_sku: sku,
        sku: "LOOK1",
        qty: 1,
        position,
      })),
    });
    const { products, issues } = priceCatalog([shirt, belt, look], NL_TAX_RULES, now);
    expect(issues).toBe(0);
    expect(products[2]).toMatchObject({ price: 75, price_incl_tax: 90.75 });
  });

  it("leaves out a disabled size, as it does a disabled product", () => {
    const look = product({
      id: 31,
      sku: "LOOK2",
      type_id: "grouped",
      product_links: ["OVH1-WIT-L", "RIE1"].map((sku, position) => ({
        link_type: "associated" as const,
        linked_product_type: "simple",
        linked_product_sku: sku,
        sku: "LOOK2",
        position,
      })),
    });
    const { products } = priceCatalog([shirt, belt, look], NL_TAX_RULES, now);
    expect(products[2]).toMatchObject({ price: 25, price_incl_tax: 30.25 });
  });
});
