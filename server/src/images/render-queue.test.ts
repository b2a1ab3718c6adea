import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installErrorHandling } from "../http/envelope.ts";
import { PRODUCT_KINDS } from "../seed/palette.ts";
import { RenderQueue } from "./render-queue.ts";
import { imageRoutes } from "./routes.ts";

/*
 * Cold renders are limited (docs/decisions/0015): a burst of distinct large images runs a few at a
 * time, a bounded line waits, and what does not fit in the line is refused with a 503 at once.
 */

const servers: FastifyInstance[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function serve(renders: RenderQueue) {
  const cacheDir = await mkdtemp(path.join(tmpdir(), "etalage-img-queue-"));
  dirs.push(cacheDir);
  const app = Fastify();
  installErrorHandling(app);
  await app.register(imageRoutes, { cacheDir, cacheMaxBytes: 64 * 1024 * 1024, renders });
  await app.listen({ port: 0, host: "127.0.0.1" });
  servers.push(app);
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return (url: string) => fetch(`http://127.0.0.1:${address.port}${url}`);
}

/** Distinct, large, slow to encode: none of them is on disk yet. */
const coldUrls = (count: number, colour: string) =>
  PRODUCT_KINDS.slice(0, count).map(
    (kind) => `/img/1200/1488/resize/product/${kind}/${colour}/front.svg?format=avif`,
  );

describe("cold renders", () => {
  it("run no more at once than the limit, the rest waiting their turn", async () => {
    const renders = new RenderQueue({ concurrency: 2, maxWaiting: 100 });
    const get = await serve(renders);
    const answers = await Promise.all(coldUrls(8, "beige").map((url) => get(url)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(renders.peak).toBe(2);
    expect([renders.active, renders.waiting]).toEqual([0, 0]);
  });

  it("refuse what does not fit in the line with a 503 envelope and Retry-After, and render it later", async () => {
    const renders = new RenderQueue({ concurrency: 1, maxWaiting: 2 });
    const get = await serve(renders);
    const urls = coldUrls(6, "grijs");
    const answers = await Promise.all(urls.map((url) => get(url)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    const refused = answers.find((a) => a.status === 503)!;
    expect(refused.headers.get("retry-after")).toBe("2");
    // A refusal must not be kept by browsers or proxies as the image itself.
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("etag")).toBeNull();
    expect(await refused.json()).toEqual({
      code: 503,
      result: "Too many images are being rendered; try again shortly",
      meta: { retryAfter: 2 },
    });
    await Promise.all(answers.filter((a) => a.status === 200).map((a) => a.arrayBuffer()));
    // Once the line has cleared, a refused image renders.
    const later = await get(urls[statuses.indexOf(503)]!);
    expect(later.status).toBe(200);
    expect(later.headers.get("cache-control")).toContain("immutable");
  });

  it("let images already on disk past a full line", async () => {
    const renders = new RenderQueue({ concurrency: 1, maxWaiting: 0 });
    const get = await serve(renders);
    const cached = "/img/210/300/resize/product/belt/cognac/front.svg?format=jpeg";
    await (await get(cached)).arrayBuffer();
    const cold = coldUrls(3, "navy").map((url) => get(url));
    const hit = await get(cached);
    expect(hit.status).toBe(200);
    await Promise.all((await Promise.all(cold)).map((a) => a.arrayBuffer()));
  });
});
