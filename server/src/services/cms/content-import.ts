/**
 * Content import (`npm run content:import`, the editor API's import, the demo seed): JSON files
 * of stories, `{ "stories": [ { name, full_slug, content, publish? } ] }`. Stories are matched
 * by full slug: a new one is created, a changed one gets a new draft version, an unchanged one
 * is left alone; `publish: true` makes the draft live. All or nothing: any problem in any file
 * and nothing is written.
 */
import { type ContentIssue, FULL_SLUG, type StoryContent } from "@etalage/core";
import { z } from "zod";
import { findBadText } from "../../http/input.ts";
import { prepareContent, uidsFor } from "./content.ts";
import type { CmsStore } from "./stories.ts";
import { CmsError } from "./story-rows.ts";

const importedStory = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  full_slug: z
    .string()
    .max(300, "must be at most 300 characters")
    .regex(
      FULL_SLUG,
      "must be lower-case path segments of letters, digits, - and _ (e.g. categories/schoenen)",
    ),
  content: z.unknown(),
  publish: z.boolean().optional(),
  position: z.number().int().min(-100_000).max(100_000).optional(),
  is_startpage: z.boolean().optional(),
});

const contentFileSchema = z.strictObject({
  stories: z
    .array(importedStory)
    .min(1, "must hold at least one story")
    .max(500, "must hold at most 500 stories"),
});

export interface ContentDocument {
  /** Where the document came from (a file name), shown with its issues. */
  source?: string;
  data: unknown;
}

export interface ImportIssue extends ContentIssue {
  source?: string;
}

export interface ContentImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  published: number;
}

export type ContentImportOutcome =
  | { ok: true; summary: ContentImportSummary; dryRun: boolean }
  | { ok: false; issues: ImportIssue[] };

interface Checked {
  story: z.output<typeof importedStory>;
  content: StoryContent;
}

export function formatImportIssue(issue: ImportIssue): string {
  return `${issue.source ? `${issue.source}: ` : ""}${issue.path}: ${issue.message}`;
}

export async function importContent(
  store: CmsStore,
  documents: readonly ContentDocument[],
  options: { dryRun?: boolean; prefix?: string } = {},
): Promise<ContentImportOutcome> {
  const { checked, issues } = check(documents, options.prefix ?? "");
  if (issues.length > 0) return { ok: false, issues };
  const summary: ContentImportSummary = { created: 0, updated: 0, unchanged: 0, published: 0 };
  for (const { story } of checked) if (story.publish) summary.published++;
  // A dry run does all the work, conflicts included, and rolls it back.
  const dryRun = new CmsError("invalid", "dry run");
  const result = await store.write(async (tx) => {
    for (const [i, { story, content }] of checked.entries()) {
      const outcome = await store.upsertIn(tx, story, content, story.publish === true);
      if (outcome instanceof CmsError) {
        return new CmsError(
          outcome.kind,
          `${story.full_slug} (story ${i + 1} of ${checked.length}): ${outcome.message}`,
        );
      }
      summary[outcome.change]++;
    }
    return options.dryRun ? dryRun : summary;
  });
  if (result === dryRun) return { ok: true, summary, dryRun: true };
  if (result instanceof CmsError)
    return { ok: false, issues: [{ path: "stories", message: result.message }] };
  return { ok: true, summary: result, dryRun: false };
}

function check(documents: readonly ContentDocument[], prefix: string) {
  const issues: ImportIssue[] = [];
  const checked: Checked[] = [];
  const seen = new Map<string, string>();
  const at = (path: string) => (prefix ? (path ? `${prefix}.${path}` : prefix) : path);
  for (const { source, data } of documents) {
    const withSource = (issue: ContentIssue): ImportIssue => (source ? { ...issue, source } : issue);
    // A file from the command line never passed the request's text rule (http/input.ts).
    const bad = findBadText(data, prefix ? [prefix] : [], true);
    if (bad) {
      issues.push(withSource({ path: bad.path || "(file)", message: bad.message }));
      continue;
    }
    const parsed = contentFileSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.reduce<string>(
          (text, part) =>
            typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
          "",
        );
        issues.push(withSource({ path: at(path) || "(file)", message: issue.message }));
      }
      continue;
    }
    for (const [i, story] of parsed.data.stories.entries()) {
      const where = at(`stories[${i}]`);
      const first = seen.get(story.full_slug);
      if (first !== undefined) {
        issues.push(
          withSource({ path: `${where}.full_slug`, message: `repeats ${story.full_slug} (${first})` }),
        );
        continue;
      }
      seen.set(story.full_slug, `${source ? `${source} ` : ""}${where}`);
      const prepared = prepareContent(story.content, `${where}.content`, uidsFor(story.full_slug));
      if (!prepared.ok) issues.push(...prepared.issues.map(withSource));
      else checked.push({ story, content: prepared.content });
    }
  }
  return { checked, issues };
}
