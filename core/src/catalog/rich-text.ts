/**
 * Catalogue HTML (product descriptions) as a small tree of allowed elements, so the storefront
 * renders it as React elements and never as raw HTML. Only p, ul, li, strong, em and br survive
 * (b and i become strong and em); other tags are dropped and their text kept, script and style
 * with their content. Attributes are never kept.
 */
import { lookupTable } from "../lookup.ts";

export type RichTag = "p" | "ul" | "li" | "strong" | "em" | "br";
export type RichNode = string | { tag: RichTag; children: RichNode[] };

const RENAMED = lookupTable<RichTag>({
  p: "p",
  ul: "ul",
  li: "li",
  strong: "strong",
  em: "em",
  br: "br",
  b: "strong",
  i: "em",
});

/** Tags whose content is never text for the reader. */
const DROPPED_WITH_CONTENT = new Set(["script", "style", "template", "noscript", "iframe", "object"]);

const ENTITIES = lookupTable<string>({
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
});

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

interface Open {
  tag: RichTag | "root";
  children: RichNode[];
}

/**
 * The allowed tree of an HTML fragment. Nesting is repaired the way browsers do it, so what the
 * server renders hydrates unchanged: a p or ul closes an open p, an li closes an open li, an li
 * outside a ul gets one, anything else directly in a ul goes into an li (whitespace there is dropped).
 */
export function sanitizeHtml(html: string | null | undefined): RichNode[] {
  const root: Open = { tag: "root", children: [] };
  const stack: Open[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTo = (index: number) => {
    stack.length = Math.max(1, index);
  };
  const lastIndexOf = (tag: RichTag) => stack.findLastIndex((o) => o.tag === tag);
  const open = (tag: RichTag) => {
    if (top().tag === "ul" && tag !== "li") open("li");
    const node = { tag, children: [] as RichNode[] };
    top().children.push(node);
    if (tag !== "br") stack.push(node);
  };
  const text = (value: string) => {
    if (value === "") return;
    if (top().tag === "ul") {
      if (value.trim() === "") return;
      open("li");
    }
    const siblings = top().children;
    const last = siblings[siblings.length - 1];
    if (typeof last === "string") siblings[siblings.length - 1] = last + value;
    else siblings.push(value);
  };

  const source = String(html ?? "");
  const token = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][a-z\d-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
  let at = 0;
  for (let match = token.exec(source); match; match = token.exec(source)) {
    text(decodeEntities(source.slice(at, match.index)));
    at = token.lastIndex;
    const [whole, slash, rawName] = match;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!slash && !whole.endsWith("/>")) {
        const end = new RegExp(`</${name}\\s*>`, "gi");
        end.lastIndex = at;
        const closing = end.exec(source);
        at = closing ? end.lastIndex : source.length;
        token.lastIndex = at;
      }
      continue;
    }
    const tag = RENAMED[name];
    if (!tag) continue;
    if (slash) {
      if (tag === "br") {
        open("br");
        continue;
      }
      const index = lastIndexOf(tag);
      if (index > 0) closeTo(index);
      continue;
    }
    if (tag === "p" || tag === "ul") {
      const p = lastIndexOf("p");
      if (p > 0) closeTo(p);
    } else if (tag === "li") {
      const li = lastIndexOf("li");
      const ul = lastIndexOf("ul");
      if (ul < 0) {
        const p = lastIndexOf("p");
        if (p > 0) closeTo(p);
        open("ul");
      } else {
        // A new item closes the open one of the same list, and whatever is open inside it.
        closeTo(li > ul ? li : ul + 1);
      }
    }
    open(tag);
  }
  text(decodeEntities(source.slice(at)));
  return prune(root.children);
}

/** Empty inline elements and empty paragraphs say nothing; a br is never empty. */
function prune(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      out.push(node);
      continue;
    }
    const children = prune(node.children);
    const empty = children.every((c) => typeof c === "string" && c.trim() === "");
    if (node.tag !== "br" && empty) continue;
    out.push({ tag: node.tag, children });
  }
  return out;
}

/** The reader's text of a tree, paragraphs and list items separated by a space. */
export function richTextToPlain(nodes: readonly RichNode[]): string {
  const parts: string[] = [];
  const walk = (list: readonly RichNode[]) => {
    for (const node of list) {
      if (typeof node === "string") parts.push(node);
      else {
        if (node.tag === "br" || node.tag === "p" || node.tag === "li") parts.push(" ");
        walk(node.children);
        if (node.tag === "p" || node.tag === "li") parts.push(" ");
      }
    }
  };
  walk(nodes);
  return parts.join("").replace(/\s+/g, " ").trim();
}
