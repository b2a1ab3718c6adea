/**
 * Rich text from the CMS is HTML an editor typed or pasted. It is cleaned with an allow-list
 * (sanitize-html) when a draft is saved and again whenever a story is read, so content that
 * reached the database some other way, or was stored under an older rule, is never served raw.
 */
import { RICH_TEXT_FIELDS } from "@etalage/core";
import sanitizeHtml from "sanitize-html";

/** Names an element id could shadow on `window` or `document` (DOM clobbering). */
const CLOBBERING = new Set(
  "location document window name top parent self frames opener history navigator origin length closed status cookie domain forms images links body head".split(
    " ",
  ),
);

/** A heading keeps its id only when it is a plain anchor name that shadows no global. */
function anchorHeading(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const id = attribs.id;
  const plain = id !== undefined && /^[a-z][a-z0-9-]{0,40}$/.test(id) && !CLOBBERING.has(id);
  return { tagName, attribs: plain ? { id } : {} };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "a",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "hr",
  ],
  // Headings keep an id so a link can jump to them (`/klantenservice/#betalen`); see transformTags.
  allowedAttributes: { a: ["href", "target", "rel", "title"], h2: ["id"], h3: ["id"] },
  // No data: (not even images) and no javascript:; protocol-relative links are plain external links.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: true,
  allowedClasses: {},
  allowedStyles: {},
  // Tags outside the list go, their text stays; script, style and the like go with their content.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object", "title"],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    h2: anchorHeading,
    h3: anchorHeading,
    b: "strong",
    i: "em",
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const external = href !== undefined && /^(https?:)?\/\//i.test(href);
      const blank = external || attribs.target === "_blank";
      const out: Record<string, string> = {};
      if (href !== undefined) out.href = href;
      if (title !== undefined) out.title = title;
      // A page opened in a new tab must not get a handle on ours (window.opener).
      if (blank) Object.assign(out, { target: "_blank", rel: "noopener noreferrer" });
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A copy of `content` with every rich-text field (RICH_TEXT_FIELDS) sanitised. */
export function sanitizeContent<T>(content: T): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const component = record.component;
    const rich =
      typeof component === "string" && Object.hasOwn(RICH_TEXT_FIELDS, component)
        ? RICH_TEXT_FIELDS[component]
        : undefined;
    // The database keeps its own key order; blocks read better with `_uid` and `component` first.
    const out: Record<string, unknown> =
      typeof component === "string" && "_uid" in record ? { _uid: record._uid, component } : {};
    for (const [key, v] of Object.entries(record)) {
      out[key] = rich?.includes(key) && typeof v === "string" ? sanitizeRichText(v) : visit(v);
    }
    return out;
  };
  return visit(content) as T;
}
