import { describe, expect, it } from "vitest";
import { decodeEntities, type RichNode, richTextToPlain, sanitizeHtml } from "./rich-text.ts";

/** The tree written back as HTML, to compare in one readable string. */
function html(nodes: readonly RichNode[]): string {
  return nodes
    .map((n) =>
      typeof n === "string" ? n : n.tag === "br" ? "<br>" : `<${n.tag}>${html(n.children)}</${n.tag}>`,
    )
    .join("");
}

describe("sanitizeHtml: an allow-list of p, ul, li, strong, em, br", () => {
  it.each<[string, string, string]>([
    [
      "keeps allowed tags",
      "<p>Een <strong>stevige</strong> kraag<br>en <em>parelmoer</em></p>",
      "<p>Een <strong>stevige</strong> kraag<br>en <em>parelmoer</em></p>",
    ],
    ["drops attributes", '<p class="x" onclick="alert(1)" style="color:red">Tekst</p>', "<p>Tekst</p>"],
    ["renames b and i", "<b>vet</b> en <i>schuin</i>", "<strong>vet</strong> en <em>schuin</em>"],
    [
      "unwraps other tags, keeping their text",
      '<div><h2>Titel</h2><a href="javascript:x">link</a> <img src=x onerror=alert(1)></div>',
      "Titellink ",
    ],
    [
      "removes script and style with their content",
      "<p>a<script>alert('x')</script>b<style>p{}</style>c</p>",
      "<p>abc</p>",
    ],
    ["an unclosed script swallows the rest", "<p>a</p><script>alert(1)", "<p>a</p>"],
    ["removes comments", "<p>a<!-- geheim -->b</p>", "<p>ab</p>"],
    [
      "decodes entities in text",
      "<p>Caf&eacute; &amp; co &lt;3 &#8364;&#x20AC;&nbsp;!</p>",
      "<p>Caf&eacute; & co <3 €€\u00a0!</p>",
    ],
    ["a new paragraph closes an open one", "<p>een<p>twee", "<p>een</p><p>twee</p>"],
    [
      "a list closes an open paragraph",
      "<p>Kenmerken:<ul><li>katoen</li></ul>",
      "<p>Kenmerken:</p><ul><li>katoen</li></ul>",
    ],
    ["a new item closes the open one", "<ul><li>een<li>twee</ul>", "<ul><li>een</li><li>twee</li></ul>"],
    ["an item outside a list gets one", "<li>los</li>", "<ul><li>los</li></ul>"],
    [
      "text and inline tags directly in a list go into an item",
      "<ul>\n  <li>a</li>\n  b <strong>c</strong></ul>",
      "<ul><li>a</li><li>\n  b <strong>c</strong></li></ul>",
    ],
    [
      "nested lists stay nested",
      "<ul><li>a<ul><li>b</li></ul></li></ul>",
      "<ul><li>a<ul><li>b</li></ul></li></ul>",
    ],
    ["stray closing tags are ignored", "</p>tekst</strong>", "tekst"],
    ["unclosed tags close at the end", "<p><strong>vet", "<p><strong>vet</strong></p>"],
    ["empty elements are dropped, br kept", "<p> </p><p><br></p><strong></strong>", "<p><br></p>"],
    ["a > inside a quoted attribute does not end the tag", '<p title="a>b">x</p>', "<p>x</p>"],
    ["plain text stays text", "Gewoon tekst", "Gewoon tekst"],
  ])("%s", (_name, input, expected) => {
    expect(html(sanitizeHtml(input))).toBe(expected);
  });

  it("takes nothing for null, undefined or empty", () => {
    expect(sanitizeHtml(null)).toEqual([]);
    expect(sanitizeHtml(undefined)).toEqual([]);
    expect(sanitizeHtml("")).toEqual([]);
  });

  it("never lets a tag through as text that could become markup", () => {
    const tree = sanitizeHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(tree).toEqual([{ tag: "p", children: ["<script>alert(1)</script>"] }]);
  });
});

describe("decodeEntities", () => {
  it("leaves unknown and invalid references as written", () => {
    expect(decodeEntities("&foo; &#0; &#x110000; &amp")).toBe("&foo; &#0; &#x110000; &amp");
  });
});

describe("richTextToPlain", () => {
  it("separates blocks with a space and collapses whitespace", () => {
    expect(richTextToPlain(sanitizeHtml("<p>Een</p><p>twee<br>drie</p><ul><li>a</li><li>b</li></ul>"))).toBe(
      "Een twee drie a b",
    );
  });
});
