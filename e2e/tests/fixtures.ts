import { type BrowserContext, test as base, type Page } from "@playwright/test";

/**
 * The suite's `test`: every page it opens (`page.goto`, `page.reload`, in any context, also one a
 * test makes with `browser.newContext`) is handed back once it has hydrated, as a shopper's tap
 * only counts once React answers it. A tap on a server-rendered page before that follows the
 * plain link or does nothing, and on 2 busy CI cores that window is seconds long: CI failed on it
 * in four journeys on 2026-11-29, each of which had waited for "networkidle" only.
 *
 * Pages without the app's scripts (the service worker's offline page, a JSON answer, a context
 * with JavaScript off) come back as they load.
 */
const patched = new WeakSet<Page>();
/** Contexts with JavaScript off: known only once the suite's own context fixture has run. */
const withoutScripts = new WeakSet<BrowserContext>();

function waitsForHydration(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async <R extends Awaited<ReturnType<Page["goto"]>>>(response: R, commitOnly: boolean) => {
    const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (!response || !html || commitOnly || withoutScripts.has(page.context())) return response;
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === "true" ||
        !document.querySelector('script[type="module"]'),
      undefined,
      { timeout: 30_000 },
    );
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options), options?.waitUntil === "commit");
  page.reload = async (options) => hydrated(await reload(options), options?.waitUntil === "commit");
}

function hydratingContext(context: BrowserContext, scripts: boolean): BrowserContext {
  if (!scripts) withoutScripts.add(context);
  for (const page of context.pages()) waitsForHydration(page);
  context.on("page", waitsForHydration);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitsForHydration(page);
    return page;
  };
  return context;
}

export const test = base.extend<object, { hydratingBrowser: undefined }>({
  hydratingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      // The suite's own context arrives here without its options (they reach the browser another
      // way): the context fixture below says whether it runs scripts.
      browser.newContext = async (options) => {
        return hydratingContext(await newContext(options), options?.javaScriptEnabled !== false);
      };
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    await use(hydratingContext(context, javaScriptEnabled !== false));
  },
});
