/**
 * `includeFields` / `excludeFields` of URL mapping, with the semantics of a search engine's
 * `_source_includes` / `_source_excludes`: dotted paths (`category.name`), `*` wildcards, arrays
 * traversed transparently (`configurable_children.sku` keeps the sku of every child), an
 * included path keeps its whole subtree, and excludes win over includes.
 */

const DROP = Symbol("drop");

interface Rules {
  include: Pattern[] | undefined;
  exclude: Pattern[];
}

interface Pattern {
  text: string;
  regex: RegExp;
  wildcard: boolean;
}

export function filterSource(
  source: object,
  includeFields?: readonly string[] | null,
  excludeFields?: readonly string[] | null,
): Record<string, unknown> {
  const include = includeFields?.length ? includeFields.map(compile) : undefined;
  const exclude = (excludeFields ?? []).map(compile);
  if (!include && exclude.length === 0) return source as Record<string, unknown>;
  const result = pick(source, "", { include, exclude }, !include);
  return result === DROP ? {} : (result as Record<string, unknown>);
}

function compile(text: string): Pattern {
  const escaped = text
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return { text, regex: new RegExp(`^${escaped}$`), wildcard: text.includes("*") };
}

const matches = (patterns: readonly Pattern[], path: string) => patterns.some((p) => p.regex.test(path));

/** Could some include pattern name a field below `path`? */
const mayMatchBelow = (patterns: readonly Pattern[], path: string) =>
  patterns.some((p) => p.wildcard || p.text.startsWith(`${path}.`));

/** `included`: an ancestor matched an include pattern, so this whole subtree stays (less excludes). */
function pick(value: unknown, path: string, rules: Rules, included: boolean): unknown {
  if (path && matches(rules.exclude, path)) return DROP;
  const whole = included || (path !== "" && rules.include !== undefined && matches(rules.include, path));
  if (Array.isArray(value)) {
    const items = value.map((item) => pick(item, path, rules, whole)).filter((item) => item !== DROP);
    return !whole && items.length === 0 ? DROP : items;
  }
  if (value !== null && typeof value === "object") {
    if (!whole && path && rules.include && !mayMatchBelow(rules.include, path)) return DROP;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const kept = pick(child, path ? `${path}.${key}` : key, rules, whole);
      if (kept !== DROP) out[key] = kept;
    }
    return !whole && path && Object.keys(out).length === 0 ? DROP : out;
  }
  return whole ? value : DROP;
}
