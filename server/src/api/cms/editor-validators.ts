import { z } from "zod";
import { int4, line } from "../../http/schemas.ts";

const id = z
  .string()
  .regex(/^\d{1,9}$/, "must be a positive whole number")
  .transform(Number);

export const storyIdParams = z.strictObject({ id });
export const versionParams = z.strictObject({ id, version: id });

const name = line(200).min(1, "must not be empty");
/** Checked in full by the store (core FULL_SLUG), which names the field. */
const fullSlug = line(300);
const when = z.iso
  .datetime({
    offset: true,
    error: "must be an ISO 8601 date-time with an offset, e.g. 2025-06-01T08:00:00+02:00",
  })
  .transform((text) => new Date(text));
const versionNumber = int4();

export const listQuery = z.strictObject({
  /** Only stories whose full slug starts with this, e.g. `categories/`. */
  starts_with: line(300).optional(),
});

export const createBody = z.strictObject({
  name,
  full_slug: fullSlug,
  content: z.unknown().refine((v) => v !== undefined, "is required"),
  /** Publish version 1 at once. */
  publish: z.boolean().optional(),
  position: z.number().int().min(-100_000).max(100_000).optional(),
  is_startpage: z.boolean().optional(),
});

export const updateBody = z
  .strictObject({
    name: name.optional(),
    full_slug: fullSlug.optional(),
    content: z.unknown().optional(),
    /** The draft version this save is based on; a save over a newer draft is refused with 409. */
    expected_version: versionNumber.optional(),
  })
  .refine((b) => b.name !== undefined || b.full_slug !== undefined || b.content !== undefined, {
    message: "must change at least one of name, full_slug, content",
  });

export const publishBody = z.strictObject({ version: versionNumber.optional() }).nullish();

export const scheduleBody = z.strictObject({
  publish_at: when,
  version: versionNumber.optional(),
  name: name.optional(),
});

export const releaseParams = z.strictObject({ id });

const releaseItem = z.strictObject({
  story_id: int4(),
  version: versionNumber.optional(),
});

export const createReleaseBody = z.strictObject({
  name,
  /** When the release goes live; absent keeps it open until published by hand. */
  publish_at: when.nullable().optional(),
  items: z.array(releaseItem).max(500, "must hold at most 500 stories").optional(),
});

export const updateReleaseBody = z
  .strictObject({ name: name.optional(), publish_at: when.nullable().optional() })
  .refine((b) => b.name !== undefined || b.publish_at !== undefined, {
    message: "must change name or publish_at",
  });

export const releaseItemBody = releaseItem;

export const previewTokenBody = z.strictObject({ release: int4().optional() }).nullish();

export const importQuery = z.strictObject({
  dryRun: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((v) => v === "true")
    .optional(),
});

export const importRefused = z.object({
  code: z.number().int(),
  result: z.string(),
  meta: z
    .object({
      errors: z.array(z.object({ path: z.string(), message: z.string(), source: z.string().optional() })),
    })
    .optional(),
});
