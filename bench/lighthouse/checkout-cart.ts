/**
 * Issue 13: Lighthouse for `/checkout` with a filled cart. The cart is a guest cart on the server
 * with one in-stock product, named by the `etalage_cart` cookie as the storefront names it.
 * Lighthouse's own storage reset would drop the cookie, so for this page the suite resets the
 * browser itself before each run (cache, storage, cookies) and then sets the cookie.
 */
import { chromium } from "playwright-core";

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
