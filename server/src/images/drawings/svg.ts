/**
 * The canvas every drawing shares: a 4:5 studio backdrop, the standard gradients and fabric
 * textures for one colour, and small path helpers so garments can be drawn as half outlines.
 */
import type { Tones } from "./shade.ts";
import { darken, lighten, mix } from "./shade.ts";

export const WIDTH = 800;
export const HEIGHT = 1000;
export const CENTER = WIDTH / 2;
export const BACKDROP = "#f2f0ec";

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
export function both(fragment: string, cx = CENTER): string {
  return `${fragment}<g transform="matrix(-1 0 0 1 ${2 * cx} 0)">${fragment}</g>`;
}

/** The fragment scaled about (cx, cy) and re-centred: the "detail" view of most kinds. */
export function zoom(fragment: string, cx: number, cy: number, scale: number, rotate = 0): string {
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
      ? [-1, 1].flatMap((a) => [-1, 1].map((b) => `<circle cx="${n(x + a * r * 0.28)}" cy="${n(y + b * r * 0.28)}" r="${n(r * 0.13)}" fill="${rim}"/>`))
      : holes === 2
        ? [-1, 1].map((a) => `<circle cx="${n(x + a * r * 0.3)}" cy="${y}" r="${n(r * 0.14)}" fill="${rim}"/>`)
        : [];
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" stroke="${rim}" stroke-width="${n(Math.max(1, r * 0.14))}"/>${dots.join("")}`;
}

/** Gradients and fabric textures keyed to one colour; every drawing can reference them by id. */
function standardDefs(t: Tones): string {
  const mid = mix(t.base, t.hi, 0.55);
  const tex = t.dark ? lighten(t.base, 0.22) : darken(t.base, t.pale ? 0.14 : 0.3);
  return [
    `<radialGradient id="backdrop" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#f7f6f3"/><stop offset="0.7" stop-color="${BACKDROP}"/><stop offset="1" stop-color="#e6e2db"/></radialGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#3a342c" stop-opacity="0.9"/><stop offset="0.55" stop-color="#3a342c" stop-opacity="0.35"/><stop offset="1" stop-color="#3a342c" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="body" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${t.lo}"/><stop offset="0.2" stop-color="${t.base}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="0.8" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="vert" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="0.55" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="limb" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${t.base}"/><stop offset="0.4" stop-color="${mid}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="leather" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${t.hi}"/><stop offset="0.35" stop-color="${t.base}"/><stop offset="1" stop-color="${t.lo}"/></linearGradient>`,
    `<linearGradient id="shine" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="inside" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${darken(t.deep, 0.2)}"/><stop offset="1" stop-color="${t.deep}"/></linearGradient>`,
    `<pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 1.5H6M1.5 0V6" stroke="${tex}" stroke-width="0.8" stroke-opacity="0.35"/></pattern>`,
    `<pattern id="knit" width="10" height="12" patternUnits="userSpaceOnUse"><path d="M0 1L5 7L10 1M0 7L5 13L10 7" fill="none" stroke="${tex}" stroke-width="1.3" stroke-opacity="0.4"/></pattern>`,
    `<pattern id="rib" width="9" height="10" patternUnits="userSpaceOnUse"><path d="M4.5 0V10" stroke="${tex}" stroke-width="2.2" stroke-opacity="0.4"/></pattern>`,
    `<pattern id="twill" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M-1 8L8 -1M-1 1L1 -1M6 8L8 6" stroke="${tex}" stroke-width="1.4" stroke-opacity="0.35"/></pattern>`,
    `<pattern id="jersey" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="0.7" fill="${tex}" fill-opacity="0.25"/></pattern>`,
    `<pattern id="grain" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="2" cy="3" r="0.9" fill="${tex}" fill-opacity="0.25"/><circle cx="6.5" cy="7" r="0.7" fill="${tex}" fill-opacity="0.2"/></pattern>`,
  ].join("");
}

export type Texture = "weave" | "knit" | "rib" | "twill" | "jersey" | "grain";

/** The same outline again, filled with a texture, laid over the shaded fill. */
export function textured(d: string, texture: Texture | undefined): string {
  return texture ? `<path d="${d}" fill="url(#${texture})"/>` : "";
}

/** A complete standalone SVG document on the studio backdrop. */
export function doc(t: Tones, body: string, defs = ""): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs>${standardDefs(t)}${defs}</defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>${body}</svg>`
  );
}
