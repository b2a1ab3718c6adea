import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures.ts";
import { catalogProducts, expectAccessible, pickChild, watchConsole } from "./support.ts";

interface Child {
  sku: string;
  status: number;
  color: string;
  size: string;
  image?: string;
  stock: { is_in_stock: boolean; qty: number };
}
interface Product {
  sku: string;
  name: string;
  slug: string;
  image?: string;
  final_price_incl_tax: number;
  stock?: { is_in_stock: boolean; qty: number };
  configurable_children?: Child[];
  configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
}

const roomy = (c: Child) => c.status < 2 && c.stock.is_in_stock && c.stock.qty >= 10;
const values = (p: Product, code: string) =>
  p.configurable_options?.find((o) => o.attribute_code === code)?.values ?? [];
const label = (p: Product, code: "color" | "size", c: Child) =>
  values(p, code).find((v) => v.value_index === c[code])?.label ?? "";

/** A configurable with two colours whose pictures differ, each with a roomy size; the sizes differ too. */
async function twoColours(request: APIRequestContext) {
  for (const product of await catalogProducts<Product>(request, "configurable")) {
    const children = (product.configurable_children ?? []).filter(roomy);
    const from = children[0];
    const to = children.find(
      (c) => c.color !== from?.color && c.size !== from?.size && c.image !== from?.image,
    );
    if (from && to) return { product, from, to };
  }
  throw new Error("no configurable with two roomy colours in the demo catalogue");
}

function cartButton(page: Page, testInfo: TestInfo): Locator {
  const area =
    testInfo.project.name === "desktop"
      ? page.getByRole("banner")
      : page.getByRole("navigation", { name: "Snelkoppelingen" });
  return area.getByRole("button", { name: /^Winkelwagen/ });
}

async function add(page: Page, testInfo: TestInfo, product: Product, count: number, child?: Child) {
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.waitForLoadState("networkidle");
  if (child) await pickChild(page, product, child);
  await page.getByRole("button", { name: "In winkelwagen" }).click();
  await expect(cartButton(page, testInfo).locator("[data-cart-count]")).toHaveAttribute(
    "data-cart-count",
    String(count),
  );
}

async function openMicrocart(page: Page, testInfo: TestInfo): Promise<Locator> {
  await cartButton(page, testInfo).click();
  const microcart = page.getByRole("dialog", { name: /^Winkelwagen/ });
  await expect(microcart).toBeVisible();
  return microcart;
}

/*
 * Issue 14: after changing Navy L to Lichtblauw M the line kept the navy picture (also after a
 * reload) and jumped to the bottom; after removing a line, the list's visually hidden heading
 * showed as stray text.
 */
test.describe("editing a microcart line", () => {
  test("another colour and size: the line shows the new variant's picture, in its own place", async ({
    page,
    request,
  }, testInfo) => {
    const problems = watchConsole(page);
    const { product, from, to } = await twoColours(request);
    const simple = (await catalogProducts<Product>(request, "simple")).find(
      (p) => p.stock?.is_in_stock && p.stock.qty >= 10 && p.final_price_incl_tax > 0 && p.image,
    )!;
    await add(page, testInfo, product, 1, from);
    await add(page, testInfo, simple, 2);

    let microcart = await openMicrocart(page, testInfo);
    const lines = microcart.getByRole("list", { name: "Artikelen in je winkelwagen" }).getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toHaveAttribute("data-sku", from.sku);

    await microcart.getByRole("button", { name: `${product.name} wijzigen` }).click();
    const editor = microcart.getByRole("region", { name: `${product.name} wijzigen` });
    await editor.getByRole("button", { name: new RegExp(`^${label(product, "color", to)}`) }).click();
    await editor.getByRole("button", { name: label(product, "size", to), exact: true }).click();
    await editor.getByRole("button", { name: "Bijwerken" }).click();
    await expect(editor).toBeHidden();

    // Still the first line, with the new variant's own picture.
    await expect(lines.first()).toHaveAttribute("data-sku", to.sku);
    await expect(lines.first().locator("img")).toHaveAttribute("src", `/img/210/300/resize${to.image}`);
    await page.screenshot({ path: `screenshots/microcart-edited-${testInfo.project.name}.png` });

    // A reload brings the cart back from storage and the server: the same picture.
    await page.reload();
    await page.waitForLoadState("networkidle");
    microcart = await openMicrocart(page, testInfo);
    const line = lines
      .filter({ has: page.locator(`[data-sku="${to.sku}"]`) })
      .or(microcart.locator(`li[data-sku="${to.sku}"]`));
    await expect(line.locator("img")).toHaveAttribute("src", `/img/210/300/resize${to.image}`);

    // Removing a line: focus stays in the drawer, and the list's heading stays visually hidden.
    await microcart.getByRole("button", { name: `${simple.name} verwijderen` }).click();
    await page
      .getByRole("dialog", { name: "Artikel verwijderen" })
      .getByRole("button", { name: "Verwijderen" })
      .click();
    await expect(lines).toHaveCount(1);
    const heading = microcart.getByRole("heading", { name: "Artikelen in je winkelwagen" });
    await expect(heading).toBeFocused();
    const box = await heading.boundingBox();
    expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
