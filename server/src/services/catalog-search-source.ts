/**
 * `_source_include` / `_source_exclude` (contract "Catalogue"): dotted field paths, `*` matching
 * any one path segment (or, alone, everything), applied to every item of a search answer. Lists
 * are walked through: "configurable_children.sku" keeps the sku of every child. Items are copied;
 * the index's documents are never changed.
 *
 * What to do with a key depends only on its path, never on the value, so a field list is compiled
 * once into a tree of decisions that fills in as documents are walked: a projection then costs a
 * Map lookup per key instead of matching every pattern (and building regular expressions) for
 * every key of every document. Compiled projections are memoised per field list, and each keeps
 * the JSON of the documents it projected (see `bytesOf`).
 */
type Pattern = string[];

export interface SourceFilter {
  include: Pattern[];
  exclude: Pattern[];
}

export function sourceFilter(
  include: readonly string[] = [],
  exclude: readonly string[] = [],
): SourceFilter | undefined {
  const parse = (list: readonly string[]) =>
    list
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split("."));
  const filter = { include: parse(include), exclude: parse(exclude) };
  return filter.include.length === 0 && filter.exclude.length === 0 ? undefined : filter;
}

/** The memo key of a field list: the same lists, in the same order, share one projection. */
export const sourceKey = (filter: SourceFilter | undefined): string =>
  filter
    ? `${filter.include.map((p) => p.join(".")).join(",")}|${filter.exclude.map((p) => p.join(".")).join(",")}`
    : "";

const segmentMatcher = (pattern: string): ((segment: string) => boolean) => {
  if (pattern === "*") return () => true;
  if (!pattern.includes("*")) return (segment) => segment === pattern;
  const regex = new RegExp(
    `^${pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return (segment) => regex.test(segment);
};

interface Compiled {
  segments: ((segment: string) => boolean)[];
}

const compilePattern = (pattern: Pattern): Compiled => ({ segments: pattern.map(segmentMatcher) });

/** The pattern covers the path (equal or an ancestor of it). */
const covers = (pattern: Compiled, path: readonly string[]) =>
  pattern.segments.length <= path.length && pattern.segments.every((matches, i) => matches(path[i]!));

/** The pattern reaches below the path. */
const below = (pattern: Compiled, path: readonly string[]) =>
  pattern.segments.length > path.length && path.every((seg, i) => pattern.segments[i]!(seg));

const SKIP = 0;
/** Keep the value as it is (shared with the index's document). */
const WHOLE = 1;
/** Keep, but walk it: an exclude pattern reaches below. */
const KEEP_WALK = 2;
/** Walk it for included fields below; keep it only if something is left. */
const PARTIAL = 3;
type Action = typeof SKIP | typeof WHOLE | typeof KEEP_WALK | typeof PARTIAL;

/** Decisions per key are remembered up to this many keys per path (documents with data as keys stay bounded). */
const MAX_KEYS_PER_NODE = 1_000;

class Node {
  private readonly steps = new Map<string, { action: Action; node: Node | undefined }>();

  constructor(
    private readonly path: readonly string[],
    private readonly included: boolean,
    private readonly include: readonly Compiled[],
    private readonly exclude: readonly Compiled[],
  ) {}

  step(key: string): { action: Action; node: Node | undefined } {
    const known = this.steps.get(key);
    if (known) return known;
    const step = this.decide(key);
    if (this.steps.size < MAX_KEYS_PER_NODE) this.steps.set(key, step);
    return step;
  }

  private decide(key: string): { action: Action; node: Node | undefined } {
    const at = [...this.path, key];
    if (this.exclude.some((p) => covers(p, at))) return { action: SKIP, node: undefined };
    const keep = this.included || this.include.some((p) => covers(p, at));
    if (keep) {
      return this.exclude.some((p) => below(p, at))
        ? { action: KEEP_WALK, node: new Node(at, true, this.include, this.exclude) }
        : { action: WHOLE, node: undefined };
    }
    if (this.include.some((p) => below(p, at)))
      return { action: PARTIAL, node: new Node(at, false, this.include, this.exclude) };
    return { action: SKIP, node: undefined };
  }
}

function walk(value: unknown, node: Node): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, node));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    const { action, node: next } = node.step(key);
    if (action === WHOLE) out[key] = child;
    else if (action === KEEP_WALK) out[key] = walk(child, next!);
    else if (action === PARTIAL && child !== null && typeof child === "object") {
      const projected = walk(child, next!);
      if (Array.isArray(projected) || hasKeys(projected as object)) out[key] = projected;
    }
  }
  return out;
}

function hasKeys(value: object): boolean {
  for (const _ in value) return true;
  return false;
}

/** A compiled field list: `apply` projects one item; `bytesOf` its UTF-8 JSON, kept per item. */
export class Projection {
  private readonly root: Node | undefined;
  /**
   * UTF-8 JSON per document object, as bytes so an answer is put together by copying rather
   * than by encoding 80 kB of text again. The index's documents are immutable and replaced whole
   * on a refresh, so a text can never go stale, and a refreshed catalogue's old documents take
   * their texts with them when they are collected.
   */
  private readonly texts = new WeakMap<object, Buffer>();

  constructor(filter: SourceFilter | undefined) {
    this.root = filter
      ? new Node(
          [],
          filter.include.length === 0,
          filter.include.map(compilePattern),
          filter.exclude.map(compilePattern),
        )
      : undefined;
  }

  apply<T>(item: T): T {
    return this.root ? (walk(item, this.root) as T) : item;
  }

  /** The item's JSON after projection; only for documents that are never changed. */
  bytesOf(item: object): Buffer {
    let bytes = this.texts.get(item);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(this.apply(item)));
      this.texts.set(item, bytes);
    }
    return bytes;
  }
}

/**
 * Compiled projections by field list. Shoppers' clients send a handful of lists (the storefront's
 * product card, a full document); a bound keeps odd clients from growing it without end.
 */
const MAX_PROJECTIONS = 16;
const projections = new Map<string, Projection>();

export function projectionFor(filter: SourceFilter | undefined): Projection {
  const key = sourceKey(filter);
  let projection = projections.get(key);
  if (projection) {
    // Most recently used last, so the first is the one to evict.
    projections.delete(key);
    projections.set(key, projection);
    return projection;
  }
  projection = new Projection(filter);
  if (projections.size >= MAX_PROJECTIONS) projections.delete(projections.keys().next().value!);
  projections.set(key, projection);
  return projection;
}

export function applySource<T>(item: T, filter: SourceFilter | undefined): T {
  return filter ? projectionFor(filter).apply(item) : item;
}
