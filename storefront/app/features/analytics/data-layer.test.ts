import { viewItem } from "@etalage/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A page's window, with only what the data layer touches. */
function fakeWindow() {
  const appended: { src: string }[] = [];
  const win = {
    dataLayer: undefined as unknown[] | undefined,
    location: { href: "http://shop.test/p/1" },
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("location", win.location);
  vi.stubGlobal("document", {
    createElement: () => ({}) as { src: string },
    querySelector: () => null,
    head: { append: (el: { src: string }) => appended.push(el) },
  });
  return { win, appended };
}

const load = () => import("./data-layer.ts");
const shirt = { sku: "MS-1", name: "Overhemd", price: 79.95 };

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe("the data layer", () => {
  it("puts Consent Mode's denied defaults first, even before events a page pushed earlier", async () => {
    const { win } = fakeWindow();
    const layer = await load();
    layer.track(viewItem(shirt));
    expect(win.dataLayer).toBeUndefined();
    layer.startTracking("GTM-TEST123");
    const entries = win.dataLayer!;
    expect(Array.from(entries[0] as ArrayLike<unknown>)).toEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
    ]);
    expect(entries.slice(-2)).toEqual([{ ecommerce: null }, viewItem(shirt)]);
  });

  it("loads gtm.js only after consent, once", async () => {
    const { appended } = fakeWindow();
    const layer = await load();
    layer.startTracking("GTM-TEST123");
    layer.applyConsent({ analytics: false, marketing: false });
    expect(appended).toEqual([]);
    layer.applyConsent({ analytics: true, marketing: false });
    layer.applyConsent({ analytics: true, marketing: true });
    expect(appended.map((s) => s.src)).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST123"]);
  });

  it("without GTM_ID warns, keeps the data layer empty and loads nothing", async () => {
    const { win, appended } = fakeWindow();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const layer = await load();
    layer.track(viewItem(shirt));
    expect(layer.startTracking(null)).toBe(false);
    layer.track(viewItem(shirt));
    layer.applyConsent({ analytics: true, marketing: true });
    expect(win.dataLayer).toBeUndefined();
    expect(appended).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("GTM_ID"));
  });
});
