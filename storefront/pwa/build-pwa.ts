/**
 * Makes the storefront installable and offline-capable, after `react-router build` (issue 17;
 * docs/decisions/0021). React Router writes files after Vite's last hook, so no Vite PWA plugin
 * sees the whole client build; this step runs once it is complete:
 * 1. icons from the logo (public/favicon.svg) with sharp, and the web app manifest;
 * 2. the offline page, in Dutch from the dictionary;
 * 3. the service worker (pwa/sw.ts) bundled by Vite, then Workbox's injectManifest writes the
 *    precache list (every chunk, stylesheet and the files above, with revisions) into it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { build } from "vite";
import { injectManifest } from "workbox-build";
import { t } from "../../core/src/i18n/translate.ts";

const storefront = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const client = path.join(storefront, "build", "client");
const THEME = "#ffffff";
const BRAND = "#111111";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

async function icons() {
  const logo = readFileSync(path.join(storefront, "public", "favicon.svg"));
  mkdirSync(path.join(client, "icons"), { recursive: true });
  const render = (size: number) =>
    sharp(logo, { density: (72 * size) / 32 })
      .resize(size, size)
      .png();
  for (const size of [192, 512]) await render(size).toFile(path.join(client, "icons", `icon-${size}.png`));
  await render(180).toFile(path.join(client, "icons", "apple-touch-icon.png"));
  // Maskable: the mark within the safe zone (the inner 80 %), on the logo's own dark ground.
  const mark = await render(320).toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: mark, top: 96, left: 96 }])
    .png()
    .toFile(path.join(client, "icons", "maskable-512.png"));
}

function webManifest() {
  const manifest = {
    id: "/",
    name: "Etalage",
    short_name: "Etalage",
    description: t("Etalage: menswear and footwear"),
    lang: "nl-NL",
    dir: "ltr",
    start_url: "/?utm_source=pwa",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: THEME,
    theme_color: THEME,
    categories: ["shopping", "lifestyle"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  writeFileSync(path.join(client, "manifest.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** A static page: no script, so no nonce; its stylesheet is a file of its own (style-src 'self'). */
function offlinePage() {
  const html = `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME}">
<meta name="robots" content="noindex">
<title>${escapeHtml(t("You are offline"))} – Etalage</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/offline.css">
</head>
<body>
<header class="offline-header"><a href="/" class="offline-logo"><img src="/favicon.svg" alt="Etalage" width="40" height="40"></a></header>
<main class="offline-main">
<h1>${escapeHtml(t("You are offline"))}</h1>
<p>${escapeHtml(t("This page was not saved for offline use. Pages you visited before still open."))}</p>
<p class="offline-actions"><a class="offline-button" href="">${escapeHtml(t("Try again"))}</a> <a href="/">${escapeHtml(t("Return to home page"))}</a></p>
</main>
</body>
</html>
`;
  const css = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff;line-height:1.5}
.offline-header{display:flex;justify-content:center;padding:16px;border-bottom:1px solid #e5e5e5}
.offline-main{max-width:560px;margin:0 auto;padding:48px 24px;text-align:center}
h1{font-size:1.75rem;margin:0 0 12px}
.offline-actions{display:flex;flex-wrap:wrap;gap:16px;justify-content:center;align-items:center;margin-top:32px}
a{color:#111}
.offline-button{display:inline-block;padding:12px 24px;background:#111;color:#fff;text-decoration:none;border-radius:4px}
a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
`;
  writeFileSync(path.join(client, "offline.html"), html);
  writeFileSync(path.join(client, "offline.css"), css);
}

async function serviceWorker() {
  const outDir = path.join(storefront, "build", "sw");
  await build({
    configFile: false,
    logLevel: "warn",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      lib: {
        entry: path.join(storefront, "pwa", "sw.ts"),
        formats: ["iife"],
        name: "etalageSw",
        fileName: () => "sw.js",
      },
    },
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(outDir, "sw.js"),
    swDest: path.join(client, "sw.js"),
    globDirectory: client,
    globPatterns: [
      "assets/**/*.{js,css,svg,woff2}",
      "offline.html",
      "offline.css",
      "favicon.svg",
      "manifest.webmanifest",
      "icons/*.png",
    ],
    // The password-strength check (zxcvbn's Dutch and English word lists) is 387 kB of the
    // precache's 642 kB as sent, and serves only account creation and password changes, which
    // need the network anyway: a first visit should not download it in the background.
    // The back office (/beheer) is for staff: shoppers' browsers never fetch its chunks.
    globIgnores: ["assets/password-strength-*.js", "assets/beheer-*", "assets/back-office-*"],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  rmSync(outDir, { recursive: true, force: true });
  for (const warning of warnings) console.warn(`Etalage: service worker: ${warning}`);
  return { count, size };
}

await icons();
webManifest();
offlinePage();
const { count, size } = await serviceWorker();
console.log(`Etalage: service worker precaches ${count} files, ${(size / 1024).toFixed(0)} kB`);
