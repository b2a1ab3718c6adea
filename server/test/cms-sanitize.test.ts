/**
 * Rich text sanitising (issue 5: no scripts, event handlers or javascript: URLs), with the
 * classic payloads of the OWASP XSS filter evasion cheat sheet, on the sanitiser and through the API.
 */
import { decodeEntities } from "@etalage/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitizeContent, sanitizeRichText } from "../src/services/cms/sanitize.ts";
import { CMS_BASE, cmsEnv, createStory, editor, getJson, textPage } from "./helpers/cms.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>",
  "<<SCRIPT>alert('XSS');//<</SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '"><script>alert(document.cookie)</script>',
  "<img src=x onerror=alert(1)>",
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
  "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
  "<svg onload=alert(1)>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">klik</text></a></svg>',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="JaVaScRiPt:alert(1)">klik</a>',
  '<a href="&#106;avascript:alert(1)">klik</a>',
  '<a href="jav&#x0A;ascript:alert(1)">klik</a>',
  '<a href="javascript&colon;alert(1)">klik</a>',
  '<a href=" javascript:alert(1)">klik</a>',
  '<a href="vbscript:msgbox(1)">klik</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
  '<a href="/ok" onclick="alert(1)" onmouseover="alert(2)">klik</a>',
  '<p onmouseover="alert(1)">zweef</p>',
  "<body onload=alert('XSS')>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>verstuur</button></form>',
  "<input onfocus=alert(1) autofocus>",
  "<details open ontoggle=alert(1)>",
  '<div style="background-image:url(javascript:alert(1))">stijl</div>',
  "<style>@import 'http://xss.rocks/xss.css';</style>",
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<BASE HREF=\"javascript:alert('XSS');//\">",
  "<TABLE BACKGROUND=\"javascript:alert('XSS')\">",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<!--<img src=x onerror=alert(1)>-->",
  '<a href="http://example.com" target="_blank">extern</a>',
];

const ALLOWED_TAGS = new Set("p br strong em u s small a ul ol li h2 h3 h4 blockquote hr".split(" "));
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "target", "rel", "title"],
  h2: ["id"],
  h3: ["id"],
};

/** Browsers drop whitespace and control characters inside a scheme ("jav&#x09;ascript:"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: those characters are the point
const IGNORED_IN_SCHEMES = /[\s\u0000-\u001f]/g;

/** Every tag left is allowed, with allowed attributes only, and no address runs code. */
function expectHarmless(html: string) {
  for (const match of html.matchAll(/<\/?\s*([a-z0-9:-]+)([^>]*)>/gi)) {
    const tag = match[1]!.toLowerCase();
    expect(ALLOWED_TAGS.has(tag), `tag <${tag}> in ${html}`).toBe(true);
    for (const attr of match[2]!.matchAll(/([^\s=]+)\s*=\s*"([^"]*)"/g)) {
      const name = attr[1]!.toLowerCase();
      expect(ALLOWED_ATTRIBUTES[tag] ?? [], `attribute ${name} on <${tag}> in ${html}`).toContain(name);
      if (name === "href") {
        const href = decodeEntities(attr[2]!).replace(IGNORED_IN_SCHEMES, "").toLowerCase();
        expect(href, html).not.toMatch(/^(javascript|vbscript|data):/);
      }
    }
  }
  // Outside tags, what is left is text: a `<` there is escaped.
  const text = html.replace(/<\/?\s*[a-z0-9:-]+[^>]*>/gi, "");
  expect(text, html).not.toMatch(/</);
  expect(html, html).not.toMatch(/<script|\son\w+\s*=|javascript:/i);
}

describe("sanitizeRichText", () => {
  it.each(XSS_PAYLOADS)("makes %s harmless", (payload) => {
    expectHarmless(sanitizeRichText(payload));
  });

  it("has at least 20 payloads", () => expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(20));

  it("keeps editorial HTML and marks external links noopener", () => {
    expect(
      sanitizeRichText(
        '<h2 id="betalen">Betalen</h2><p>Lees <b>meer</b> <a href="/over-ons/">over ons</a>.</p>',
      ),
    ).toBe(
      '<h2 id="betalen">Betalen</h2><p>Lees <strong>meer</strong> <a href="/over-ons/">over ons</a>.</p>',
    );
    expect(sanitizeRichText('<a href="https://www.instagram.com/">Instagram</a>')).toBe(
      '<a href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer">Instagram</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<h2 id="location">x</h2>')).toBe("<h2>x</h2>");
    expect(sanitizeRichText('<a href="mailto:klantenservice@etalage.nl">mail</a>')).toContain(
      'href="mailto:',
    );
  });

  it("makes any mix of payload pieces and text harmless", () => {
    const piece = fc.oneof(
      fc.constantFrom(...XSS_PAYLOADS),
      fc.string(),
      fc.constantFrom("<", ">", '"', "'", "&", "<p>", "</a>"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        expectHarmless(sanitizeRichText(pieces.join("")));
      }),
      { numRuns: 300 },
    );
  });

  it("sanitises exactly the rich-text fields of a content tree", () => {
    const content = {
      _uid: "p",
      component: "page",
      body: [
        { _uid: "t", component: "text", text: "<p onclick=x>hoi</p>" },
        { _uid: "b", component: "banner", title: "<b>geen html</b>" },
      ],
    };
    expect(sanitizeContent(content).body).toEqual([
      { _uid: "t", component: "text", text: "<p>hoi</p>" },
      { _uid: "b", component: "banner", title: "<b>geen html</b>" },
    ]);
  });
});

describe("rich text through the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storefront: false, env: cmsEnv });
  });
  afterAll(() => server?.close());

  it("stores and serves every payload sanitised", async () => {
    const story = await createStory(server, { html: XSS_PAYLOADS.join("\n"), publish: true });
    const res = await getJson(server, `${CMS_BASE}/story/${story.full_slug}`);
    const html = res.body.result.story.content.body[0].text as string;
    expectHarmless(html);
    const saved = await editor(server, "PUT", `/stories/${story.id}`, {
      content: textPage('<img src=x onerror="alert(1)"><p>ok</p>'),
    });
    expect(saved.body.result.story.content.body[0].text).toBe("<p>ok</p>");
  });

  it("sanitises on read too: content that reached the database raw is served clean", async () => {
    const story = await createStory(server, { html: "<p>schoon</p>", publish: true });
    await server.services.database.db.execute(
      `update cms_story_versions set content = jsonb_set(content, '{body,0,text}', '"<p>ok</p><script>alert(1)</script>"') where story_id = ${story.id}`,
    );
    const res = await getJson(server, `${CMS_BASE}/story/${story.full_slug}`);
    expect(res.body.result.story.content.body[0].text).toBe("<p>ok</p>");
  });
});
