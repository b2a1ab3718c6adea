import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { hasBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema } from "../../http/envelope.ts";
import { lifecycle } from "../../lifecycle.ts";
import type { Services } from "../../services/index.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded", "draining"]),
  /** With the admin token only: a stranger learns neither the database nor since when it runs. */
  uptime: z.number().optional(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }).optional(),
  index: z
    .object({ ready: z.boolean(), products: z.number().int(), categories: z.number().int() })
    .optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary:
          "Whether the shop can serve (503 when degraded); with the admin token also the database, index and uptime",
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (request, reply) => {
      const dbOk = await services.database.ping();
      const index = services.catalog.status();
      const healthy = dbOk && index.ready && !lifecycle.draining;
      const code = healthy ? 200 : 503;
      const status = lifecycle.draining
        ? ("draining" as const)
        : healthy
          ? ("ok" as const)
          : ("degraded" as const);
      reply.code(code).header("cache-control", "no-store");
      if (!hasBearerToken(request, services.config.ADMIN_TOKEN))
        return reply.send({ code, result: { status } });
      return reply.send({
        code,
        result: {
          status,
          uptime: Math.round(process.uptime()),
          database: { kind: services.database.kind, ok: dbOk },
          index,
        },
      });
    },
  );
};
