import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelopeSchema } from "../../http/envelope.ts";
import type { Services } from "../../services/index.ts";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  uptime: z.number(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
  index: z.object({ ready: z.boolean(), products: z.number().int(), categories: z.number().int() }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Database and catalogue index status",
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
    },
    async (_request, reply) => {
      const dbOk = await services.database.ping();
      const index = services.catalog.status();
      const healthy = dbOk && index.ready;
      const code = healthy ? 200 : 503;
      return reply.code(code).send({
        code,
        result: {
          status: healthy ? "ok" : "degraded",
          uptime: Math.round(process.uptime()),
          database: { kind: services.database.kind, ok: dbOk },
          index,
        },
      });
    },
  );
};
