import { randomUUID } from "node:crypto";
import { elevate } from "@apptus/esales-api";
import { expect } from "vitest";

/** The official Elevate client, pointed at a test server as a shop with no cluster points it at itself. */
export function elevateClient(url: string, keys = { customerKey: randomUUID(), sessionKey: randomUUID() }) {
  return {
    api: elevate({
      clusterId: url,
      market: "NL",
      locale: "nl-NL",
      touchpoint: "desktop",
      session: () => keys,
    }),
    keys,
  };
}

/** The keys vendor-apis §3.3 marks as required on a product group, product and variant. */
export function expectProductGroup(group: unknown) {
  expect(group).toMatchObject({
    key: expect.any(String),
    remaining: expect.any(Number),
    products: expect.any(Array),
  });
  const g = group as { products: unknown[] };
  expect(g.products.length).toBeGreaterThan(0);
  for (const product of g.products) {
    expect(product).toMatchObject({
      key: expect.any(String),
      title: expect.any(String),
      brand: expect.any(String),
      link: expect.stringMatching(/^\//),
      ticket: expect.any(String),
      inStock: expect.any(Boolean),
      listPrice: { min: expect.any(Number), max: expect.any(Number) },
      sellingPrice: { min: expect.any(Number), max: expect.any(Number) },
      variants: expect.any(Array),
      badges: { primary: expect.any(Array), secondary: expect.any(Array) },
      imageInfo: { effect: expect.stringMatching(/^(NONE|SWAP|GALLERY)$/), images: expect.any(Array) },
      swatch: { type: expect.any(String), colors: expect.any(Array) },
    });
    for (const variant of (product as { variants: unknown[] }).variants) {
      expect(variant).toMatchObject({
        key: expect.any(String),
        ticket: expect.any(String),
        stockNumber: expect.any(Number),
        inStock: expect.any(Boolean),
        link: expect.any(String),
        listPrice: expect.any(Number),
        sellingPrice: expect.any(Number),
        prices: expect.any(Array),
        availability: expect.any(Array),
      });
    }
  }
}

export function expectList(list: unknown) {
  expect(list).toMatchObject({
    id: expect.any(String),
    algorithm: expect.any(String),
    productGroups: expect.any(Array),
    visible: expect.any(Boolean),
    visualization: expect.stringMatching(/^(CAROUSEL|GRID)$/),
  });
  for (const g of (list as { productGroups: unknown[] }).productGroups) expectProductGroup(g);
}
