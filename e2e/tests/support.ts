import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, type Route, type TestInfo } from "@playwright/test";

/** Saves a full-page screenshot under e2e/screenshots/ as `{name}-{project}.png` (ignored by git). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `screenshots/${name}-${testInfo.project.name}.png`,
    fullPage: true,
    animations: "disabled",
  });
}

/** Fails on any serious or critical axe-core violation, listing them by rule and element. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** Collects console errors and page errors, so a hydration mismatch fails the test. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** The sellable, visible products of one type, as the catalogue API lists them (browsing §5). */
export async function catalogProducts<P>(request: APIRequestContext, type: string): Promise<P[]> {
  const response = await request.post("/api/catalog/catalog_nl/product/_search?size=2000", {
    data: {
      _appliedFilters: [
        { attribute: "type_id", value: { eq: type }, scope: "default" },
        { attribute: "status", value: { eq: 1 }, scope: "default" },
        { attribute: "visibility", value: { in: [2, 3, 4] }, scope: "default" },
      ],
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: P[] }).items;
}

/**
 * Requests for matching URLs wait, as on a slow network, until `release()` lets them through
 * (and stops holding): a chunk that has not arrived yet.
 */
export async function holdRequests(page: Page, url: RegExp) {
  const held: Route[] = [];
  await page.route(url, (route) => {
    held.push(route);
  });
  return {
    count: () => held.length,
    async release() {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(url);
    },
  };
}

/** What a <Link> click does, with no hand on the page: a push navigation through the app's router. */
export async function clientNavigate(page: Page, to: string) {
  await page.evaluate((path) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate(path);
  }, to);
}

/**
 * Picks a configurable's child as a shopper does: its colour (when there is a choice), then its
 * size. A colour alone chooses no size (issue 14), and a size alone no colour.
 */
export async function pickChild(
  page: Page,
  product: {
    configurable_options?: { attribute_code: string; values: { value_index: string; label: string }[] }[];
  },
  child: { color?: string; size?: string },
) {
  const values = (code: string) =>
    product.configurable_options?.find((o) => o.attribute_code === code)?.values ?? [];
  const colours = values("color");
  const colour = colours.find((v) => v.value_index === child.color);
  if (colours.length > 1 && colour) {
    // No wait for the pick to show: a test may hold the variant rules' code, and "Add to cart"
    // waits for every pick made (use-product-configuration.ts).
    await page.getByRole("link", { name: new RegExp(`^${colour.label}(,|$)`) }).click();
  }
  const size = values("size").find((v) => v.value_index === child.size);
  if (size) await page.getByRole("link", { name: new RegExp(`^${size.label}(,|$)`) }).click();
}
