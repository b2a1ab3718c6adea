/**
 * Issue 13: Lighthouse for `/checkout` with a filled cart. The cart is a guest cart on the server
 * with one in-stock product, named by the `etalage_cart` cookie as the storefront names it.
 * Lighthouse's own storage reset would drop the cookie, so for this page the suite resets the
 * browser itself before each run (cache, storage, cookies) and then sets the cookie.
 */
import { chromium } from "playwright-core";
import { cartWith } from "../checkout/shop.ts";

interface Simple {
  sku: string;
  stock?: { qty?: number; is_in_stock?: boolean };
  final_price_incl_tax?: number;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new guest cart holding one simple product with stock to spare; its id. */
export async function filledCart(base: string): Promise<string> {
  const found = await json<{ items: Simple[] }>(
    await fetch(`${base}/api/catalog/catalog_nl/product/_search?size=200`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        _appliedFilters: [
          { attribute: "type_id", value: { eq: "simple" }, scope: "default" },
          { attribute: "status", value: { eq: 1 }, scope: "default" },
          { attribute: "visibility", value: { in: [2, 3, 4] }, scope: "default" },
        ],
      }),
    }),
  );
  const product = found.items.find(
    (p) => p.stock?.is_in_stock && (p.stock.qty ?? 0) > 20 && (p.final_price_incl_tax ?? 0) > 10,
  );
  if (!product) throw new Error("no simple product in stock for the checkout cart");
  return cartWith(base, product.sku);
}

/** Clears the browser on `port` as Lighthouse would, then gives it the cart's cookie. */
export async function browserWithCart(port: number, base: string, cartId: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(base).origin, storageTypes: "all" });
    await context.clearCookies();
    await context.addCookies([{ name: "etalage_cart", value: cartId, url: base }]);
    await page.close();
  } finally {
    // A browser reached over CDP is only disconnected from, not closed.
    await browser.close();
  }
}
