import { z } from "zod";
import { commaList, line } from "../../http/schemas.ts";

const int = (what: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `must be ${what}`)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, `must be ${what}`));

/** The preview route's parameters (browsing §2 "CMS pages"): id, spaceId, timestamp, token, release. */
export const validateEditorQuery = z.strictObject({
  id: int("a story id"),
  spaceId: int("a space id"),
  timestamp: int("Unix seconds"),
  token: line(1024).optional(),
  /** The release being previewed; 0 or absent for none. */
  release: int("a release id").optional(),
});

export const validateEditorResult = z.object({
  previewToken: z.string(),
  id: z.number().int(),
  spaceId: z.number().int(),
  release: z.number().int().nullable(),
  expires_at: z.string(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const byUuidQuery = z.strictObject({
  uuid: commaList(z.string().regex(UUID, "must be a uuid"), 100, "uuid"),
});

/**
 * What storyblok-js-client sends besides ours (Content Delivery API v2): its cache version, paging
 * and resolving options. Accepted; relations and links are not resolved (the shop's stories
 * carry none), so `rels` and `links` answer empty.
 */
const storyblokParams = {
  /** The CMS client's cache-busting version; accepted and not needed. */
  cv: line(32).optional(),
  resolve_level: line(8).optional(),
  resolve_relations: line(1024).optional(),
  resolve_links: line(32).optional(),
  language: line(32).optional(),
  fallback_lang: line(32).optional(),
  excluding_fields: line(1024).optional(),
};

export const cdnQuery = z.strictObject({
  token: line(1024).optional(),
  version: z.enum(["published", "draft"], { error: "must be published or draft" }).default("published"),
  from_release: int("a release id").optional(),
  ...storyblokParams,
});

export const cdnListQuery = z.strictObject({
  token: line(1024).optional(),
  version: z.enum(["published", "draft"], { error: "must be published or draft" }).default("published"),
  starts_with: line(300).default(""),
  per_page: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(100)
    .default(25),
  page: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1)
    .max(10_000)
    .default(1),
  sort_by: line(64).optional(),
  is_startpage: line(8).optional(),
  ...storyblokParams,
});

export const previewEventsQuery = z.strictObject({
  id: int("a story id"),
  token: line(1024),
});

/** Stories are documents of several block types; the schema only says what every story has. */
export const storySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    full_slug: z.string(),
    content: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

export const storyResult = z.object({ story: storySchema });
/** Storyblok's Content Delivery API v2 answers: bare, with the cache version and (empty) relations and links. */
export const cdnStoryResult = z.object({
  story: storySchema,
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});
export const cdnStoriesResult = z.object({
  stories: z.array(storySchema),
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});
export const storiesResult = z.object({ stories: z.array(storySchema) });
