/**
 * Installability and the PWA checks (issue 17). Lighthouse 12 dropped its PWA category, so the
 * checks it made are made here against the same Chromium (over its DevTools port): Chromium's own
 * installability verdict (`Page.getInstallabilityErrors`, what Lighthouse's "installable-manifest"
 * audit read), a service worker controlling the start URL, the start URL answering offline, and
 * the manifest and head fields of the old audits (icons 192/512 and maskable, theme colour,
 * standalone display, viewport, apple-touch-icon). Also the service worker's precache: how many
 * files and how many bytes a first visit stores, as files and as sent with brotli.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TargetResult } from "../lib/suite.ts";

export interface PwaCheck {
  name: string;
  pass: boolean;
  detail: string;
}

export interface PrecacheSize {
  files: number;
  bytes: number;
  brotliBytes: number;
  workerBytes: number;
  workerBrotliBytes: number;
}

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes?: string; purpose?: string }[];
}

/** The precache list `injectManifest` wrote into sw.js, with the files' sizes in the build. */
export function precacheSize(buildDir: string): PrecacheSize {
  const client = path.join(buildDir, "client");
  const worker = path.join(client, "sw.js");
  const source = readFileSync(worker, "utf8");
  const urls = [...source.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  let bytes = 0;
  let brotliBytes = 0;
  for (const url of urls) {
    const file = path.join(client, url);
    bytes += size(file);
    // Precompressed at build (scripts/precompress.mjs); an image or small file is sent as is.
    brotliBytes += existsSync(`${file}.br`) ? size(`${file}.br`) : size(file);
  }
  return {
    files: urls.length,
    bytes,
    brotliBytes,
    workerBytes: size(worker),
    workerBrotliBytes: existsSync(`${worker}.br`) ? size(`${worker}.br`) : size(worker),
  };
}

export async function pwaChecks(base: string, port: number): Promise<PwaCheck[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  // The profile's own context: a new one would be incognito, where Chromium installs nothing.
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  const checks: PwaCheck[] = [];
  const check = (name: string, pass: boolean, detail = "") => checks.push({ name, pass, detail });
  try {
    await page.goto(`${base}/`, { waitUntil: "load" });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    const errors = installabilityErrors.map((e) => e.errorId);
    check(
      "installable (Chromium's installability check)",
      errors.length === 0,
      errors.join(", ") || "no errors",
    );

    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? "",
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content ?? "",
      viewport: document.querySelector<HTMLMetaElement>('meta[name="viewport"]')?.content ?? "",
      appleTouchIcon: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href ?? "",
    }));
    const manifest = (await (await page.request.get(head.manifest)).json()) as Manifest;
    const startUrl = new URL(manifest.start_url ?? "/", head.manifest).href;
    const scope = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.scope ?? "",
    );
    check("service worker controls the page and the start URL", startUrl.startsWith(scope), scope);

    const sizes = (manifest.icons ?? []).flatMap((i) => (i.sizes ?? "").split(" "));
    check(
      "manifest: name and short_name",
      Boolean(manifest.name && manifest.short_name),
      `${manifest.name} / ${manifest.short_name}`,
    );
    check(
      "manifest: icons 192 and 512 px",
      sizes.includes("192x192") && sizes.includes("512x512"),
      sizes.join(", "),
    );
    check(
      "manifest: a maskable icon",
      (manifest.icons ?? []).some((i) => (i.purpose ?? "").split(" ").includes("maskable")),
      "",
    );
    check("manifest: display standalone", manifest.display === "standalone", manifest.display ?? "");
    check(
      "themed address bar (manifest theme_color and meta theme-color)",
      Boolean(manifest.theme_color && head.themeColor),
      `${manifest.theme_color} / ${head.themeColor}`,
    );
    check(
      "splash screen (background_color, name, 512 px icon)",
      Boolean(manifest.background_color && manifest.name && sizes.includes("512x512")),
      manifest.background_color ?? "",
    );
    check("viewport meta with width=device-width", /width=device-width/.test(head.viewport), head.viewport);
    check("apple-touch-icon", Boolean(head.appleTouchIcon), head.appleTouchIcon);

    // Lighthouse's old "works offline": the start URL answers 200 without a connection.
    await page.goto(startUrl, { waitUntil: "load" });
    await context.setOffline(true);
    const offline = await page.reload({ waitUntil: "load" }).catch(() => null);
    check(
      "start URL answers 200 offline",
      offline?.status() === 200,
      String(offline?.status() ?? "no answer"),
    );
  } finally {
    await context.setOffline(false).catch(() => {});
    await page.close().catch(() => {});
    await browser.close().catch(() => {});
  }
  return checks;
}

export function pwaTargets(checks: PwaCheck[]): TargetResult[] {
  const passed = checks.filter((c) => c.pass).length;
  return [
    {
      name: "PWA checks passed (installable, worker, offline start URL, manifest and head)",
      target: `= ${checks.length}`,
      value: passed,
      unit: "checks",
      pass: passed === checks.length,
    },
  ];
}
