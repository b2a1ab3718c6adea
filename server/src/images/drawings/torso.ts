/**
 * The upper-body silhouette shared by every top and jacket, drawn "ghost mannequin" style: the
 * garment stands as if worn, sleeves hanging slightly away from the body, the inside of the back
 * neck showing. One geometry keeps all tops at the same scale on the page.
 */
import type { Tones } from "./shade.ts";
import {
  both,
  CENTER,
  closed,
  type Fabric,
  outline,
  type Pt,
  path,
  type Seg,
  shapes,
  sym,
  texture,
} from "./svg.ts";

export interface TorsoSpec {
  /** Where the neckline meets the centre front (deep for V-necks and lapels). */
  neckFrontY: number;
  neckHalf?: number;
  /** Straight V-neck edges instead of a rounded scoop. */
  vNeck?: boolean;
  /** "none" for a bodywarmer or a waistcoat: armholes, no sleeves. */
  sleeve: "long" | "short" | "none";
  /** Extra sleeve width, for puffy outerwear sleeves. */
  sleeveBulk?: number;
  hemY: number;
  hemHalf: number;
  /** A shirt's curved tail hem. */
  tail?: boolean;
  /** Depth of a cuff or sleeve band, 0 for a plain hem. */
  cuff: number;
  /** Depth of a ribbed hem band, 0 for none. */
  hemBand?: number;
  /** How much narrower the hem band is than the body (blouson jackets). */
  bandInset?: number;
}

const SHOULDER_Y = 212;
const NECK_Y = 178;
const SHOULDER_HALF = 205;

export interface TorsoParts {
  /** Right sleeve; the left is its mirror. */
  sleeve: string;
  /** Band at the end of the right sleeve, or "" for none. */
  cuff: string;
  body: string;
  hemBand: string;
  backNeck: string;
  /** Centre-front neckline from the left neck point to the right one, for collar and rib overlays. */
  neckline: string;
  armpitY: number;
}

function band(a: Pt, b: Pt, toward: Pt, depth: number): string {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const len = Math.hypot(toward[0] - mx, toward[1] - my);
  const ux = ((toward[0] - mx) / len) * depth;
  const uy = ((toward[1] - my) / len) * depth;
  return closed(a, [b, [b[0] + ux, b[1] + uy], [a[0] + ux, a[1] + uy]]);
}

export function torso(spec: TorsoSpec): TorsoParts {
  const c = CENTER;
  const nh = spec.neckHalf ?? 58;
  const s = c + SHOULDER_HALF;
  const bulk = spec.sleeveBulk ?? 0;
  const long = spec.sleeve === "long";
  const armY = long ? 372 : 338;
  const ax = s - 20;
  const hh = c + spec.hemHalf;

  let sleeve: string;
  let cuff = "";
  if (spec.sleeve === "none") {
    sleeve = "";
  } else if (long) {
    const outer: Pt = [s + 95 + bulk * 0.4, 790];
    const inner: Pt = [s + 20 - bulk * 0.2, 800];
    sleeve = closed(
      [s - 30, 222],
      [
        [s, SHOULDER_Y],
        [[s + 40 + bulk, 290], [s + 82 + bulk * 1.4, 560], outer],
        inner,
        [
          [s + 8 - bulk * 0.6, 620],
          [ax + 6 - bulk * 0.3, 480],
          [ax, armY],
        ],
        [ax - 40, armY - 40],
      ],
    );
    if (spec.cuff) cuff = band(outer, inner, [s + 30, 300], spec.cuff);
  } else {
    const outer: Pt = [s + 88, 372];
    const inner: Pt = [s + 10, 410];
    sleeve = closed(
      [s - 30, 222],
      [
        [s, SHOULDER_Y],
        [[s + 35, 235], [s + 68, 300], outer],
        inner,
        [
          [s + 2, 380],
          [ax + 2, 355],
          [ax, armY],
        ],
        [ax - 40, armY - 40],
      ],
    );
    if (spec.cuff) cuff = band(outer, inner, [s - 10, 250], spec.cuff);
  }

  const neck: Pt = [c + nh, NECK_Y];
  const necklineSeg = spec.vNeck
    ? ([[c + nh * 0.3, spec.neckFrontY - 60], [c + nh * 0.85, NECK_Y + 40], neck] as const)
    : ([
        [c + nh * 0.55, spec.neckFrontY],
        [c + nh * 0.95, NECK_Y + (spec.neckFrontY - NECK_Y) * 0.45],
        neck,
      ] as const);
  const hemCurve: Seg = spec.tail
    ? [
        [hh - 30, spec.hemY - 12],
        [c + 90, spec.hemY + 22],
        [c, spec.hemY + 22],
      ]
    : [
        [hh - 60, spec.hemY + 3],
        [c + 60, spec.hemY + 5],
        [c, spec.hemY + 5],
      ];
  const body = sym(
    [c, spec.neckFrontY],
    [
      necklineSeg,
      [s, SHOULDER_Y],
      [
        [s - 6, 262],
        [ax + 2, armY - 50],
        [ax, armY],
      ],
      [[ax - 6, armY + 160], [hh - 4, spec.hemY - 220], spec.tail ? [hh, spec.hemY - 34] : [hh, spec.hemY]],
      hemCurve,
    ],
  );

  let hemBand = "";
  if (spec.hemBand) {
    const inset = spec.bandInset ?? 0;
    const top = spec.hemY - spec.hemBand;
    hemBand = sym(
      [c, top],
      [
        [hh - 1, top],
        [hh - inset, spec.hemY],
        [
          [hh - 60, spec.hemY + 3],
          [c + 60, spec.hemY + 5],
          [c, spec.hemY + 5],
        ],
      ],
    );
  }

  const backNeck = sym(
    [c, NECK_Y - 16],
    [
      [
        [c + nh * 0.5, NECK_Y - 16],
        [c + nh * 0.9, NECK_Y - 10],
        [c + nh + 3, NECK_Y + 2],
      ],
      [c + nh, NECK_Y + 30],
      [c, spec.neckFrontY + 4],
    ],
  );
  const neckline = path(
    [c - nh, NECK_Y],
    [
      [
        [c - necklineSeg[1][0] + c, necklineSeg[1][1]],
        [c - necklineSeg[0][0] + c, necklineSeg[0][1]],
        [c, spec.neckFrontY],
      ],
      necklineSeg,
    ],
  );
  return { sleeve, cuff, body, hemBand, backNeck, neckline, armpitY: armY };
}

/**
 * Sleeves, inside of the neck and body, shaded and outlined, with the fabric texture (close-ups
 * only) laid over sleeves and body at once; details go on top of this.
 */
export function drawTorso(
  t: Tones,
  parts: TorsoParts,
  cloth?: Fabric,
  bandFill = "url(#vert)",
  under = "",
): string {
  const line = outline(t);
  return (
    (parts.sleeve ? both(`<path d="${parts.sleeve}" fill="url(#limb)" ${line}/>`) : "") +
    `<path d="${parts.backNeck}" fill="url(#inside)" ${line}/>${under}` +
    `<path d="${parts.body}" fill="url(#body)" ${line}/>` +
    (cloth
      ? texture(
          t,
          cloth.kind,
          shapes(parts.sleeve ? [parts.sleeve] : [], true) + shapes([parts.body]),
          cloth.area,
        )
      : "") +
    (parts.cuff ? both(`<path d="${parts.cuff}" fill="${bandFill}" ${line}/>`) : "") +
    (parts.hemBand ? `<path d="${parts.hemBand}" fill="${bandFill}" ${line}/>` : "")
  );
}

/** Ribbing across knitted cuffs, at the sleeve's slant. */
export function ribbedCuffs(t: Tones, parts: TorsoParts): string {
  const long = parts.armpitY > 350;
  return texture(
    t,
    "rib",
    shapes([parts.cuff], true),
    long ? [80, 700, 720, 810] : [80, 330, 720, 440],
    long ? -6 : -24,
  );
}

/** Ribbing on a knitted hem band. */
export function ribbedHem(t: Tones, parts: TorsoParts, hemY: number): string {
  return texture(t, "rib", shapes([parts.hemBand]), [200, hemY - 80, 600, hemY + 10]);
}
