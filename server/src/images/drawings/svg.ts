/**
 * The canvas every drawing shares: a 4:5 studio backdrop, the standard gradients and fabric
 * textures for one colour, and small path helpers so garments can be drawn as half outlines.
 */
import type { DrawingFeature, ImageView } from "../../seed/palette.ts";
import type { Tones } from "./shade.ts";
import { darken, lighten, mix } from "./shade.ts";

export const WIDTH = 800;
export const HEIGHT = 1000;
export const CENTER = WIDTH / 2;
export const BACKDROP = "#f2f0ec";
/** Reflects across the vertical centre line. */
const MIRROR = `matrix(-1 0 0 1 ${WIDTH} 0)`;

/** A box in canvas units: left, top, right, bottom. */
export type Box = readonly [number, number, number, number];

/** A texture and the area it must cover: a close-up only needs lines where the camera looks. */
export interface Fabric {
  kind: Texture;
  area: Box;
}

export function fabric(kind: Texture, closeup: Box | undefined): Fabric | undefined {
  return closeup ? { kind, area: closeup } : undefined;
}

/** A box moved into a group's own coordinates (the group drawn at `translate(dx dy) scale(s)`). */
export function into(box: Box, dx: number, dy: number, s = 1): Box {
  return [(box[0] - dx) / s, (box[1] - dy) / s, (box[2] - dx) / s, (box[3] - dy) / s];
}

export type Pt = readonly [number, number];
/** A straight segment to a point, or a cubic Bézier as [control1, control2, end]. */
export type Seg = Pt | readonly [Pt, Pt, Pt];

const n = (v: number) => String(Math.round(v * 10) / 10);
const p = (pt: Pt) => `${n(pt[0])} ${n(pt[1])}`;
const mirrored = (pt: Pt, cx: number): Pt => [2 * cx - pt[0], pt[1]];
const isLine = (s: Seg): s is Pt => typeof s[0] === "number";

/** An open path through `segs` from `start`. */
export function path(start: Pt, segs: readonly Seg[]): string {
  let d = `M${p(start)}`;
  for (const s of segs) d += isLine(s) ? `L${p(s)}` : `C${p(s[0])} ${p(s[1])} ${p(s[2])}`;
  return d;
}

export function closed(start: Pt, segs: readonly Seg[]): string {
  return `${path(start, segs)}Z`;
}

/**
 * A closed, left-right symmetric outline from its right half: garments are symmetric, and
 * writing half the points keeps the two sides from drifting apart while tuning a silhouette.
 */
export function sym(start: Pt, segs: readonly Seg[], cx = CENTER): string {
  const ends: Pt[] = [start];
  for (const s of segs) ends.push(isLine(s) ? s : s[2]);
  let d = path(start, segs);
  d += `L${p(mirrored(ends[ends.length - 1]!, cx))}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i]!;
    const prev = mirrored(ends[i]!, cx);
    d += isLine(s) ? `L${p(prev)}` : `C${p(mirrored(s[1], cx))} ${p(mirrored(s[0], cx))} ${p(prev)}`;
  }
  return `${d}Z`;
}

/** The fragment plus its mirror image around the vertical centre line. */
export function both(fragment: string): string {
  return `${fragment}<g transform="${MIRROR}">${fragment}</g>`;
}

/** The fragment scaled about (cx, cy) and re-centred: the "detail" view of most kinds. */
function zoom(fragment: string, cx: number, cy: number, scale: number, rotate = 0): string {
  const turn = rotate ? ` rotate(${rotate} ${cx} ${cy})` : "";
  return `<g transform="translate(${CENTER} ${HEIGHT / 2}) scale(${scale}) translate(${-cx} ${-cy})${turn}">${fragment}</g>`;
}

/** A soft contact shadow: a radial fade rather than a blur filter, which is cheaper to rasterise. */
export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.32): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#shadow)" opacity="${opacity}"/>`;
}

/** Stroke attributes for a silhouette edge. */
export function outline(t: Tones, width = 2.4): string {
  return `stroke="${t.line}" stroke-width="${width}" stroke-linejoin="round" stroke-opacity="${t.pale ? 0.85 : 0.6}"`;
}

/** Stroke attributes for an inner seam or fold. */
export function seam(t: Tones, width = 2, opacity = 0.7): string {
  return `fill="none" stroke="${t.seam}" stroke-width="${width}" stroke-linecap="round" stroke-opacity="${opacity}"`;
}

/** Dashed top-stitching. */
export function stitching(color: string, width = 1.6, dash = "6 4", opacity = 0.9): string {
  return `fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round" stroke-opacity="${opacity}"`;
}

export function button(x: number, y: number, r: number, color: string, holes = 2): string {
  const rim = darken(color, 0.22);
  const dots =
    holes === 4
      ? [-1, 1].flatMap((a) =>
          [-1, 1].map(
            (b) =>
              `<circle cx="${n(x + a * r * 0.28)}" cy="${n(y + b * r * 0.28)}" r="${n(r * 0.13)}" fill="${rim}"/>`,
          ),
        )
      : holes === 2
        ? [-1, 1].map(
            (a) => `<circle cx="${n(x + a * r * 0.3)}" cy="${y}" r="${n(r * 0.14)}" fill="${rim}"/>`,
          )
        : [];
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" stroke="${rim}" stroke-width="${n(Math.max(1, r * 0.14))}"/>${dots.join("")}`;
}

/** Gradients keyed to one colour; every drawing can reference them by id. */
function standardDefs(t: Tones): string {
  const mid = mix(t.base, t.hi, 0.55);
  return [
    // A vertical studio sweep: a linear gradient costs librsvg half what a radial one does.
    `<linearGradient id="backdrop" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#f7f6f3"/><stop offset="0.6" stop-color="${BACKDROP}"/><stop offset="1" stop-color="#e7e3dc"/></linearGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#3a342c" stop-opacity="0.9"/><stop offset="0.55" stop-color="#3a342c" stop-opacity="0.35"/><stop offset="1" stop-color="#3a342c" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="body" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${t.lo}"/><stop offset="0.2" stop-color="${t.base}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="0.8" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="vert" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="0.55" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="limb" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${t.base}"/><stop offset="0.4" stop-color="${mid}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="leather" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${t.hi}"/><stop offset="0.35" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="inside" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${darken(t.deep, 0.2)}"/><stop offset="1" stop-color="${t.deep}"/></linearGradient>`,
  ].join("");
}

export type Texture = "weave" | "knit" | "rib" | "twill" | "jersey" | "grain";

/** Clip-path children for outlines, optionally with their mirror images. */
export function shapes(ds: readonly string[], mirror = false): string {
  return ds.map((d) => `<path d="${d}"/>${mirror ? `<path d="${d}" transform="${MIRROR}"/>` : ""}`).join("");
}

function lines(kind: Texture, [x0, y0, x1, y1]: Box): string {
  const out: string[] = [];
  const step = (from: number, to: number, by: number, f: (v: number) => void) => {
    for (let v = from; v <= to; v += by) f(Math.round(v * 10) / 10);
  };
  switch (kind) {
    case "weave":
      step(y0, y1, 6, (y) => out.push(`M${x0} ${y}H${x1}`));
      step(x0, x1, 6, (x) => out.push(`M${x} ${y0}V${y1}`));
      break;
    case "rib":
      step(x0, x1, 9, (x) => out.push(`M${x} ${y0}V${y1}`));
      break;
    case "twill":
      step(x0 - (y1 - y0), x1, 7, (x) => out.push(`M${x} ${y1}L${x + (y1 - y0)} ${y0}`));
      break;
    case "knit":
      step(y0, y1, 7, (y) => {
        let d = `M${x0} ${y}`;
        for (let x = x0 + 6, up = false; x <= x1 + 6; x += 6, up = !up) d += `L${x} ${up ? y : y + 7}`;
        out.push(d);
      });
      break;
    case "jersey":
    case "grain":
      step(y0, y1, kind === "grain" ? 4.5 : 5, (y) => out.push(`M${x0 + ((y * 7) % 9)} ${y}H${x1}`));
      break;
  }
  return out.join("");
}

const LOOK: Record<Texture, { width: number; opacity: number; dash?: string }> = {
  weave: { width: 0.8, opacity: 0.35 },
  rib: { width: 2.2, opacity: 0.4 },
  twill: { width: 1.4, opacity: 0.35 },
  knit: { width: 1.3, opacity: 0.4 },
  jersey: { width: 1.4, opacity: 0.25, dash: "1.2 3.8" },
  grain: { width: 1.6, opacity: 0.22, dash: "1.4 6.1 1 4.3" },
};

/** Colour of texture lines and knitted ribs: a shade off the cloth, lighter on near-black. */
export function textureColor(t: Tones): string {
  return t.dark ? lighten(t.base, 0.22) : darken(t.base, t.pale ? 0.14 : 0.3);
}

function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/**
 * Fabric texture over the outlines in `clip`. Explicit lines under a clip path, not an SVG
 * <pattern>: librsvg re-renders pattern tiles per element and per strip, which made a close-up
 * take half a second; clipped strokes draw in a few milliseconds.
 */
export function texture(
  t: Tones,
  kind: Texture,
  clip: string,
  box: Box = [0, 0, WIDTH, HEIGHT],
  angle = 0,
): string {
  const look = LOOK[kind];
  const color = textureColor(t);
  const pad = angle ? Math.max(box[2] - box[0], box[3] - box[1]) / 2 : 0;
  const area: Box = [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
  const id = `tx${shortHash(`${kind}|${clip}|${box.join(",")}|${angle}`)}`;
  const turn = angle ? ` transform="rotate(${angle} ${(box[0] + box[2]) / 2} ${(box[1] + box[3]) / 2})"` : "";
  const dash = look.dash ? ` stroke-dasharray="${look.dash}"` : "";
  return (
    `<clipPath id="${id}">${clip}</clipPath>` +
    `<g clip-path="url(#${id})"><path d="${lines(kind, area)}"${turn} fill="none" stroke="${color}" stroke-width="${look.width}" stroke-opacity="${look.opacity}"${dash}/></g>`
  );
}

/** A complete standalone SVG document on the studio backdrop. */
export function doc(t: Tones, body: string, defs = ""): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs>${standardDefs(t)}${defs}</defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>${body}</svg>`
  );
}

/** One product kind: the SVG for a colour and a view. */
/** A drawing; `features` change what the kind shows by default (seed/palette.ts DRAWING_FEATURES). */
export type Draw = (t: Tones, view: ImageView, features: ReadonlySet<DrawingFeature>) => string;

/** Front view with a ground shadow, or the close-up crop with the fabric texture showing. */
export function present(
  t: Tones,
  view: ImageView,
  draw: (closeup: Box | undefined) => string,
  focus: [number, number, number],
  ground: [number, number, number],
): string {
  if (view === "detail") {
    const [cx, cy, s] = focus;
    const seen: Box = [cx - 400 / s - 10, cy - 500 / s - 10, cx + 400 / s + 10, cy + 500 / s + 10];
    return doc(t, zoom(draw(seen), cx, cy, s));
  }
  return doc(t, shadow(400, ground[0], ground[1], ground[2]) + draw(undefined));
}
