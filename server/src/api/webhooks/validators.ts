import {
  isWebhookEventFilter,
  parseStoreTime,
  WEBHOOK_EVENT_TYPES,
  webhookSecretProblem,
} from "@etalage/core";
import { z } from "zod";
import { int4, line } from "../../http/schemas.ts";

const eventFilter = line(40).refine(isWebhookEventFilter, {
  message: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}, or order.*, return.*`,
});

export const endpointBody = z.strictObject({
  url: line(2000)
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }))
    .refine((url) => {
      // Checks run on after a failed one in zod 4: the URL may not parse here.
      const parsed = URL.canParse(url) ? new URL(url) : undefined;
      return !parsed?.username && !parsed?.password;
    }, "must not hold a user or password"),
  /** Unset: a new one is made and answered once. */
  secret: z
    .string()
    .max(200)
    .superRefine((secret, ctx) => {
      const problem = webhookSecretProblem(secret);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  events: z.array(eventFilter).max(20).default([]),
  description: line(200).optional(),
});

export const endpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  source: z.enum(["env", "admin"]),
  description: z.string().nullable(),
  secret_hint: z.string(),
  created_at: z.string(),
});

export const idParams = z.strictObject({ id: z.coerce.number({ error: "must be a number" }).pipe(int4()) });

export const deliveriesQuery = z.strictObject({
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
  type: z.enum(WEBHOOK_EVENT_TYPES).optional(),
  page: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(200)
    .default(50),
});

export const deliverySchema = z.object({
  id: z.number(),
  webhook_id: z.string(),
  event_type: z.string(),
  event_created_at: z.string(),
  endpoint: z.object({ id: z.number(), url: z.string() }),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  payload: z.unknown(),
  attempt_log: z.array(
    z.object({
      attempt: z.number(),
      started_at: z.string(),
      duration_ms: z.number(),
      status_code: z.number().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

const day = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((text) => parseStoreTime(text) !== null, "must be a date that exists");

export const rangeQuery = z
  .strictObject({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "must not be before from" });
