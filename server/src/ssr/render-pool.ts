import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { Piscina } from "piscina";
import { serverRoot } from "../paths.ts";

/** A page as the storefront hands it over (storefront/app/lib/render-document.tsx): plain data. */
type RenderTask = object;

/** What a page's failure says when the thread has no build at all (render-worker.ts). */
export const UNAVAILABLE = "render thread without a build";

/** Pages waiting per thread before the request thread renders pages itself (see below). */
const QUEUED_PER_THREAD = 64;

/**
 * Threads that render whole pages beside the request thread (docs/decisions/0011). The request
 * thread keeps what needs the shop's state (routing, loaders, the database, the catalogue index);
 * a render is plain data in, bytes out, so it can run on another core.
 *
 * Pages queue for the threads: the request thread rendering one itself whenever the threads are
 * busy was measured slower, since while it renders it neither hands out pages nor takes their
 * bytes back, and the threads sit idle. Only a queue so long that a thread seems stuck sends pages
 * back to the request thread. Anything a thread cannot take (answers that are not plain data) or
 * a thread's failure renders in the request thread too: the shopper gets the same bytes either way.
 */
export class RenderThreads {
  private pool: Piscina | undefined;
  private warned = false;
  /** Threads that cannot load the build are given up on: every page renders here. */
  private unavailable = false;
  /** Once the server closes, a page still in its loaders must not start threads nobody stops. */
  private closed = false;

  constructor(
    private readonly threads: number,
    private readonly serverEntry: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async render(task: RenderTask): Promise<Uint8Array<ArrayBuffer> | null> {
    if (this.unavailable || this.closed) return null;
    // Threads start with the first page, so a server that never renders one never starts them.
    this.pool ??= new Piscina({
      filename: workerFile(),
      minThreads: this.threads,
      maxThreads: this.threads,
      workerData: { serverEntry: this.serverEntry },
      // A render allocates ≈ 2 MB that dies with it: with 4 × V8's default young generation the
      // thread collects a quarter as often, for half the collection time per page (measured).
      resourceLimits: { maxYoungGenerationSizeMb: 192 },
    });
    if (this.pool.queueSize >= this.threads * QUEUED_PER_THREAD) return null;
    try {
      return (await this.pool.run(task)) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(UNAVAILABLE) && !this.unavailable) {
        this.unavailable = true;
        void this.close();
      }
      if (!this.warned) {
        this.warned = true;
        this.log.warn(
          { err: error },
          "a render thread could not render a page: rendering in the request thread",
        );
      }
      return null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }
}

/**
 * The bundled thread entry: beside this module in a server build (server/build.mjs), or the
 * default build's when the server runs from its sources (tests); a thread cannot load TypeScript.
 */
function workerFile(): string {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "render-worker.js");
  return existsSync(beside)
    ? beside
    : path.join(serverRoot, process.env.ETALAGE_SERVER_DIST ?? "dist", "render-worker.js");
}
