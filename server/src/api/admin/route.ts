import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireBearerToken } from "../../http/bearer-token.ts";
import { envelopeSchema, errorEnvelopeSchema, ok, sendError } from "../../http/envelope.ts";
import { formatIssue, importCatalogText } from "../../services/catalog-import.ts";
import type { Services } from "../../services/index.ts";

/** A whole catalogue in one request: the demo's 1,650 products are about 8 MB of NDJSON. */
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;
/** How long an import waits for this instance's index to show the change before answering anyway. */
const REFRESH_WAIT_MS = 60_000;

const NDJSON_TYPES = ["application/x-ndjson", "application/jsonl", "application/jsonlines", "text/plain"];

const importQuery = z.strictObject({
  dryRun: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((v) => v === "true")
    .optional(),
});

const importResult = z.object({
  summary: z.record(z.string(), z.number()),
  dryRun: z.boolean().optional(),
  /** `refreshed`: this instance already answers with the new catalogue; others follow on notice. */
  index: z.enum(["refreshed", "refreshing"]),
});

const importRefused = z.object({
  code: z.number().int(),
  result: z.string(),
  meta: z
    // `line` for a refused file; request validation errors (query, body type) have only path and message.
    .object({
      errors: z.array(z.object({ line: z.number().int().optional(), path: z.string(), message: z.string() })),
    })
    .optional(),
});

/** Admin API: `POST /api/admin/catalog/import` (docs/catalog-import.md). */
export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Scoped to this plugin: the rest of /api keeps speaking JSON only.
  app.addContentTypeParser(
    NDJSON_TYPES,
    { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.addHook("onRequest", requireBearerToken(services.config.ADMIN_TOKEN, "etalage-admin", "ADMIN_TOKEN"));

  app.post(
    "/admin/catalog/import",
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags: ["admin"],
        summary: "Import catalogue records (NDJSON, one record a line); all or nothing",
        querystring: importQuery,
        body: z.string({ error: "must be NDJSON text sent as application/x-ndjson" }),
        response: { 200: envelopeSchema(importResult), 400: importRefused, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dryRun === true;
      const outcome = await importCatalogText(services.database.db, request.body, { dryRun });
      if (!outcome.ok) {
        const { issues } = outcome;
        const first = issues[0] ? formatIssue(issues[0]) : "no records";
        const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
        // Named as the envelope names fields: the body, then the record's line and field.
        return sendError(reply, 400, `body: ${first}${more}; nothing was written`, {
          errors: issues.map((i) => ({ line: i.line, path: i.path, message: i.message })),
        });
      }
      if (dryRun) return ok(reply, { summary: { ...outcome.summary }, dryRun, index: "refreshed" as const });
      request.log.info({ summary: outcome.summary }, "catalogue imported");
      const refreshed = await Promise.race([
        services.catalogEvents.requestRefresh(),
        new Promise<false>((resolve) => setTimeout(resolve, REFRESH_WAIT_MS, false).unref()),
      ]);
      return ok(reply, { summary: { ...outcome.summary }, index: refreshed ? "refreshed" : "refreshing" });
    },
  );
};
