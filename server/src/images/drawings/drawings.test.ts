import { describe, expect, it } from "vitest";
import { COLORS, DRAWING_FEATURES, IMAGE_VIEWS, PRODUCT_KINDS } from "../../seed/palette.ts";
import { drawProduct } from "./index.ts";

/** Tags must nest and close: a cheap well-formedness check without an XML parser. */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe("drawProduct", () => {
  it("draws every kind in every colour and view as a well-formed 4:5 SVG", () => {
    const features = (k: string): readonly string[] =>
      DRAWING_FEATURES[k as keyof typeof DRAWING_FEATURES] ?? [];
    const specs = PRODUCT_KINDS.flatMap((k) => [k, ...features(k).map((f) => `${k}+${f}`)]);
    for (const kind of specs) {
      for (const { key } of COLORS) {
        for (const view of IMAGE_VIEWS) {
          const label = `${kind}/${key}/${view}`;
          const svg = drawProduct(kind, key, view);
          expect(svg, label).toBeDefined();
          expect(
            svg!.startsWith(
              '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">',
            ),
            label,
          ).toBe(true);
          expect(svg!.endsWith("</svg>"), label).toBe(true);
          expect(svg, label).not.toMatch(/NaN|undefined|Infinity/);
          expect(balanced(svg!), label).toBe(true);
          const ids = new Set([...svg!.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
          for (const [, ref] of svg!.matchAll(/url\(#([^)]+)\)/g))
            expect(ids.has(ref), `${label} #${ref}`).toBe(true);
        }
      }
    }
  });

  it("paints the colour it is asked for", () => {
    expect(drawProduct("shirt", "rood", "front")).toContain("#b3262e");
    expect(drawProduct("shirt", "rood", "front")).not.toBe(drawProduct("shirt", "navy", "front"));
    expect(drawProduct("shirt", "navy", "front")).not.toBe(drawProduct("shirt", "navy", "detail"));
  });

  it("draws a feature differently from the kind's default, and refuses a feature the kind lacks", () => {
    for (const [kind, list] of Object.entries(DRAWING_FEATURES)) {
      for (const feature of list)
        expect(drawProduct(`${kind}+${feature}`, "navy", "front"), `${kind}+${feature}`).not.toBe(
          drawProduct(kind, "navy", "front"),
        );
    }
    expect(drawProduct("shirt+hood", "navy", "front")).toBeUndefined();
    expect(drawProduct("sweater+roll-neck+hood", "navy", "front")).toBeUndefined();
    expect(drawProduct("sweater+hood+hood", "navy", "front")).toBeUndefined();
  });

  it("returns undefined for anything outside the palette", () => {
    expect(drawProduct("hat", "navy", "front")).toBeUndefined();
    expect(drawProduct("shirt", "teal", "front")).toBeUndefined();
    expect(drawProduct("shirt", "navy", "back")).toBeUndefined();
    expect(drawProduct("constructor", "navy", "front")).toBeUndefined();
    expect(drawProduct("shirt", "toString", "front")).toBeUndefined();
  });
});
