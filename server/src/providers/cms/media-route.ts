import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";

/**
 * `/media/*`: the built-in CMS's uploaded assets that are not drawn by /img (videos). Served with
 * range requests, which video players need. The demo's hero video (etalage-hero.webm) is a
 * four-second colour study made with ffmpeg, standing in for a real campaign film; a video tile
 * also names a poster image, shown before it plays and where video cannot play.
 */
export const cmsMediaRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, {
    root,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    cacheControl: false,
    setHeaders(res) {
      res.header("cache-control", "public, max-age=86400");
      res.header("x-content-type-options", "nosniff");
    },
  });
};
