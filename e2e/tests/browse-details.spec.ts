import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, screenshot, watchConsole } from "./support.ts";

/**
 * Issue 14's small things a shopper notices: a colour the chosen size does not come in is
 * crossed out and says so; a cart line of more than one says what one costs; the footer names
 * the payment methods the checkout offers, as the customer-service page does.
 */

test.describe.configure({ timeout: 90_000 });

interface Child {
  sku: string;
  status: number;
  color: string;
  size: string;
  stock: { is_in_stock: boolean; qty: number; is_volatile?: boolean };
}
interface Product {
  sku: string;
  name: string;
  slug: string;
  final_price_incl_tax: number;
  stock?: { is_in_stock: boolean; qty: number; is_volatile?: boolean };
  configurable_children?: Child[];
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
}

const values = (p: Product, code: string) =>
  p.configurable_options?.find((o) => o.attribute_code === code)?.values ?? [];
const eligible = (c: Child) => c.status === 1 && c.stock.is_in_stock;

/** A configurable with a size that some of its colours do not come in, and some do. */
async function colourMissingInSize(request: APIRequestContext) {
  for (const product of await catalogProducts<Product>(request, "configurable")) {
    const colours = values(product, "color");
    if (colours.length < 3) continue;
    const children = (product.configurable_children ?? []).filter(eligible);
    for (const size of values(product, "size")) {
      const has = (colour: string) => children.some((c) => c.color === colour && c.size === size.value_index);
      const missing = colours.filter((c) => !has(c.value_index));
      const present = colours.filter((c) => has(c.value_index));
      if (missing.length > 0 && present.length > 0) return { product, size, missing: missing[0]!, present };
    }
  }
  throw new Error("no configurable with a colour missing in a size in the demo catalogue");
}

function cartButton(page: Page, testInfo: TestInfo): Locator {
  const area =
    testInfo.project.name === "desktop"
      ? page.getByRole("banner")
      : page.getByRole("navigation", { name: "Snelkoppelingen" });
  return area.getByRole("button", { name: /^Winkelwagen/ });
}

const euro = (amount: number) =>
  `€ ${amount
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

test("a colour not delivered in the chosen size is crossed out, says why, and can still be chosen", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const { product, size, missing, present } = await colourMissingInSize(request);
  await page.goto(`/p/${product.sku}/${product.slug}/`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: new RegExp(`^${size.label}(,|$)`) }).click();
  await expect(page.getByRole("group", { name: /^Maat/ })).toContainText(`: ${size.label}`);

  const colours = page.getByRole("group", { name: /^Kleur/ });
  const crossed = colours.getByRole("link", {
    name: `${missing.label}, niet leverbaar in maat ${size.label}`,
  });
  await expect(crossed).toBeVisible();
  await expect(crossed).toHaveAttribute("data-available", "false");
  await expect(colours.getByRole("link", { name: present[0]!.label, exact: true })).toHaveAttribute(
    "data-available",
    "true",
  );
  // A diagonal stroke over the swatch, with a white edge so it shows on dark colours; the colour
  // itself stays as it is, not faded.
  const stroke = await crossed.evaluate((el) => {
    const after = getComputedStyle(el, "::after");
    const swatch = el.querySelector(".option__swatch") as HTMLElement;
    return {
      content: after.content,
      width: Number.parseFloat(after.width),
      transform: after.transform,
      shadow: after.boxShadow,
      swatchWidth: swatch.getBoundingClientRect().width,
      opacity: getComputedStyle(swatch).opacity,
    };
  });
  expect(stroke.content).toBe('""');
  expect(stroke.width).toBeGreaterThanOrEqual(stroke.swatchWidth);
  expect(stroke.transform).not.toBe("none");
  expect(stroke.shadow).toContain("rgb(255, 255, 255)");
  expect(stroke.opacity).toBe("1");
  await expectAccessible(page);
  await screenshot(page, testInfo, "product-colour-crossed-out");

  // Still selectable (the best match moves the size along, VSF1's rules).
  await crossed.click();
  await expect(colours.getByRole("link", { name: new RegExp(`^${missing.label}(,|$)`) })).toHaveAttribute(
    "aria-current",
    "true",
  );
  expect(problems).toEqual([]);
});

test("a cart line of more than one says what one costs, in the microcart and the checkout summary", async ({
  page,
  request,
}, testInfo) => {
  const problems = watchConsole(page);
  const product = (await catalogProducts<Product>(request, "simple")).find(
    (p) => p.stock?.is_in_stock && !p.stock.is_volatile && p.stock.qty >= 10 && p.final_price_incl_tax > 5,
  )!;
  await page.goto(`/p/${product.sku}/${product.slug}/`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("spinbutton", { name: "Aantal" }).fill("2");
  await page.getByRole("button", { name: "In winkelwagen" }).click();
  await expect(cartButton(page, testInfo).locator("[data-cart-count]")).toHaveAttribute(
    "data-cart-count",
    "2",
  );
  await cartButton(page, testInfo).click();
  const microcart = page.getByRole("dialog", { name: /^Winkelwagen/ });
  const line = microcart.locator(".microcart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByText(`${euro(product.final_price_incl_tax)} per stuk`)).toBeVisible();
  await expect(line).toContainText(euro(product.final_price_incl_tax * 2));
  await page.screenshot({
    path: `screenshots/microcart-unit-price-${testInfo.project.name}.png`,
    animations: "disabled",
  });

  // One left: the row price is the unit price, and nothing more is said.
  await microcart.getByRole("button", { name: `Aantal ${product.name} verlagen` }).click();
  await expect(line.getByText(/per stuk/)).toHaveCount(0);
  await microcart.getByRole("button", { name: `Aantal ${product.name} verhogen` }).click();
  await expect(line.getByText(`${euro(product.final_price_incl_tax)} per stuk`)).toBeVisible();

  // On to the checkout as a shopper goes, from the microcart (the change just made is still on
  // its way to the server; a page load typed in would leave it behind).
  await microcart.getByRole("link", { name: "Naar afrekenen" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("complementary", { name: "Overzicht van je bestelling" });
  await expect(summary.getByRole("listitem").filter({ hasText: product.name })).toContainText(
    `${euro(product.final_price_incl_tax)} per stuk`,
  );
  expect(problems).toEqual([]);
});

test("the footer names the methods the checkout offers, and so does the customer-service page", async ({
  page,
}) => {
  await page.goto("/klantenservice/");
  const badges = page.getByRole("list", { name: "Betaalmethoden" }).getByRole("listitem");
  await expect(badges).toHaveText(["iDEAL", "Visa", "Mastercard", "American Express", "Rembours"]);
  const text = ((await page.locator("#main").textContent()) ?? "").replace(/\s+/g, " ");
  for (const name of ["iDEAL", "Visa", "Mastercard", "American Express", "rembours", "bij bezorging"])
    expect(text).toContain(name);
  for (const name of ["PayPal", "Klarna", "Bancontact", "achteraf"]) expect(text).not.toContain(name);
});
