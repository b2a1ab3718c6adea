import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, watchConsole } from "./support.ts";

/**
 * What search engines read (issue 14): one title rule on every page ("{name} – pagina 2 |
 * Etalage", the 404 too), a canonical on home and content pages, hreflang on product pages, and
 * a configurable's offers as one AggregateOffer over its variants.
 */

interface Child {
  sku: string;
  status: number;
  final_price_incl_tax: number;
  stock: { is_in_stock: boolean; qty: number; manage_stock?: boolean; is_volatile?: boolean };
}
interface Product {
  sku: string;
  name: string;
  slug: string;
  final_price_incl_tax: number;
  configurable_children?: Child[];
}

async function head(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  return {
    title: await page.title(),
    canonical: (
      await page.locator('link[rel="canonical"]').evaluateAll((l) => l.map((e) => e.getAttribute("href")))
    )[0],
    alternates: await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")])),
    ld: (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    ),
  };
}

test("one title rule: the page number before the shop's name, one separator everywhere, the 404 too", async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  expect((await head(page, "/c/overhemden?page=2")).title).toBe("Overhemden voor heren – pagina 2 | Etalage");
  expect((await head(page, "/c/overhemden")).title).toBe("Overhemden voor heren | Etalage");
  expect((await head(page, "/deze-pagina/bestaat-niet/", 404)).title).toBe("Pagina niet gevonden | Etalage");
  expect((await head(page, "/over-ons/")).title).toBe("Over ons | Etalage");
  // The home story's SEO title began with the shop's name: it now ends with it, once.
  expect((await head(page, "/")).title).toBe("Herenmode en schoenen van Europese merken | Etalage");
  const product = (await catalogProducts<Product>(request, "simple"))[0]!;
  const { title } = await head(page, `/p/${product.sku}/${product.slug}/`);
  expect(title.startsWith(product.name)).toBe(true);
  expect(title).toMatch(/^[^|]+ \| Etalage$/);
  // The same rule after a client navigation: the title follows the page.
  await page.waitForLoadState("networkidle");
  await page.getByRole("banner").getByRole("link", { name: "Etalage" }).click();
  await expect(page).toHaveTitle("Herenmode en schoenen van Europese merken | Etalage");
  // The not-found page's own answer is the only failed load.
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
});

test("a canonical on the home page and on content pages, their own slash form", async ({ page, baseURL }) => {
  expect((await head(page, "/")).canonical).toBe(`${baseURL}/`);
  expect((await head(page, "/over-ons/")).canonical).toBe(`${baseURL}/over-ons/`);
  expect((await head(page, "/klantenservice")).canonical).toBe(`${baseURL}/klantenservice/`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    "content",
    `${baseURL}/klantenservice/`,
  );
});

test("a product page: hreflang nl-NL and x-default on the canonical; a configurable's AggregateOffer", async ({
  page,
  request,
  baseURL,
}) => {
  const product = (await catalogProducts<Product>(request, "configurable")).find(
    (p) => (p.configurable_children ?? []).filter((c) => c.status === 1).length > 1,
  )!;
  const child = product.configurable_children!.find((c) => c.status === 1)!;
  // A child's URL shows the parent's page: canonical, alternates and offers are the parent's.
  const meta = await head(page, `/p/${product.sku}/${product.slug}/${child.sku}/`);
  expect(meta.canonical).toMatch(new RegExp(`^${baseURL}/.+/$`));
  expect(meta.alternates).toEqual([
    ["nl-NL", meta.canonical],
    ["x-default", meta.canonical],
  ]);

  const ld = meta.ld.find((block) => block["@type"] === "Product")!;
  const enabled = product.configurable_children!.filter((c) => c.status === 1);
  const prices = enabled.map((c) => c.final_price_incl_tax);
  // The shape Google's product snippets ask of an AggregateOffer, checked field by field.
  expect(ld.offers).toEqual({
    "@type": "AggregateOffer",
    url: meta.canonical,
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    offerCount: enabled.length,
    priceCurrency: "EUR",
    availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/),
  });
  const anyInStock = enabled.some((c) => c.stock.is_in_stock && !c.stock.is_volatile);
  if (anyInStock)
    expect((ld.offers as { availability: string }).availability).toBe("https://schema.org/InStock");

  // One thing to buy is one Offer.
  const simple = (await catalogProducts<Product>(request, "simple"))[0]!;
  const single = await head(page, `/p/${simple.sku}/${simple.slug}/`);
  const offer = single.ld.find((block) => block["@type"] === "Product")!.offers as Record<string, unknown>;
  expect(offer).toMatchObject({
    "@type": "Offer",
    url: single.canonical,
    price: simple.final_price_incl_tax.toFixed(2),
    priceCurrency: "EUR",
  });
  expect(single.alternates).toEqual([
    ["nl-NL", single.canonical],
    ["x-default", single.canonical],
  ]);
});
