import { createHash, randomUUID } from "node:crypto";
import { assignUids, type ContentIssue, checkStoryContent, type StoryContent } from "@etalage/core";
import { sanitizeContent } from "./sanitize.ts";

export type PreparedContent = { ok: true; content: StoryContent } | { ok: false; issues: ContentIssue[] };

/**
 * What every write of story content goes through (editor API, import, demo seed): blocks
 * without a `_uid` get one, the tree must parse as the core block schemas (issues name the path
 * under `prefix`), and rich text is sanitised.
 */
export function prepareContent(
  input: unknown,
  prefix: string,
  newUid: () => string = randomUUID,
): PreparedContent {
  const checked = checkStoryContent(assignUids(input, newUid), prefix);
  if (!checked.ok) return checked;
  return { ok: true, content: sanitizeContent(checked.content) };
}

/**
 * Repeatable `_uid`s for imported files that leave them out: the same file imports to the same
 * content, so importing it again is recognised as unchanged instead of saving a new version.
 */
export function uidsFor(fullSlug: string): () => string {
  let n = 0;
  return () => {
    const hex = createHash("sha256").update(`${fullSlug}#${n++}`).digest("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}
