import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storyKind } from "./blocks.ts";
import { isExternalHref, isSafeHref, isVideoAsset, videoType } from "./links.ts";
import { assignUids, checkStoryContent, FULL_SLUG, slugOf } from "./story.ts";

const link = (url: string) => ({ url, cached_url: "" });
const menuLink = (url: string) => ({
  _uid: `l-${url}`,
  component: "menu_link",
  name: "Jassen",
  link: link(url),
});
const menuItem = (i: number, url = "/kleding/jassen/") => ({
  _uid: `m${i}`,
  component: "menu_item",
  name: "Kleding",
  clickable: true,
  link: link("/kleding/"),
  columnOne: [menuLink(url)],
  columnTwo: [],
});
const menu = (items: object[]) => ({
  _uid: "root",
  component: "menu",
  body: items,
  topLevelSubItems: [],
  footerItems: [],
});
const tile = (filename: string, extra: object = {}) => ({
  _uid: `t-${filename}`,
  component: "tile",
  asset: { filename },
  ...extra,
});
const page = (body: object[]) => ({ _uid: "p", component: "page", body });

describe("story content", () => {
  it("accepts each root block", () => {
    expect(
      checkStoryContent(page([tile("/img/a.svg"), { _uid: "x", component: "text", text: "<p>Hoi</p>" }])).ok,
    ).toBe(true);
    expect(checkStoryContent(menu([menuItem(0)])).ok).toBe(true);
    expect(
      checkStoryContent({
        _uid: "c",
        component: "category_content",
        alternateTitle: "Schoenen voor elke dag",
        grid: [{ ...tile("/media/a.webm"), component: "grid_tile", position: 3 }],
      }).ok,
    ).toBe(true);
  });

  it("names the block path of a bad link", () => {
    const result = checkStoryContent(
      menu([menuItem(0), menuItem(1), menuItem(2, "javascript:alert(1)")]),
      "body.content",
    );
    expect(result).toEqual({
      ok: false,
      issues: [{ path: "body.content.body[2].columnOne[0].link.url", message: "Invalid url" }],
    });
  });

  it.each([
    [{ _uid: "r", component: "video" }, "content.component", /must be one of page, category_content/],
    [
      page([{ _uid: "c", component: "carousel", source: "category" }]),
      "content.body[0].categoryId",
      /required/,
    ],
    [
      page([{ _uid: "c", component: "carousel", source: "skus", skus: [] }]),
      "content.body[0].skus",
      /at least one/,
    ],
    [page([tile("/a.pdf")]), "content.body[0].asset.filename", /must be an image .* or a video/],
    [page([tile("/a.svg", { colour: "red" })]), "content.body[0]", /Unrecognized key: "colour"/],
    [page([tile("/a.svg", { link: link("data:text/html,x") })]), "content.body[0].link.url", /Invalid url/],
    [{ ...page([]), seo: { title: 3 } }, "content.seo.title", /expected string/],
    [
      { ...menu([{ ...menuItem(0), cta: { _uid: "c", component: "cta", asset: { filename: "/v.mp4" } } }]) },
      "content.body[0].cta.asset.filename",
      /must be an image/,
    ],
  ])("refuses %j at %s", (content, path, message) => {
    const result = checkStoryContent(content);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toContain(path);
    expect(result.issues.find((i) => i.path === path)?.message).toMatch(message);
  });

  it("tells pages from blocks", () => {
    expect(storyKind("page")).toBe("cms_page");
    expect(storyKind("footer")).toBe("cms_block");
  });
});

describe("links and assets", () => {
  it.each([
    "",
    "/kleding/jassen/",
    "kleding/jassen",
    "https://www.instagram.com/etalage",
    "//cdn.example.nl/x.png",
    "#top",
    "?page=2",
    "mailto:klantenservice@etalage.nl",
    "tel:+31201234567",
  ])("accepts %s", (href) => expect(isSafeHref(href)).toBe(true));

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/png;base64,AAAA",
    "http://",
    "https:///x",
    "/x\u2028y",
    '/"><script>',
    "mailto:",
  ])("refuses %j", (href) => expect(isSafeHref(href)).toBe(false));

  it("never accepts a scheme outside the allow-list", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/), fc.string(), (scheme, rest) => {
        fc.pre(!["http", "https", "mailto", "tel"].includes(scheme));
        expect(isSafeHref(`${scheme}:${rest}`)).toBe(false);
      }),
    );
  });

  it("knows external links and video assets (browsing §2)", () => {
    expect(["http://a.nl", "https://a.nl", "www.a.nl", "//a.nl"].every(isExternalHref)).toBe(true);
    expect(isExternalHref("/kleding/")).toBe(false);
    expect(isVideoAsset("/media/etalage-hero.webm")).toBe(true);
    expect(isVideoAsset("/media/clip.MP4?v=2")).toBe(true);
    expect(isVideoAsset("/img/755/503/crop/product/jacket/navy/front.svg")).toBe(false);
    expect(isVideoAsset("/media.webm/poster.jpg")).toBe(false);
    expect(videoType("/media/etalage-hero.mp4")).toBe("video/mp4");
    expect(videoType("/media/etalage-hero.webm?v=2")).toBe("video/webm");
  });

  it("takes other encodings of a video as its sources, and only videos there (issue 14)", () => {
    const video = (sources: string[], filename = "/media/etalage-hero.webm") =>
      checkStoryContent(page([tile(filename, { asset: { filename, sources } })]));
    expect(video(["/media/etalage-hero.mp4"]).ok).toBe(true);
    const notVideo = video(["/media/poster.jpg"]);
    expect(notVideo.ok).toBe(false);
    expect(JSON.stringify(notVideo)).toContain("sources");
    expect(video(["/media/etalage-hero.mp4"], "/media/still.jpg").ok).toBe(false);
  });
});

describe("assignUids", () => {
  it("fills missing and repeated _uids, leaving the input alone", () => {
    const input = page([
      { component: "text", text: "a" },
      { _uid: "same", component: "text", text: "b" },
      { _uid: "same", component: "text", text: "c" },
    ]);
    let n = 0;
    const out = assignUids(input, () => `new-${n++}`);
    const uids = (out.body as { _uid: string }[]).map((b) => b._uid);
    expect(uids).toEqual(["new-0", "same", "new-1"]);
    expect(out._uid).toBe("p");
    expect((input.body[0] as { _uid?: string })._uid).toBeUndefined();
  });

  it("makes every block's _uid unique", () => {
    const blocks = fc.array(
      fc.record({ _uid: fc.constantFrom("a", "b", ""), component: fc.constant("text") }),
    );
    fc.assert(
      fc.property(blocks, (body) => {
        let n = 0;
        const out = assignUids(page(body), () => `u${n++}`);
        const all = [out._uid, ...(out.body as { _uid: string }[]).map((b) => b._uid)];
        expect(new Set(all).size).toBe(all.length);
      }),
    );
  });
});

describe("full slugs", () => {
  it("takes lower-case path segments", () => {
    expect(FULL_SLUG.test("categories/schoenen/sneakers")).toBe(true);
    expect(FULL_SLUG.test("verzenden-en-retourneren")).toBe(true);
    for (const bad of ["", "/home", "home/", "Home", "a//b", "a b", "../x", "-a"])
      expect(FULL_SLUG.test(bad)).toBe(false);
    expect(slugOf("categories/schoenen")).toBe("schoenen");
    expect(slugOf("home")).toBe("home");
  });
});
