/**
 * Colour arithmetic shared by every drawing: one base hex in, the shades a drawing needs out,
 * so a navy shirt and a white one get the same modelling without per-colour tuning.
 */

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.max(0, Math.min(255, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear blend: 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);
export const darken = (hex: string, t: number) => mix(hex, "#000000", t);

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The shades of one colour a drawing paints with. */
export interface Tones {
  base: string;
  /** Lit side of a fold. */
  hi: string;
  /** Turned-away side of a fold. */
  lo: string;
  /** Insides and deep shadow (the back of a neckline, a shoe's opening). */
  deep: string;
  /** Silhouette outline: keeps white and pale colours readable on the light background. */
  line: string;
  /** Seams and fold lines: darker on light colours, lighter on very dark ones so they still show. */
  seam: string;
  /** Top-stitching, a touch stronger than a seam. */
  stitch: string;
  /** True for colours close to the background, which need a firmer outline. */
  pale: boolean;
  /** True for near-black colours, whose details must be drawn lighter rather than darker. */
  dark: boolean;
}

export function tones(hex: string): Tones {
  const lum = luminance(hex);
  const pale = lum > 0.55;
  const dark = lum < 0.05;
  return {
    base: hex,
    hi: lighten(hex, dark ? 0.12 : pale ? 0.35 : 0.14),
    lo: darken(hex, pale ? 0.1 : 0.2),
    deep: dark ? lighten(hex, 0.06) : darken(hex, pale ? 0.24 : 0.42),
    line: darken(hex, pale ? 0.38 : dark ? 0.2 : 0.34),
    seam: dark ? lighten(hex, 0.16) : darken(hex, pale ? 0.2 : 0.26),
    stitch: dark ? lighten(hex, 0.3) : darken(hex, pale ? 0.28 : 0.36),
    pale,
    dark,
  };
}
