// Writes .br and .gz beside every compressible static file, so @fastify/static serves them with
// no compression work per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const compressible = /\.(js|mjs|css|svg|json|txt|html|ico|webmanifest|xml)$/;

/**
 * The .gz files are Zopfli's: still gzip for every client, 3–4 % smaller than zlib's level 9
 * (the product page's JavaScript 136.9 → 132.8 kB; docs/decisions/0007-storefront-speed.md),
 * for about a second of build time per 350 kB file.
 */
const ZOPFLI = { numiterations: 15 };

export async function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      await precompress(file);
      continue;
    }
    if (!compressible.test(name) || statSync(file).size < 1024) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, await gzipAsync(body, ZOPFLI));
  }
}
