import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";

/**
 * Saves a full-page screenshot under e2e/screenshots/ as `{name}-{project}.png` (ignored by git),
 * for an engineer to look at. CI keeps none, so it takes none (a full page costs ~1 s on 2 cores,
 * 160 of them a run): `E2E_SCREENSHOTS=1` takes them there too.
 */
export async function screenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  /** `false` for what the viewport shows: a modal sits over the viewport, not the whole page. */
  fullPage = true,
) {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: `screenshots/${name}-${testInfo.project.name}.png`,
    fullPage,
    animations: "disabled",
  });
}

/** Fails on any serious or critical axe-core violation, listing them by rule and element. */
export async function expectAccessible(page: Page) {
  let serious = await seriousViolations(page);
  // The phone's selling-points bar fades to its next promise every few seconds: one that began
  // during axe's run is judged at half its opacity (a colour-contrast failure of a passing bar).
  // Such a violation is gone once the fade has ended; a real one is still there.
  if (serious.length > 0) serious = await seriousViolations(page);
  expect(serious, serious.join("\n")).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // A modal still fading in has the colours of half its opacity: axe judges what stays on screen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Collects console errors and page errors, so a hydration mismatch fails the test. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    const url = msg.location().url;
    // The postcode lookup answers 404 for an address it does not know, by design: the checkout
    // then asks for street and city. Chromium logs every 404 it fetched.
    if (url?.includes("/api/ext/address/lookup") && msg.text().includes("404")) return;
    // A failed resource names only its status: the URL says which one.
    problems.push(url ? `${msg.text()} (${url})` : msg.text());
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

/** A simple product as the checkout specs buy it. */
export type StockedSimple = {
  sku: string;
  name: string;
  stock?: { qty: number; is_in_stock: boolean };
  final_price_incl_tax?: number;
};

/**
 * Simple products with stock to spare (more than 20) and a price above € 10: what the checkout
 * specs buy. Each spec picks its own from the list, so specs never share a product's stock.
 */
export async function stockedSimples(request: APIRequestContext): Promise<StockedSimple[]> {
  return (await catalogProducts<StockedSimple>(request, "simple")).filter(
    (p) => p.stock?.is_in_stock && (p.stock.qty ?? 0) > 20 && (p.final_price_incl_tax ?? 0) > 10,
  );
}

/** A guest cart on the server holding one of `sku`, given to the browser as its cart cookie; its id. */
export async function guestCartWith(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  sku: string,
): Promise<string> {
  const cart = "/api/ext/tritonx/cart";
  const id = (await (await request.post(`${cart}/create`, { data: {} })).json()).result as string;
  const added = await request.post(`${cart}/update?cartId=${id}`, {
    data: { cartItem: { sku, qty: 1, quoteId: id } },
  });
  expect(added.ok()).toBe(true);
  await context.addCookies([{ name: "etalage_cart", value: id, url: baseURL }]);
  return id;
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

/** A field of the checkout details this browser keeps (IndexedDB `etalage-checkout`). */
export function keptCheckoutField(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(
    (field) =>
      new Promise<string | undefined>((resolve) => {
        const open = indexedDB.open("etalage-checkout");
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("checkout")) return resolve(undefined);
          const read = db.transaction("checkout").objectStore("checkout").get("details");
          read.onerror = () => resolve(undefined);
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { values?: Record<string, string> } | undefined)?.values?.[field]);
          };
        };
      }),
    name,
  );
}

/** Waits until the page has hydrated and answers clicks (root.tsx marks <html data-hydrated>). */
export async function untilHydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Opens a page as a shopper does: it answered 200, its resources came, and it hydrated, so a
 * click reaches React's handler instead of following the server-rendered link or form.
 */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  await untilHydrated(page);
}

/**
 * Chromium's virtual authenticator: a phone's or laptop's, holding passkeys and verifying its
 * user (the shop's passkeys and the back office's).
 */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    },
  };
}
