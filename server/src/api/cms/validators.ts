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

export const previewEventsQuery = z.strictObject({
  id: int("a story id"),
  token: line(1024),
});

/** Stories are documents of several block types; the schema only says what every story has. */
const storySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    full_slug: z.string(),
    content: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown());

export const storyResult = z.object({ story: storySchema });
export const storiesResult = z.object({ stories: z.array(storySchema) });
