/**
 * The parameters of Storyblok's Content Delivery API v2 story reads (`ISbStoriesParams` and
 * `ISbStoryParams` of storyblok-js-client), read from a query string and applied to stories as
 * Storyblok applies them. Pure: the built-in CMS loads the stories, this picks, sorts and pages.
 * An unknown parameter is refused with 422 naming it, as version 2 of the API does.
 */
import type { CmsStory } from "@etalage/core";

type CdaVersion = "published" | "draft";

/** A story as the CDA answers it: the shop's story and Storyblok's fields it lacks. */
export type CdaStory = CmsStory & {
  alternates: never[];
  group_id: string;
  meta_data: null;
  sort_by_date: null;
  default_full_slug: null;
  translated_slugs: null;
  path: null;
};

const FILTER_OPERATIONS = [
  "is",
  "in",
  "not_in",
  "like",
  "not_like",
  "any_in_array",
  "all_in_array",
  "gt_date",
  "lt_date",
  "gt_int",
  "lt_int",
  "gt_float",
  "lt_float",
] as const;
type FilterOperation = (typeof FILTER_OPERATIONS)[number];
interface FieldFilter {
  field: string;
  operation: FilterOperation;
  value: string;
}
/** `filter_query[a][is]=x&filter_query[__or][0][b][is]=y`: all of `and`, and one of each `or` group. */
interface FilterQuery {
  and: FieldFilter[];
  or: FieldFilter[][];
}

interface Common {
  token: string | undefined;
  version: CdaVersion;
  cv: number | undefined;
  fromRelease: number | undefined;
  resolveRelations: string[];
  resolveLinks: "story" | "url" | "link" | undefined;
  resolveAssets: boolean;
  excludingFields: string[];
  excludingStoryFields: string[];
}

export interface StoryParams extends Common {
  findBy: "uuid" | undefined;
}

export interface StoriesParams extends Common {
  page: number;
  perPage: number;
  startsWith: string | undefined;
  bySlugs: string[] | undefined;
  byUuids: string[] | undefined;
  byUuidsOrdered: string[] | undefined;
  excludingIds: number[];
  excludingSlugs: string[];
  withTag: string[] | undefined;
  isStartpage: boolean | undefined;
  contentType: string | undefined;
  level: number | undefined;
  searchTerm: string | undefined;
  sortBy: { field: string; desc: boolean; type: "string" | "int" | "float" } | undefined;
  filter: FilterQuery;
  dates: { field: "first_published_at" | "published_at" | "updated_at"; after: boolean; at: number }[];
}

export type Parsed<T> = { ok: true; params: T } | { ok: false; status: 422; message: string };

type Query = Record<string, unknown>;

/** Read by the client or sent by it without meaning here (one language, no dimensions). */
const ACCEPTED_AND_IGNORED = [
  "language",
  "fallback_lang",
  "resolve_level",
  "resolve_links_level",
  "dimension",
];
const COMMON = [
  "token",
  "version",
  "cv",
  "from_release",
  "resolve_relations",
  "resolve_links",
  "resolve_assets",
  "excluding_fields",
  "excluding_story_fields",
  ...ACCEPTED_AND_IGNORED,
];
const STORY_KEYS = new Set([...COMMON, "find_by"]);
const LIST_KEYS = new Set([
  ...COMMON,
  "page",
  "per_page",
  "starts_with",
  "by_slugs",
  "by_uuids",
  "by_uuids_ordered",
  "excluding_ids",
  "excluding_slugs",
  "with_tag",
  "is_startpage",
  "content_type",
  "component",
  "level",
  "search_term",
  "sort_by",
  "first_published_at_gt",
  "first_published_at_lt",
  "published_at_gt",
  "published_at_lt",
  "updated_at_gt",
  "updated_at_lt",
]);

class Refusal {
  constructor(readonly message: string) {}
}

function text(query: Query, key: string, max = 2000): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new Refusal(`${key}: must be given once`);
  if (value.length > max) throw new Refusal(`${key}: must be at most ${max} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new Refusal(`${key}: must not contain control characters`);
  return value;
}

function list(query: Query, key: string): string[] | undefined {
  const value = text(query, key);
  if (value === undefined) return undefined;
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > 500) throw new Refusal(`${key}: must list at most 500 items`);
  return items;
}

function whole(query: Query, key: string, min: number, max: number): number | undefined {
  const value = text(query, key, 20);
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new Refusal(`${key}: must be a whole number from ${min} to ${max}`);
  return Number(value);
}

function flag(query: Query, key: string): boolean | undefined {
  const value = text(query, key, 8);
  if (value === undefined || value === "") return undefined;
  if (["1", "true"].includes(value)) return true;
  if (["0", "false"].includes(value)) return false;
  throw new Refusal(`${key}: must be 1, 0, true or false`);
}

function common(query: Query): Common {
  const version = text(query, "version", 16) ?? "published";
  if (version !== "published" && version !== "draft")
    throw new Refusal("version: must be published or draft");
  const links = text(query, "resolve_links", 8);
  if (links !== undefined && !["story", "url", "link", "0", "1", ""].includes(links))
    throw new Refusal("resolve_links: must be story, url, link, 0 or 1");
  return {
    token: text(query, "token", 1024),
    version,
    cv: whole(query, "cv", 0, 99_999_999_999),
    fromRelease: whole(query, "from_release", 0, 2_147_483_647) || undefined,
    resolveRelations: list(query, "resolve_relations") ?? [],
    resolveLinks: links === "1" ? "story" : links === "" || links === "0" ? undefined : (links as "story"),
    resolveAssets: whole(query, "resolve_assets", 0, 1) === 1,
    excludingFields: list(query, "excluding_fields") ?? [],
    excludingStoryFields: list(query, "excluding_story_fields") ?? [],
  };
}

function unknownKey(query: Query, known: Set<string>): string | undefined {
  return Object.keys(query).find((key) => !known.has(key) && !key.startsWith("filter_query["));
}

export function parseStoryParams(query: Query): Parsed<StoryParams> {
  try {
    const unknown = unknownKey(query, STORY_KEYS);
    if (unknown !== undefined || Object.keys(query).some((k) => k.startsWith("filter_query[")))
      throw new Refusal(`${unknown ?? "filter_query"}: is not a parameter of this endpoint`);
    const findBy = text(query, "find_by", 8);
    if (findBy !== undefined && findBy !== "uuid") throw new Refusal("find_by: must be uuid");
    return { ok: true, params: { ...common(query), findBy } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

export function parseStoriesParams(query: Query): Parsed<StoriesParams> {
  try {
    const unknown = unknownKey(query, LIST_KEYS);
    if (unknown !== undefined) throw new Refusal(`${unknown}: is not a parameter of this endpoint`);
    const sort = text(query, "sort_by", 200);
    let sortBy: StoriesParams["sortBy"];
    if (sort) {
      const [field = "", direction = "asc", type = "string"] = sort.split(":");
      if (!/^[\w.]{1,100}$/.test(field) || !["asc", "desc"].includes(direction))
        throw new Refusal("sort_by: must be field:asc or field:desc (e.g. content.name:asc)");
      if (!["string", "int", "float"].includes(type))
        throw new Refusal("sort_by: the type must be int or float");
      sortBy = { field, desc: direction === "desc", type: type as "string" };
    }
    const dates: StoriesParams["dates"] = [];
    for (const field of ["first_published_at", "published_at", "updated_at"] as const) {
      for (const after of [true, false]) {
        const key = `${field}_${after ? "gt" : "lt"}`;
        const value = text(query, key, 32);
        if (value === undefined) continue;
        const at = Date.parse(value.replace(" ", "T") + (value.length <= 16 ? "Z" : ""));
        if (Number.isNaN(at)) throw new Refusal(`${key}: must be a date like 2026-11-28 10:00`);
        dates.push({ field, after, at });
      }
    }
    return {
      ok: true,
      params: {
        ...common(query),
        page: whole(query, "page", 1, 1_000_000) ?? 1,
        // Storyblok answers at most 100 a page, whatever is asked.
        perPage: Math.min(100, whole(query, "per_page", 1, 1_000_000) ?? 25),
        startsWith: text(query, "starts_with", 300)?.replace(/^\/+/, ""),
        bySlugs: list(query, "by_slugs"),
        byUuids: list(query, "by_uuids"),
        byUuidsOrdered: list(query, "by_uuids_ordered"),
        excludingIds: (list(query, "excluding_ids") ?? []).map((id) => {
          if (!/^\d{1,10}$/.test(id))
            throw new Refusal("excluding_ids: must be story ids separated by commas");
          return Number(id);
        }),
        excludingSlugs: list(query, "excluding_slugs") ?? [],
        withTag: list(query, "with_tag"),
        isStartpage: flag(query, "is_startpage"),
        contentType: text(query, "content_type", 100) ?? text(query, "component", 100),
        level: whole(query, "level", 1, 100),
        searchTerm: text(query, "search_term", 200)?.trim() || undefined,
        sortBy,
        filter: parseFilterQuery(query),
        dates,
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: 422, message: error.message };
    throw error;
  }
}

/** `filter_query[field][operation]` and `filter_query[__or][n][field][operation]`, as the client writes them. */
function parseFilterQuery(query: Query): FilterQuery {
  const filter: FilterQuery = { and: [], or: [] };
  const alternatives: FieldFilter[] = [];
  for (const key of Object.keys(query)) {
    if (!key.startsWith("filter_query[")) continue;
    const parts = /^filter_query((?:\[[^\][]{0,100}\]){2,4})$/.exec(key)?.[1]?.slice(1, -1).split("][");
    const either = parts?.[0] === "__or" && parts.length === 4;
    const [field, operation] = either ? parts.slice(2) : (parts ?? []);
    if (
      !parts ||
      (!either && parts.length !== 2) ||
      (either && !/^\d{0,3}$/.test(parts[1]!)) ||
      !field ||
      !/^[\w.]{1,100}$/.test(field)
    )
      throw new Refusal(
        `${key}: must be filter_query[field][operation] or filter_query[__or][][field][operation]`,
      );
    if (!FILTER_OPERATIONS.includes(operation as FilterOperation))
      throw new Refusal(`${key}: the operation must be one of ${FILTER_OPERATIONS.join(", ")}`);
    // The client writes `__or` entries as one repeated key, `filter_query[__or][][title][is]`.
    const raw = query[key];
    const values = either && Array.isArray(raw) ? raw : [text(query, key) ?? ""];
    if (values.length > 50) throw new Refusal(`${key}: must be given at most 50 times`);
    for (const value of values) {
      if (typeof value !== "string" || value.length > 2000) throw new Refusal(`${key}: must be text`);
      (either ? alternatives : filter.and).push({ field, operation: operation as FilterOperation, value });
    }
  }
  // One of the `__or` entries must hold.
  if (alternatives.length > 0) filter.or.push(alternatives);
  return filter;
}

// -- applying them ------------------------------------------------------------------------------

/** Storyblok's fields the shop's story lacks; `group_id` ties translations, one per story here. */
export function cdaStory(story: CmsStory): CdaStory {
  return {
    ...story,
    alternates: [],
    group_id: story.uuid,
    meta_data: null,
    sort_by_date: null,
    default_full_slug: null,
    translated_slugs: null,
    path: null,
  };
}

function fieldOf(story: CmsStory, field: string): unknown {
  const path = field.startsWith("content.") ? field.slice("content.".length) : field;
  // Storyblok filters and sorts on content fields; a story field is named without `content.`
  // in sort_by (`name`, `created_at`, `position`) and then wins.
  if (!field.startsWith("content.") && field in story && field !== "content")
    return (story as unknown as Record<string, unknown>)[field];
  let value: unknown = story.content;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const asText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

function holds(story: CmsStory, { field, operation, value }: FieldFilter): boolean {
  const actual = fieldOf(story, field.startsWith("content.") ? field : `content.${field}`);
  const values = value.split(",");
  switch (operation) {
    case "is":
      if (value === "empty") return actual === undefined || actual === null || actual === "";
      if (value === "not_empty") return !(actual === undefined || actual === null || actual === "");
      if (value === "true" || value === "false") return String(actual) === value;
      return asText(actual) === value;
    case "in":
      return values.includes(asText(actual));
    case "not_in":
      return !values.includes(asText(actual));
    case "like":
    case "not_like": {
      const pattern = new RegExp(`^${value.split("*").map(escapeRegExp).join(".*")}$`, "i");
      return pattern.test(asText(actual)) === (operation === "like");
    }
    case "any_in_array":
    case "all_in_array": {
      const items = Array.isArray(actual) ? actual.map(asText) : [];
      return operation === "any_in_array"
        ? values.some((v) => items.includes(v))
        : values.every((v) => items.includes(v));
    }
    case "gt_date":
    case "lt_date": {
      const a = Date.parse(asText(actual).replace(" ", "T"));
      const b = Date.parse(value.replace(" ", "T"));
      if (Number.isNaN(a) || Number.isNaN(b)) return false;
      return operation === "gt_date" ? a > b : a < b;
    }
    default: {
      const a = Number(actual);
      const b = operation.endsWith("_int") ? Number.parseInt(value, 10) : Number.parseFloat(value);
      if (actual === undefined || actual === "" || Number.isNaN(a) || Number.isNaN(b)) return false;
      return operation.startsWith("gt") ? a > b : a < b;
    }
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `by_slugs=news/*,about`: a trailing `*` takes everything under a folder. */
function slugMatches(fullSlug: string, pattern: string): boolean {
  const clean = pattern.replace(/^\/+/, "");
  if (clean.endsWith("*")) return fullSlug.startsWith(clean.slice(0, -1));
  return fullSlug === clean.replace(/\/+$/, "");
}

/** Words of the story's name and content texts, for `search_term`. */
function searchText(story: CmsStory): string {
  const words: string[] = [story.name];
  const walk = (value: unknown) => {
    if (typeof value === "string") words.push(value.replace(/<[^>]*>/g, " "));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      for (const [key, v] of Object.entries(value)) if (key !== "_uid" && key !== "component") walk(v);
  };
  walk(story.content);
  return words.join(" ").toLowerCase();
}

/** The stories a list read picks from `all`, in Storyblok's order, before paging. */
export function selectStories(all: readonly CmsStory[], p: StoriesParams): CmsStory[] {
  const excluded = new Set(p.excludingIds);
  const tags = p.withTag;
  const term = p.searchTerm?.toLowerCase();
  let picked = all.filter((story) => {
    if (p.startsWith !== undefined && !story.full_slug.startsWith(p.startsWith)) return false;
    if (p.bySlugs && !p.bySlugs.some((s) => slugMatches(story.full_slug, s))) return false;
    if (p.excludingSlugs.some((s) => slugMatches(story.full_slug, s))) return false;
    const uuids = p.byUuidsOrdered ?? p.byUuids;
    if (uuids && !uuids.includes(story.uuid)) return false;
    if (excluded.has(story.id)) return false;
    if (tags && !tags.some((tag) => story.tag_list.includes(tag))) return false;
    if (p.isStartpage !== undefined && story.is_startpage !== p.isStartpage) return false;
    if (p.contentType !== undefined && story.content.component !== p.contentType) return false;
    if (p.level !== undefined && story.full_slug.split("/").length !== p.level) return false;
    if (term && !term.split(/\s+/).every((word) => searchText(story).includes(word))) return false;
    for (const { field, after, at } of p.dates) {
      const value = story[field];
      const time = value ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time) || (after ? time <= at : time >= at)) return false;
    }
    if (!p.filter.and.every((f) => holds(story, f))) return false;
    if (!p.filter.or.every((group) => group.some((f) => holds(story, f)))) return false;
    return true;
  });
  if (p.byUuidsOrdered) {
    const order = new Map(p.byUuidsOrdered.map((uuid, i) => [uuid, i]));
    picked.sort((a, b) => order.get(a.uuid)! - order.get(b.uuid)!);
  } else if (p.sortBy) {
    const { field, desc, type } = p.sortBy;
    const key = (story: CmsStory) => {
      const value = fieldOf(story, field);
      return type === "string" ? asText(value) : Number(value);
    };
    picked = picked
      .map((story) => ({ story, key: key(story) }))
      .sort((a, b) => {
        const order =
          typeof a.key === "number" && typeof b.key === "number"
            ? (Number.isNaN(a.key) ? 0 : a.key) - (Number.isNaN(b.key) ? 0 : b.key)
            : String(a.key).localeCompare(String(b.key), "nl");
        return desc ? -order : order;
      })
      .map((entry) => entry.story);
  }
  // Otherwise the story list's own order: position, then id (as the built-in store reads them).
  return picked;
}

/** The story's content without `excluding_fields`, without `excluding_story_fields` on the story. */
export function trimStory(story: CdaStory, p: Common): CdaStory {
  let out = story;
  if (p.excludingFields.length > 0) {
    const drop = new Set(p.excludingFields);
    const strip = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(strip);
      if (value && typeof value === "object" && "component" in value)
        return Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !drop.has(key))
            .map(([key, v]) => [key, strip(v)]),
        );
      return value;
    };
    out = { ...out, content: strip(out.content) as CmsStory["content"] };
  }
  if (p.excludingStoryFields.length > 0) {
    const copy: Record<string, unknown> = { ...out };
    for (const field of p.excludingStoryFields)
      if (!["id", "uuid", "name", "slug", "full_slug", "content"].includes(field)) delete copy[field];
    out = copy as unknown as CdaStory;
  }
  return out;
}

/** Story uuids named by the `resolve_relations` fields (`component.field`) of these stories. */
export function relationUuids(stories: readonly CmsStory[], fields: readonly string[]): string[] {
  if (fields.length === 0) return [];
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const block = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(block)) {
      const named = fields.includes(`${String(block.component)}.${key}`) || fields.includes(`*.${key}`);
      if (named && typeof v === "string") found.add(v);
      else if (named && Array.isArray(v))
        for (const item of v)
          if (typeof item === "string") found.add(item);
          else walk(v);
    }
  };
  for (const story of stories) walk(story.content);
  return [...found];
}

/** Story uuids of the stories' multilinks to a story (`linktype: story`, `id` = the story's uuid). */
export function linkUuids(stories: readonly CmsStory[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if (node.linktype === "story" && typeof node.id === "string" && node.id) found.add(node.id);
    for (const v of Object.values(node)) walk(v);
  };
  for (const story of stories) walk(story.content);
  return [...found];
}

/** A link object as `resolve_links=url|link` answers it. */
export function linkObject(story: CmsStory) {
  return {
    id: story.id,
    uuid: story.uuid,
    name: story.name,
    slug: story.slug,
    full_slug: story.full_slug,
    url: story.full_slug,
    is_folder: false,
    is_startpage: story.is_startpage,
    parent_id: story.parent_id,
    published: story.published_at !== null,
    position: story.position,
  };
}

/** The assets (`filename`s) the stories use, as `resolve_assets=1` lists them. */
export function assetsOf(stories: readonly CmsStory[]) {
  const found = new Map<string, { filename: string; alt: string | null; title: string | null }>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    if (typeof node.filename === "string" && !found.has(node.filename))
      found.set(node.filename, {
        filename: node.filename,
        alt: typeof node.alt === "string" ? node.alt : null,
        title: typeof node.title === "string" ? node.title : null,
      });
    for (const v of Object.values(node)) walk(v);
  };
  for (const story of stories) walk(story.content);
  return [...found.values()].map((asset, i) => ({ id: i + 1, ...asset, is_private: false }));
}
