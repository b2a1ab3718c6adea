/**
 * The shop as it runs in production, for the storefront suites (ssr, lighthouse): the bundled
 * server (`node server/dist/main.js`, NODE_ENV=production) in a child process on 127.0.0.1, a
 * throw-away data folder seeded with the demo catalogue, and the storefront build named by
 * `ETALAGE_STOREFRONT_BUILD` (default storefront/build, brought up to date first). Also the
 * pages the suites measure and the JavaScript each one preloads. `BENCH_SERVER_ENTRY` names
 * another server bundle (for a before/after comparison with an older checkout). The server gets
 * the C allocator settings `npm start` gives it; an empty `MALLOC_ARENA_MAX=` keeps glibc's own.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { allocatorEnv } from "../../server/src/allocator.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface StorefrontServer {
  base: string;
  pid: number;
  /** The server process; with `ipc`, messages to and from a preload such as bench/soak/probe.mjs. */
  child: ChildProcess;
  buildDir: string;
  startupMs: number;
  /** CPU seconds (user + system) the server process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Write a V8 CPU profile of the server into this folder when it stops. */
  profileDir?: string;
  /** A fixed port (the soak names one in its own range); otherwise any free one. */
  port?: number;
  /** A data folder that outlives the server (kept on stop); otherwise a throw-away one. */
  dataDir?: string;
  /** More Node options for the server, e.g. `--import` of a diagnostic preload. */
  nodeArgs?: string[];
  /** Settings that win over the caller's environment and the defaults below. */
  env?: Record<string, string>;
  /** Open an IPC channel to the server process. */
  ipc?: boolean;
  /** How long start-up (seeding on first start, the index) may take; 120 s unless given. */
  readyWithinMs?: number;
}

/** The storefront build the server loads; the default one is rebuilt when its sources changed. */
function storefrontBuildDir(): string {
  const custom = process.env.ETALAGE_STOREFRONT_BUILD;
  if (custom) return path.resolve(root, "storefront", custom);
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs")], {
    stdio: "inherit",
    cwd: root,
  });
  return path.join(root, "storefront", "build");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startStorefront(options: StartOptions = {}): Promise<StorefrontServer> {
  const buildDir = storefrontBuildDir();
  // Another build of the server (a before/after comparison) may be named; normally the repo's.
  const mainJs = path.resolve(process.env.BENCH_SERVER_ENTRY ?? path.join(root, "server/dist/main.js"));
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "etalage-bench-shop-")));
  // BENCH_PORT: a port of the operator's choosing on a shared machine; otherwise any free one.
  const port = options.port ?? (Number(process.env.BENCH_PORT) || (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : []),
      ...(options.nodeArgs ?? []),
      mainJs,
    ],
    {
      cwd: root,
      env: {
        // The render is what these suites measure: the HTML output cache (docs/decisions/0008) is
        // off unless the caller asks for it (HTML_CACHE=on npm run bench -- ssr).
        HTML_CACHE: "off",
        ...process.env,
        // As `npm start` runs the shop (server/src/allocator.ts), unless the caller chose otherwise.
        ...allocatorEnv(process.env),
        NODE_ENV: "production",
        ETALAGE_STOREFRONT_BUILD: buildDir,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        LOG_LEVEL: "warn",
        SEED: "demo",
        ...options.env,
      },
      stdio: options.ipc ? ["ignore", "ignore", "inherit", "ipc"] : ["ignore", "ignore", "inherit"],
    },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );

  // The first start seeds the demo catalogue (~10 s); the index must be built before pages render.
  // BENCH_START_TIMEOUT_S: more time on a machine busy with other work.
  const readyWithinMs = options.readyWithinMs ?? (Number(process.env.BENCH_START_TIMEOUT_S) || 120) * 1000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (exited) throw new Error("the shop server exited during start-up");
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the shop server did not become ready within ${readyWithinMs / 1000} s`);
    }
    try {
      // "ok" only once the database answers and the catalogue index is ready.
      const health = (await (await fetch(`${base}/api/health`)).json()) as { result?: { status?: string } };
      if (health.result?.status === "ok") break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const pid = child.pid!;
  const ticks = 100; // USER_HZ on Linux
  return {
    base,
    pid,
    child,
    buildDir,
    startupMs: performance.now() - started,
    cpuSeconds() {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    },
    async stop() {
      if (!exited) {
        // SIGTERM: the server closes cleanly, so --cpu-prof gets to write its profile.
        child.kill("SIGTERM");
        const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exit;
        clearTimeout(force);
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A page the speed suites measure: the four page types of issue 4 item 8 (`benchPages`), and the
 * shopper's own pages the HTML cache never answers (`ssr/shopper-pages.ts`).
 */
export interface BenchPage {
  name: "home" | "category" | "product" | "search" | "checkout" | "my-account";
  path: string;
  /** Cookies of the visit, e.g. the filled cart's for `/checkout`. */
  cookies?: { name: string; value: string }[];
}

/** A page's cookies as a request's `Cookie` header (none: no header). */
export function cookieHeader(page: BenchPage): Record<string, string> {
  const cookies = page.cookies ?? [];
  return cookies.length ? { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } : {};
}

/** The four page types of issue 4 item 8; the product is the category page's first card. */

const CATEGORY_PATH = "/kleding/overhemden/";
const SEARCH_PATH = "/catalogsearch/result/?q=overhemd";

export async function benchPages(base: string): Promise<BenchPage[]> {
  const html = await (await fetch(base + CATEGORY_PATH)).text();
  const card =
    /<a [^>]*class="[^"]*product-card[^"]*"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*class="[^"]*product-card/.exec(
      html,
    );
  const productPath = card?.[1] ?? card?.[2];
  if (!productPath) throw new Error(`no product card link on ${CATEGORY_PATH}`);
  return [
    { name: "home", path: "/" },
    { name: "category", path: CATEGORY_PATH },
    { name: "product", path: productPath.replaceAll("&amp;", "&") },
    { name: "search", path: SEARCH_PATH },
  ];
}

export interface PageJs {
  /** Sum of the gzip sizes of the scripts the page needs to hydrate. */
  gzipBytes: number;
  rawBytes: number;
  chunks: { file: string; gzipBytes: number; lazy: boolean }[];
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g;
const DYNAMIC_IMPORT = /\bimport\(["`](\.\/[^"`]+\.js)["`]\)/g;

/**
 * The JavaScript a document needs to hydrate: every `<link rel="modulepreload">` React Router
 * writes from the build manifest (entry, route modules and their static imports), plus, when a
 * preloaded chunk imports the page's own code lazily (the URL dispatcher loads the category or
 * product page's chunk, named `lazyChunk`), that chunk and its static imports. Sizes are the
 * build's precompressed `.gz` files (Zopfli, scripts/precompress.mjs: what the server sends to a
 * gzip client); a file too small to have one counts as gzip -9. Chunks loaded only once the
 * shopper acts are not among these (ssr/browser-js.ts checks that in a browser).
 */
export function pageJavaScript(html: string, buildDir: string, lazyChunk?: string): PageJs {
  const assets = path.join(buildDir, "client", "assets");
  const preloaded = [
    ...new Set([...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((m) => m[1]!)),
  ];
  const files = new Map<string, boolean>(preloaded.map((f) => [f, false]));
  if (lazyChunk) {
    const lazy = preloaded
      .flatMap((f) =>
        [...readFileSync(path.join(assets, f), "utf8").matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!.slice(2)),
      )
      .find((f) => f.startsWith(`${lazyChunk}-`));
    const queue = lazy ? [lazy] : [];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (files.has(file)) continue;
      files.set(file, true);
      for (const m of readFileSync(path.join(assets, file), "utf8").matchAll(STATIC_IMPORT))
        queue.push(m[1]!.slice(2));
    }
  }
  const chunks = [...files].map(([file, lazy]) => {
    const onDisk = path.join(assets, file);
    const raw = readFileSync(onDisk);
    const gz = existsSync(`${onDisk}.gz`)
      ? readFileSync(`${onDisk}.gz`).length
      : gzipSync(raw, { level: 9 }).length;
    return { file, gzipBytes: gz, rawBytes: raw.length, lazy };
  });
  return {
    gzipBytes: chunks.reduce((s, c) => s + c.gzipBytes, 0),
    rawBytes: chunks.reduce((s, c) => s + c.rawBytes, 0),
    chunks: chunks.map(({ file, gzipBytes, lazy }) => ({ file, gzipBytes, lazy })),
  };
}
