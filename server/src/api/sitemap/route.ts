import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendError } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";
import { robotsTxt, SITEMAP_KINDS, Sitemaps, sitemapIndexXml, sitemapXml } from "../../services/sitemaps.ts";

const XML = "application/xml; charset=utf-8";
/** Crawlers come back often; an hour keeps them off a busy shop without hiding a change for long. */
const CACHE = "public, max-age=3600";

/** `/robots.txt`, `/sitemap.xml` and `/sitemaps/{kind}-{page}.xml` on the shop's origin. */
export const sitemapRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const sitemaps = new Sitemaps(services);
  const origin = services.config.PUBLIC_URL.replace(/\/+$/, "");
  // Issue 18: a product page's reviews change no URL or lastmod here.

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", CACHE).send(robotsTxt(origin)),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header("cache-control", CACHE)
      .send(sitemapIndexXml(origin, await sitemaps.get())),
  );

  const fileParams = z.object({ file: z.string().max(64) });
  app.get("/sitemaps/:file", { schema: { hide: true, params: fileParams } }, async (request, reply) => {
    const match = /^([a-z]+)-(\d{1,5})\.xml$/.exec(request.params.file);
    const set = await sitemaps.get();
    const file =
      match && (SITEMAP_KINDS as readonly string[]).includes(match[1]!)
        ? set.files.find((f) => f.kind === match[1] && f.page === Number(match[2]))
        : undefined;
    if (!file) return sendError(reply, 404, `Sitemap not found: ${request.params.file}`);
    return reply.type(XML).header("cache-control", CACHE).send(sitemapXml(origin, file.entries));
  });
};
