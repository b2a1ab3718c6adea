import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installErrorHandling } from "../http/envelope.ts";
import { COLORS } from "../seed/palette.ts";
import { imageStats } from "./render.ts";
import { imageRoutes } from "./routes.ts";

/*
 * The image cache on disk stays under its cap (IMAGE_CACHE_MAX_MB), dropping the least recently
 * used files first, also across a restart.
 */

const servers: FastifyInstance[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "etalage-img-cap-"));
  dirs.push(dir);
  return dir;
}

async function serve(cacheDir: string, cacheMaxBytes: number) {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(imageRoutes, { cacheDir, cacheMaxBytes });
  await app.listen({ port: 0, host: "127.0.0.1" });
  servers.push(app);
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return (url: string) => fetch(`http://127.0.0.1:${address.port}${url}`);
}

/** Every file of the cache with its size. */
async function files(dir: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const shard of await readdir(dir).catch(() => [])) {
    for (const name of await readdir(path.join(dir, shard))) {
      found.set(name, (await stat(path.join(dir, shard, name))).size);
    }
  }
  return found;
}

const total = (found: Map<string, number>) => [...found.values()].reduce((a, b) => a + b, 0);

describe("the image cache on disk", () => {
  it("stays under its cap, evicting the least recently used variant first", async () => {
    const dir = await tempDir();
    const cap = 24_000;
    const get = await serve(dir, cap);
    const url = (colour: string) => `/img/210/300/resize/product/sweater/${colour}/front.svg?format=jpeg`;
    const kept = url("navy");
    await (await get(kept)).arrayBuffer();
    const [keptFile] = [...(await files(dir)).keys()];

    const evictionsBefore = imageStats.evictions;
    let first: string | undefined;
    for (const { key } of COLORS.filter((c) => c.key !== "navy").slice(0, 12)) {
      expect((await get(url(key))).status).toBe(200);
      first ??= [...(await files(dir)).keys()].find((f) => f !== keptFile);
      // Used again between every new variant: the most recently used file is never the one to go.
      const rendersBefore = imageStats.renders;
      await (await get(kept)).arrayBuffer();
      expect(imageStats.renders, "the kept variant came from disk").toBe(rendersBefore);
      // Evicted files are removed just after the answer that made room.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(total(await files(dir))).toBeLessThanOrEqual(cap);
    }
    const left = await files(dir);
    expect(imageStats.evictions).toBeGreaterThan(evictionsBefore);
    expect(left.has(keptFile!)).toBe(true);
    expect(left.has(first!)).toBe(false);
    expect(left.size).toBeGreaterThan(1);
  });

  it("counts what an earlier run left, trims it to the cap oldest first, and removes half-written files", async () => {
    const dir = await tempDir();
    const shard = path.join(dir, "ab");
    await mkdir(shard, { recursive: true });
    const names = ["ab01.webp", "ab02.webp", "ab03.webp", "ab04.webp", "ab05.webp"];
    const now = Date.now() / 1000;
    for (const [i, name] of names.entries()) {
      await writeFile(path.join(shard, name), Buffer.alloc(10_000));
      // ab01 was used longest ago, ab05 last.
      await utimes(path.join(shard, name), now - 1000 + i * 100, now - 1000 + i * 100);
    }
    await writeFile(path.join(shard, "ab06.webp.1.x.tmp"), Buffer.alloc(10));

    await serve(dir, 25_000);
    expect([...(await files(dir)).keys()].sort()).toEqual(["ab04.webp", "ab05.webp"]);
    expect(existsSync(path.join(shard, "ab06.webp.1.x.tmp"))).toBe(false);
  });
});
