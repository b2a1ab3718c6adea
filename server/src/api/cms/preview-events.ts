import type { ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorEnvelopeSchema, sendError } from "../../http/envelope.ts";
import type { DraftSavedEvent } from "../../services/cms/cms-events.ts";
import type { Services } from "../../services/index.ts";
import { previewEventsQuery } from "./validators.ts";

/** Comments keep proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /preview-events?id=&token=`: the live preview channel (browsing §1 "editors preview
 * draft content live"). Server-Sent Events: `ready` with the current draft version on connect,
 * then an unnamed event `{ id, version }` for every draft save of that story, on whichever
 * instance it happened; `expired` when the token runs out, and the stream ends.
 */
export const previewEventsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const cms = services.builtinCms;
  const open = new Set<ServerResponse>();

  // Streams never go idle, so close would wait for them forever: end them first.
  app.addHook("preClose", async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    "/preview-events",
    {
      schema: {
        tags: ["cms"],
        summary: "Server-Sent Events: the draft versions of one story as they are saved (live preview)",
        querystring: previewEventsQuery,
        response: { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id, token } = request.query;
      const allowed = cms.previewAllowed(id, token);
      if (!allowed.ok) {
        reply.header("www-authenticate", 'Bearer realm="etalage-cms-preview"');
        return sendError(reply, 401, allowed.message);
      }
      const draft = await cms.store.summary(id);
      if (!draft) return sendError(reply, 404, `Story ${id} not found`);

      // The stream is written by hand: no compression, no serializer, flushed event by event.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "private, no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-request-id": request.id,
      });
      const send = (event: string | undefined, data: unknown) =>
        res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
      res.write("retry: 1000\n\n");
      send("ready", { id, version: draft.draft_version });

      const onSave = (event: DraftSavedEvent) => {
        if (event.id === id) send(undefined, { id, version: event.version });
      };
      cms.events.on("draft-saved", onSave);
      const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      const expiry = setTimeout(
        () => {
          send("expired", { id });
          res.end();
        },
        Math.max(0, allowed.expiresAt.getTime() - Date.now()),
      );
      open.add(res);
      res.on("close", () => {
        cms.events.off("draft-saved", onSave);
        clearInterval(keepAlive);
        clearTimeout(expiry);
        open.delete(res);
      });
    },
  );
};
