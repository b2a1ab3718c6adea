import { type APIRequestContext, expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, open, screenshot, watchConsole } from "./support.ts";

/** The fields of the catalogue's products these journeys look at. */
interface Child {
  sku: string;
  status: number;
  color: string;
  size: string;
  stock: { is_in_stock: boolean };
  final_price_incl_tax: number;
}
interface Product {
  sku: string;
  name: string;
  slug: string;
  url_path: string;
  type_id: string;
  final_price_incl_tax: number;
  media_gallery?: { image: string }[];
  configurable_children?: Child[];
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
  product_links?: { link_type: string; linked_product_sku: string }[];
  bundle_options?: { option_id: number; title: string; product_links: { linked_product_sku: string }[] }[];
}

const products = (request: APIRequestContext, type: string) => catalogProducts<Product>(request, type);

const eligible = (c: Child) => c.status < 2 && c.stock.is_in_stock;
const options = (p: Product, code: string) =>
  p.configurable_options?.find((o) => o.attribute_code === code)?.values ?? [];
const euro = (amount: number) => `€ ${amount.toFixed(2).replace(".", ",")}`;

/** The product route (browsing §2): /p/{parentSku}/{slug}. */
const productPath = (p: Product) => `/p/${p.sku}/${p.slug}`;

test.describe("the product page", () => {
  test("a configurable product: colour and size choose a variant and put its sku in the URL", async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    // Two colours, and a second colour with an eligible size other than the cheapest.
    const product = (await products(request, "configurable")).find(
      (p) =>
        options(p, "color").length >= 2 &&
        (p.configurable_children ?? []).filter(
          (c) => eligible(c) && c.color === options(p, "color")[1]?.value_index,
        ).length >= 2,
    );
    expect(product, "a two-colour configurable in the demo catalogue").toBeTruthy();
    if (!product) return;
    const [, second] = options(product, "color");
    const target = product
      .configurable_children!.filter((c) => eligible(c) && c.color === second!.value_index)
      .at(-1)!;
    const size = options(product, "size").find((v) => v.value_index === target.size)!;

    await open(page, productPath(product));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(page.locator("form.buy")).toHaveAttribute("data-configured", "false");

    // Without JavaScript every value is a link to the variant it chooses.
    const colourLink = page.getByRole("link", { name: new RegExp(`^${second!.label}`) });
    await expect(colourLink).toHaveAttribute(
      "href",
      new RegExp(`/p/${product.sku}/${product.slug}/${product.sku}-`),
    );

    // A colour alone is no size (issue 14): the best match shows its price and picture, but the
    // URL names no child and "In winkelwagen" asks for the size instead of adding one.
    await colourLink.click();
    await expect(colourLink).toHaveAttribute("aria-current", "true");
    // The parent's own URL: no child, or the product's own sku as the spec's default child.
    await expect(page).toHaveURL(new RegExp(`${productPath(product)}(/${product.sku}/)?$`));
    await expect(page.locator("form.buy")).toHaveAttribute("data-configured", "false");
    await expect(page.locator(".options__group").last().locator(".options__chosen")).toHaveCount(0);
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await expect(page.locator(".options").getByText("Kies je maat")).toBeVisible();
    await expect(page.locator(".toasts")).not.toContainText("toegevoegd");

    // The live stock check follows the chosen variant.
    const stockCheck = page.waitForRequest((r) => r.url().includes(`/api/stock/check?sku=${target.sku}`));
    await page.getByRole("link", { name: new RegExp(`^${size.label}(,|$)`) }).click();
    await expect(page).toHaveURL(new RegExp(`/${target.sku}/$`));
    await stockCheck;
    await expect(page.getByRole("link", { name: new RegExp(`^${size.label}`) })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.locator(".product__price")).toContainText(euro(target.final_price_incl_tax));
    await expect(page.locator(".stock")).toHaveText(
      /^(Op voorraad|Nog \d+ op voorraad|Beperkte voorraad, wordt gereserveerd)$/,
    );
    await expect(page.getByText(target.sku, { exact: true })).toBeVisible();

    // A reload of that URL shows the same variant, server-rendered.
    await open(page, page.url());
    await expect(page.locator("form.buy")).toHaveAttribute("data-configured", "true");
    await expect(page.getByText(target.sku, { exact: true })).toBeVisible();

    await screenshot(page, testInfo, "product-configurable");
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test("a size no variant offers is marked unavailable and says it is sold out, with OK", async ({
    page,
    request,
  }) => {
    const product = (await products(request, "configurable")).find((p) => {
      const sizes = options(p, "size");
      const dead = sizes.filter(
        (s) => !(p.configurable_children ?? []).some((c) => c.size === s.value_index && eligible(c)),
      );
      return dead.length > 0 && dead.length < sizes.length;
    });
    expect(product, "a configurable with one size sold out everywhere").toBeTruthy();
    if (!product) return;
    const dead = options(product, "size").find(
      (s) => !product.configurable_children!.some((c) => c.size === s.value_index && eligible(c)),
    )!;

    await open(page, productPath(product));
    const link = page.getByRole("link", { name: `${dead.label}, niet beschikbaar` });
    await expect(link).toBeVisible();
    await link.click();
    // A size the product has, only not in stock, is sold out (issue 14); one it never had does not exist.
    const exists = product.configurable_children!.some((c) => c.size === dead.value_index);
    const toast = page.getByText(
      exists
        ? `Maat ${dead.label} is uitverkocht`
        : "Deze combinatie bestaat niet voor dit product. Kies een andere combinatie.",
    );
    await expect(toast).toBeVisible();
    // The parent's own URL: no child, or the product's own sku as the spec's default child.
    await expect(page).toHaveURL(new RegExp(`${productPath(product)}(/${product.sku}/)?$`));
    await page.getByRole("button", { name: "OK", exact: true }).click();
    await expect(toast).toBeHidden();
  });

  test("buying before choosing a size asks for one; after choosing, add to cart answers", async ({
    page,
    request,
  }) => {
    const product = (await products(request, "configurable")).find(
      (p) => options(p, "color").length === 1 && (p.configurable_children ?? []).some(eligible),
    )!;
    const child = product.configurable_children!.find(eligible)!;
    await open(page, productPath(product));
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    // Next to the options, and as the error notification the cart shows (transactional §4).
    await expect(page.locator(".options").getByText("Kies je maat")).toBeVisible();
    await expect(page.locator(".toasts").getByText("Kies je maat")).toBeVisible();

    const size = options(product, "size").find((v) => v.value_index === child.size)!;
    await page.getByRole("link", { name: new RegExp(`^${size.label}(,|$)`) }).click();
    await page.getByRole("button", { name: "In winkelwagen" }).click();
    await expect(page.locator(".toasts")).toContainText(
      /Het artikel is aan je winkelwagen toegevoegd!|We weten niet zeker of dit artikel nog op voorraad is/,
    );
  });

  test("a grouped product lists its parts with their prices and sums them", async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    const product = (await products(request, "grouped")).find((p) => (p.product_links?.length ?? 0) >= 2)!;
    await open(page, productPath(product));
    const parts = page.locator(".part");
    await expect(parts).toHaveCount(
      product.product_links!.filter((l) => l.link_type === "associated").length,
    );
    const total = page.locator(".parts__total");
    await expect(total).toContainText(euro(product.final_price_incl_tax));

    // Two of the first part: the total grows by its price.
    const first = parts.first();
    const price = Number(
      ((await first.locator(".price-tag__final").first().textContent()) ?? "")
        .replace(/[^\d,]/g, "")
        .replace(",", "."),
    );
    await first.getByRole("spinbutton").fill("2");
    await expect(total).toContainText(euro(product.final_price_incl_tax + price));

    await screenshot(page, testInfo, "product-grouped");
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test("a bundle preselects its default choices, and the total follows choices and quantities", async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    const product = (await products(request, "bundle")).find((p) => (p.bundle_options?.length ?? 0) >= 2)!;
    await open(page, productPath(product));
    const groups = page.locator("fieldset.parts__option");
    await expect(groups).toHaveCount(product.bundle_options!.length);
    for (const option of product.bundle_options!) {
      const group = page.getByRole("group", { name: option.title });
      await expect(group.getByRole("radio")).toHaveCount(option.product_links.length);
      await expect(group.getByRole("radio", { checked: true })).toHaveCount(1);
    }
    const total = page.locator(".parts__total");
    await expect(total).toContainText(euro(product.final_price_incl_tax));

    const first = page.getByRole("group", { name: product.bundle_options![0]!.title });
    await first.getByRole("spinbutton").fill("0");
    await expect(total).not.toContainText(euro(product.final_price_incl_tax));
    await first.getByRole("spinbutton").fill("1");
    await expect(total).toContainText(euro(product.final_price_incl_tax));
    await first.getByRole("radio").nth(1).check();
    await expect(first.getByRole("radio").nth(1)).toBeChecked();

    await screenshot(page, testInfo, "product-bundle");
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  test("the gallery moves with the arrow keys and its thumbnail buttons", async ({ page, request }) => {
    const product = (await products(request, "configurable")).find(
      (p) => (p.media_gallery?.length ?? 0) >= 2,
    )!;
    await open(page, productPath(product));
    const image = page.locator(".gallery__image");
    const thumbs = page.getByRole("group", { name: "Kies een afbeelding" }).getByRole("button");
    await expect(thumbs).toHaveCount(product.media_gallery!.length);
    const first = await image.getAttribute("src");

    await thumbs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.nth(1)).toBeFocused();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(image).not.toHaveAttribute("src", first!);

    const stage = page.getByRole("region", { name: "Productafbeeldingen" });
    await stage.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(image).toHaveAttribute("src", first!);

    // A sideways swipe (pointer events) moves on; the stage keeps its size meanwhile.
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await expect(image).not.toHaveAttribute("src", first!);
    expect((await stage.boundingBox())!.height).toBeCloseTo(box.height, 0);
    await expect(image).toHaveAttribute("width", "600");
    await expect(image).toHaveAttribute("height", "744");
  });

  test("a model in other colours: the swatches come with the document, hydrate quietly and lead to the colour", async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const all = await products(request, "configurable");
    const bySku = new Map(all.map((p) => [p.sku, p]));
    const product = all.find((p) =>
      p.product_links?.some((l) => l.link_type === "colorrelation" && bySku.has(l.linked_product_sku)),
    );
    expect(product, "a configurable with a colour relation in the demo catalogue").toBeTruthy();
    if (!product) return;
    const other = bySku.get(
      product.product_links!.find((l) => l.link_type === "colorrelation" && bySku.has(l.linked_product_sku))!
        .linked_product_sku,
    )!;
    // Issue 27: settled deferred data renders in one pass, a whole document with its length.
    const document = await request.get(`/${product.url_path}/`);
    expect(document.headers()["content-length"]).toBeTruthy();
    expect(await document.text()).toContain(`href="/${other.url_path}/"`);

    await open(page, `/${product.url_path}/`);
    const swatches = page.getByRole("navigation", { name: /^Kleur/ });
    await expect(swatches.locator('a[aria-current="page"]')).toHaveCount(1);
    await swatches.locator(`a[href="/${other.url_path}/"]`).click();
    await expect(page).toHaveURL(new RegExp(`/${other.url_path}/`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.name);
    expect(problems).toEqual([]);
  });

  test("at the product's own url_path the chosen child goes in the query", async ({ page, request }) => {
    const product = (await products(request, "configurable")).find(
      (p) => options(p, "color").length === 1 && (p.configurable_children ?? []).filter(eligible).length >= 2,
    )!;
    const child = product.configurable_children!.filter(eligible).at(-1)!;
    const size = options(product, "size").find((v) => v.value_index === child.size)!;
    await open(page, `/${product.url_path}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await page.getByRole("link", { name: new RegExp(`^${size.label}(,|$)`) }).click();
    await expect(page).toHaveURL(new RegExp(`/${product.url_path}/\\?childSku=${child.sku}$`));
    await expect(page.getByText(child.sku, { exact: true })).toBeVisible();
  });

  test("metadata: canonical to the parent, Product and BreadcrumbList JSON-LD", async ({ page, request }) => {
    const product = (await products(request, "configurable")).find((p) =>
      p.configurable_children?.some(eligible),
    )!;
    const child = product.configurable_children!.find(eligible)!;
    await open(page, `${productPath(product)}/${child.sku}/`);
    await expect(page).toHaveTitle(new RegExp(product.name));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/[^/]+\/$/);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((b) => (JSON.parse(b) as { "@type": string })["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Product", "BreadcrumbList"]));
    const ld = JSON.parse(blocks[types.indexOf("Product")]!) as {
      sku: string;
      offers: { priceCurrency: string };
    };
    expect(ld.sku).toBe(product.sku);
    expect(ld.offers.priceCurrency).toBe("EUR");
  });

  test("a child sku in the parent's place answers 301 to the parent; an unknown sku 404", async ({
    request,
  }) => {
    const product = (await products(request, "configurable")).find((p) => p.configurable_children?.length)!;
    const child = product.configurable_children![0]!;
    const moved = await request.get(`/p/${child.sku}/${product.slug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toContain(`/p/${product.sku}/${product.slug}/${child.sku}/`);
    expect((await request.get("/p/BESTAAT-NIET/iets")).status()).toBe(404);
    expect((await request.get(`${productPath(product)}/BESTAAT-NIET`)).status()).toBe(404);
  });
});
