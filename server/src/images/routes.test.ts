import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installErrorHandling } from "../http/envelope.ts";
import { PRODUCT_KINDS } from "../seed/palette.ts";
import { imageStats, render } from "./render.ts";
import { imageRoutes, negotiate } from "./routes.ts";
import { IMAGE_SIZES } from "./sizes.ts";
import type { SourceImage } from "./sources.ts";

let app: FastifyInstance;
let base: string;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), "etalage-img-"));
  app = Fastify();
  installErrorHandling(app);
  await app.register(imageRoutes, { cacheDir, cacheMaxBytes: 64 * 1024 * 1024 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app.close();
  await rm(cacheDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

async function image(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, meta: await sharp(bytes).metadata() };
}

async function cacheFiles(): Promise<string[]> {
  const shards = await readdir(cacheDir).catch(() => []);
  const files = await Promise.all(
    shards.map(async (s) => (await readdir(path.join(cacheDir, s))).map((f) => path.join(s, f))),
  );
  return files.flat();
}

describe("GET /img/:width/:height/:fit/*", () => {
  it("serves webp at exactly the requested size when the client accepts it", async () => {
    const res = await get("/img/600/744/resize/product/shirt/navy/front.svg", { accept: "image/webp,*/*" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("vary")).toMatch(/accept/i);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toMatch(/^".+"$/);
    const { meta } = await image(res);
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 600, 744]);
  });

  it("prefers avif, falls back to jpeg, and lets ?format override the Accept header", async () => {
    const avif = await get("/img/386/483/resize/product/sneaker/wit/front.svg", {
      accept: "image/avif,image/webp,*/*;q=0.8",
    });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect((await image(avif)).meta).toMatchObject({ format: "heif", width: 386, height: 483 });

    const jpeg = await get("/img/210/300/resize/product/sneaker/wit/front.svg");
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await image(jpeg)).meta).toMatchObject({ format: "jpeg", width: 210, height: 300 });

    const png = await get("/img/210/300/crop/product/sneaker/wit/front.svg?format=png", {
      accept: "image/avif",
    });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect((await image(png)).meta).toMatchObject({ format: "png", width: 210, height: 300 });
  });

  it("derives a zero dimension from the 4:5 product ratio", async () => {
    const tall = await image(await get("/img/480/0/resize/product/boot/zwart/front.svg?format=webp"));
    expect([tall.meta.width, tall.meta.height]).toEqual([480, 600]);
    const wide = await image(await get("/img/0/600/fit/product/boot/zwart/detail.svg?format=webp"));
    expect([wide.meta.width, wide.meta.height]).toEqual([480, 600]);
  });

  it.each([
    ["/img/abc/744/resize/product/shirt/navy/front.svg", "params.width"],
    ["/img/5000/744/resize/product/shirt/navy/front.svg", "params.width"],
    ["/img/600/-1/resize/product/shirt/navy/front.svg", "params.height"],
    ["/img/600/744/stretch/product/shirt/navy/front.svg", "params.fit"],
    ["/img/600/744/resize/product/shirt/navy/front.svg?format=gif", "querystring.format"],
  ])("answers %s with a 400 naming %s", async (url, field) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(400);
    expect(body.result).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
  });

  it.each([
    [
      "/img/400/500/resize/product/shirt/navy/front.svg",
      "params.width",
      /^params\.width: must be one of 0, 157, /,
    ],
    ["/img/2399/744/resize/product/shirt/navy/front.svg", "params.width", /must be one of/],
    [
      "/img/600/745/resize/product/shirt/navy/front.svg",
      "params.height",
      /must be one of 0, 744 for width 600$/,
    ],
    ["/img/386/744/crop/product/shirt/navy/front.svg", "params.height", /for width 386/],
    ["/img/0/999/resize/product/shirt/navy/front.svg", "params.height", /when the width is 0$/],
    ["/img/0/0/resize/product/shirt/navy/front.svg", "params.height", /must not be 0/],
  ])(
    "refuses %s, a size the storefront never asks for, with a 400 naming %s",
    async (url, field, message) => {
      const rendersBefore = imageStats.renders;
      const res = await get(url);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toMatchObject({ code: 400, meta: { errors: [{ path: field }] } });
      expect(body.result).toMatch(message);
      expect(body.result.startsWith(`${field}: `)).toBe(true);
      expect(imageStats.renders).toBe(rendersBefore);
    },
  );

  it("renders every size of the allowed set", async () => {
    for (const { width, height } of IMAGE_SIZES) {
      const { meta } = await image(await get(`/img/${width}/${height}/crop/product/socks/navy/front.svg`));
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it.each([
    "/img/600/744/resize/product/hat/navy/front.svg",
    "/img/600/744/resize/product/shirt/turquoise/front.svg",
    "/img/600/744/resize/product/shirt/navy/back.svg",
    "/img/600/744/resize/cms/home/hero.jpg",
    "/img/600/744/resize/product",
  ])("answers %s with a 404 envelope", async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, result: expect.stringContaining("Image not found") });
  });

  it("writes the variant to disk once and serves the second request from it without sharp", async () => {
    const url = "/img/210/0/resize/product/polo/rood/front.svg?format=webp";
    const rendersBefore = imageStats.renders;
    const filesBefore = (await cacheFiles()).length;
    const first = await get(url);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(imageStats.renders).toBe(rendersBefore + 1);
    const files = await cacheFiles();
    expect(files.length).toBe(filesBefore + 1);
    expect(files.every((f) => !f.endsWith(".tmp"))).toBe(true);

    const hitsBefore = imageStats.diskHits;
    const second = await get(url);
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(imageStats.renders).toBe(rendersBefore + 1);
    expect(imageStats.diskHits).toBe(hitsBefore + 1);
  });

  it("renders concurrent identical requests once", async () => {
    const url = "/img/157/0/crop/product/coat/olijf/detail.svg?format=jpeg";
    const before = imageStats.renders;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url).then((r) => r.arrayBuffer())));
    expect(imageStats.renders).toBe(before + 1);
    const sizes = new Set(answers.map((a) => a.byteLength));
    expect(sizes.size).toBe(1);
  });

  it("answers a matching If-None-Match with 304 and the caching headers", async () => {
    const url = "/img/210/300/resize/product/belt/cognac/front.svg";
    const first = await get(url, { accept: "image/webp" });
    const etag = first.headers.get("etag")!;
    const again = await get(url, { accept: "image/webp", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toContain("immutable");
    // Another format is another representation, so its tag must not match.
    const other = await get(url, { accept: "image/avif", "if-none-match": etag });
    expect(other.status).toBe(200);
  });

  it("renders every kind in both views", async () => {
    for (const kind of PRODUCT_KINDS) {
      for (const view of ["front", "detail"]) {
        const res = await get(`/img/0/300/resize/product/${kind}/grijs/${view}.svg?format=webp`);
        expect(res.status, `${kind} ${view}`).toBe(200);
        const { meta } = await image(res);
        expect([meta.width, meta.height], `${kind} ${view}`).toEqual([240, 300]);
      }
    }
  });

  it("renders a 600x744 webp in tens of milliseconds and a cache hit in a few", async () => {
    const url = "/img/600/744/resize/product/jeans/blauw/front.svg?format=webp";
    let t = performance.now();
    await (await get(url)).arrayBuffer();
    const cold = performance.now() - t;
    t = performance.now();
    await (await get(url)).arrayBuffer();
    const warm = performance.now() - t;
    console.info(`600x744 webp: cold ${cold.toFixed(1)} ms, cache hit ${warm.toFixed(1)} ms`);
    // Generous bounds: this guards against a pathological density, not against a busy CI box.
    expect(cold).toBeLessThan(1000);
    expect(warm).toBeLessThan(200);
  });
});

describe("GET /img/original/*", () => {
  it("serves the drawing itself as immutable SVG", async () => {
    const res = await get("/img/original/product/scarf/bordeaux/front.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const text = await res.text();
    expect(text.startsWith("<svg")).toBe(true);
    const again = await get("/img/original/product/scarf/bordeaux/front.svg", {
      "if-none-match": res.headers.get("etag")!,
    });
    expect(again.status).toBe(304);
    expect((await get("/img/original/product/scarf/bordeaux/side.svg")).status).toBe(404);
  });
});

describe("negotiate", () => {
  it("honours q=0 and ignores wildcards", () => {
    expect(negotiate("image/avif;q=0, image/webp")).toBe("webp");
    expect(negotiate("image/*,*/*;q=0.8")).toBe("jpeg");
    expect(negotiate(undefined)).toBe("jpeg");
  });
});

describe("render with a focal point", () => {
  it("keeps the focus in a cover crop", async () => {
    // Left half red, right half blue: a focus on the right must crop to blue.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="200" height="100" fill="#f00"/><rect x="200" width="200" height="100" fill="#00f"/></svg>`;
    const source: SourceImage = {
      data: Buffer.from(svg),
      contentType: "image/svg+xml",
      version: "test",
      width: 400,
      height: 100,
      vector: true,
      background: "#ffffff",
      resize: "cover",
      focus: { x: 0.9, y: 0.5 },
    };
    const out = await render(source, { path: "test", width: 100, height: 100, fit: "crop", format: "png" });
    const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 0, 255]);
    expect(existsSync(cacheDir)).toBe(true);
  });
});

describe("GET /img with ?focus (CMS tiles, browsing §9)", () => {
  let focusApp: FastifyInstance;
  let focusBase: string;
  const GREEN = [0, 200, 0];
  const BLUE = [0, 0, 220];

  beforeAll(async () => {
    // A grey square photo with a green block in its top-left corner and a blue one bottom-right.
    const size = 1200;
    const block = 150;
    const photo = await sharp({ create: { width: size, height: size, channels: 3, background: "#808080" } })
      .composite([
        {
          input: { create: { width: block, height: block, channels: 3, background: { r: 0, g: 200, b: 0 } } },
          left: 0,
          top: 0,
        },
        {
          input: { create: { width: block, height: block, channels: 3, background: { r: 0, g: 0, b: 220 } } },
          left: size - block,
          top: size - block,
        },
      ])
      .png()
      .toBuffer();
    const source: SourceImage = {
      data: photo,
      contentType: "image/png",
      version: "corners-1",
      width: size,
      height: size,
      vector: false,
      background: "#ffffff",
      resize: "cover",
    };
    focusApp = Fastify();
    installErrorHandling(focusApp);
    await focusApp.register(imageRoutes, {
      cacheDir: path.join(cacheDir, "focus"),
      cacheMaxBytes: 64 * 1024 * 1024,
      sources: [{ prefix: "cms", resolve: (rest) => (rest === "corners.png" ? source : undefined) }],
    });
    await focusApp.listen({ port: 0, host: "127.0.0.1" });
    const address = focusApp.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    focusBase = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await focusApp?.close();
  });

  async function tile(width: number, query: string) {
    const res = await fetch(
      `${focusBase}/img/${width}/${Math.round(width * 0.67)}/crop/cms/corners.png${query}`,
      {
        headers: { accept: "image/webp,image/*,*/*;q=0.8" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    return { info, pixel };
  }

  const near = (actual: number[], expected: number[]) =>
    actual.every((value, i) => Math.abs(value - expected[i]!) <= 24);

  it("keeps the corner the focus is on, at both tile widths, as WebP", async () => {
    for (const width of [1510, 755]) {
      const topLeft = await tile(width, "?focus=0,0");
      expect([topLeft.info.width, topLeft.info.height]).toEqual([width, Math.round(width * 0.67)]);
      expect(near(topLeft.pixel(4, 4), GREEN)).toBe(true);
      const bottomRight = await tile(width, "?focus=1,1");
      const { width: w, height: h } = bottomRight.info;
      expect(near(bottomRight.pixel(w - 5, h - 5), BLUE)).toBe(true);
      // Cropped around the centre, both corners' blocks fall outside the tile.
      const centre = await tile(width, "");
      expect(near(centre.pixel(4, 4), GREEN)).toBe(false);
      expect(near(centre.pixel(w - 5, h - 5), BLUE)).toBe(false);
    }
  });

  it("answers 400 naming the field for a focus outside 0–1 or not x,y", async () => {
    for (const bad of ["1.5,0", "0.5", "a,b", "-0.1,0.2"]) {
      const res = await fetch(`${focusBase}/img/755/506/crop/cms/corners.png?focus=${bad}`);
      expect(res.status).toBe(400);
      expect((await res.json()).result).toMatch(/^querystring\.focus: /);
    }
  });
});
