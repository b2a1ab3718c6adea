/**
 * /img: resized, re-encoded images for the storefront.
 *
 *   GET /img/{width}/{height}/{fit}/{source path}[?format=avif|webp|jpeg|png][&focus=x,y]
 *   GET /img/original/{source path}
 *
 * e.g. /img/600/744/resize/product/shirt/navy/front.svg. Only the sizes the storefront uses are
 * rendered (./sizes.ts); a 0 width or height is derived from the source's aspect ratio. Responses are immutable: a changed drawing gets a new ETag and
 * cache file because the source version is part of the key.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendError } from "../http/envelope.ts";
import { ImageCache } from "./disk-cache.ts";
import {
  CONTENT_TYPES,
  FITS,
  FORMATS,
  type Format,
  render,
  targetSize,
  type Variant,
  variantKey,
} from "./render.ts";
import { RenderQueue, RenderQueueFull } from "./render-queue.ts";
import { sizeProblem } from "./sizes.ts";
import { type ImageSource, productSource, type SourceImage } from "./sources.ts";

export interface ImageRoutesOptions {
  /** Directory for rendered variants; created on demand. */
  cacheDir: string;
  /** Bytes the rendered variants may take on disk (IMAGE_CACHE_MAX_MB). */
  cacheMaxBytes: number;
  /** Limits renders at once and renders waiting; by default one per core and 256 waiting. */
  renders?: RenderQueue;
  /** Sources by path prefix; defaults to the generated product drawings. */
  sources?: ImageSource[];
}

const MAX_SIDE = 2400;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A render's turn comes within a second or two, even behind a full line on two cores. */
const RETRY_AFTER_SECONDS = 2;

const dimension = z
  .string()
  .regex(/^\d+$/, `must be an integer from 0 to ${MAX_SIDE}`)
  .transform(Number)
  .pipe(z.number().max(MAX_SIDE, `must be an integer from 0 to ${MAX_SIDE}`));

const resizedParams = z
  .object({
    width: dimension,
    height: dimension,
    fit: z.enum(FITS, { message: `must be one of ${FITS.join(", ")}` }),
    "*": z.string(),
  })
  .superRefine(({ width, height }, ctx) => {
    const problem = sizeProblem(width, height);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
const FRACTION = "(?:0(?:\\.\\d{1,4})?|1(?:\\.0{1,4})?)";
const formatQuery = z.object({
  format: z.enum(FORMATS, { message: `must be one of ${FORMATS.join(", ")}` }).optional(),
  /** The focal point a crop keeps in view, `x,y` from 0 to 1 (a CMS asset's `focus`). */
  focus: z
    .string()
    .regex(new RegExp(`^${FRACTION},${FRACTION}$`), "must be x,y with each from 0 to 1, e.g. 0.25,0.8")
    .transform((value) => {
      const [x, y] = value.split(",").map(Number) as [number, number];
      return { x, y };
    })
    .optional(),
});
const originalParams = z.object({ "*": z.string() });

/** The best format the client says it takes; browsers list avif and webp explicitly when supported. */
export function negotiate(accept: string | undefined): Format {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (type && (!q || Number(q.slice(2)) > 0)) accepted.add(type.trim());
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return "jpeg";
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin: bad parameters surface as zod issues, which the shared error handler
  // turns into the envelope's "params.width: …" message.
  app.setValidatorCompiler(validatorCompiler);

  const sources = new Map((options.sources ?? [productSource()]).map((s) => [s.prefix, s]));
  const cache = await ImageCache.open(options.cacheDir, {
    maxBytes: options.cacheMaxBytes,
    onError: (err) => app.log.warn({ err }, "image cache failed to read, write or remove a file"),
  });
  const renders = options.renders ?? new RenderQueue();

  async function find(rest: string): Promise<{ path: string; source: SourceImage } | undefined> {
    const clean = rest.replace(/^\/+/, "");
    const slash = clean.indexOf("/");
    if (slash < 1) return undefined;
    const source = await sources.get(clean.slice(0, slash))?.resolve(clean.slice(slash + 1));
    return source ? { path: clean, source } : undefined;
  }

  function notFound(reply: FastifyReply, rest: string) {
    return sendError(reply, 404, `Image not found: ${rest}`);
  }

  /** Headers shared by 200 and 304, so a revalidated copy keeps its caching rules. */
  function cacheHeaders(reply: FastifyReply, etag: string, vary: boolean) {
    reply.header("Cache-Control", IMMUTABLE).header("ETag", etag);
    if (vary) reply.header("Vary", "Accept");
  }

  function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
    if (!matches(request.headers["if-none-match"], etag)) return false;
    reply.code(304).send();
    return true;
  }

  app.get("/img/original/*", { schema: { hide: true, params: originalParams } }, async (request, reply) => {
    const found = await find(request.params["*"]);
    if (!found) return notFound(reply, request.params["*"]);
    const etag = `"${found.source.version}"`;
    cacheHeaders(reply, etag, false);
    if (notModified(request, reply, etag)) return reply;
    // Uploaded SVGs may one day carry script; never let one run in our origin.
    if (found.source.contentType === "image/svg+xml")
      reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(found.source.contentType).send(found.source.data);
  });

  app.get(
    "/img/:width/:height/:fit/*",
    { schema: { hide: true, params: resizedParams, querystring: formatQuery } },
    async (request, reply) => {
      const { width, height, fit } = request.params;
      const found = await find(request.params["*"]);
      if (!found) return notFound(reply, request.params["*"]);
      const format = request.query.format ?? negotiate(request.headers.accept);
      const { focus } = request.query;
      // The URL's focal point wins over the source's own (an editor sets it per use of a picture).
      const source = focus ? { ...found.source, focus } : found.source;
      const size = targetSize(source, width, height);
      const variant: Variant = { path: found.path, ...size, fit, format, ...(focus ? { focus } : {}) };
      const key = variantKey(source, variant);
      const etag = `"${key.slice(0, 32)}"`;
      cacheHeaders(reply, etag, true);
      if (notModified(request, reply, etag)) return reply;
      try {
        const bytes = await cache.get(key, format, () => renders.run(() => render(source, variant)));
        return reply.type(CONTENT_TYPES[format]).send(bytes);
      } catch (err) {
        if (!(err instanceof RenderQueueFull)) throw err;
        // Not this image's answer for a year: only a refusal for now.
        for (const name of ["cache-control", "etag", "vary"]) reply.removeHeader(name);
        reply.header("cache-control", "no-store").header("retry-after", String(RETRY_AFTER_SECONDS));
        return sendError(reply, 503, err.message, { retryAfter: RETRY_AFTER_SECONDS });
      }
    },
  );
};
