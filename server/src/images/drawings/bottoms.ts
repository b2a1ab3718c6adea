/** Trousers and jeans, front view on an invisible mannequin; the suit reuses the trouser outline. */
import { lighten, type Tones } from "./shade.ts";
import {
  both,
  button,
  type Draw,
  type Fabric,
  fabric,
  outline,
  path,
  present,
  seam,
  shapes,
  stitching,
  sym,
  texture,
} from "./svg.ts";

export interface LegSpec {
  waistY: number;
  hemY: number;
  waistHalf: number;
  hemHalf: number;
  /** Inner edge of each leg at the hem, measured from the centre line. */
  hemInner: number;
}

export const TROUSER: LegSpec = { waistY: 150, hemY: 920, waistHalf: 152, hemHalf: 128, hemInner: 30 };
const JEAN: LegSpec = { waistY: 150, hemY: 920, waistHalf: 150, hemHalf: 120, hemInner: 30 };

function legOutline(s: LegSpec): string {
  const c = 400;
  const w = c + s.waistHalf;
  const h = s.hemY;
  return sym(
    [c, s.waistY],
    [
      [w, s.waistY - 2],
      [
        [w + 10, s.waistY + 80],
        [w + 20, s.waistY + 150],
        [w + 17, s.waistY + 210],
      ],
      [
        [w + 13, s.waistY + 410],
        [c + s.hemHalf + 10, h - 160],
        [c + s.hemHalf, h],
      ],
      [
        [c + s.hemHalf - 40, h + 3],
        [c + s.hemInner + 30, h + 4],
        [c + s.hemInner, h + 4],
      ],
      [
        [c + s.hemInner - 2, h - 220],
        [c + 12, s.waistY + 370],
        [c + 4, s.waistY + 280],
      ],
      [c, s.waistY + 268],
    ],
  );
}

function waistband(s: LegSpec, depth: number): string {
  return sym(
    [400, s.waistY],
    [
      [400 + s.waistHalf, s.waistY - 2],
      [400 + s.waistHalf + 2, s.waistY + depth],
      [400, s.waistY + depth + 1],
    ],
  );
}

function loops(t: Tones, s: LegSpec, xs: number[], depth: number): string {
  return both(
    xs
      .map(
        (x) =>
          `<rect x="${400 + x - 7}" y="${s.waistY - 5}" width="14" height="${depth + 12}" rx="3" fill="url(#vert)" ${outline(t, 1.4)}/>`,
      )
      .join(""),
  );
}

/** Plain front trousers; exported for the suit, which draws them under its jacket. */
export function trouserFront(t: Tones, s: LegSpec, cloth?: Fabric): string {
  const d = legOutline(s);
  const band = waistband(s, 40);
  const y = s.waistY;
  const crease = both(
    `<path d="M${400 + (s.waistHalf + s.hemInner) / 2 + 8} ${y + 180} L${400 + (s.hemHalf + s.hemInner) / 2} ${s.hemY - 4}" ${seam(t, 2.2, 0.55)}/>`,
  );
  const pockets = both(
    `<path d="M${400 + s.waistHalf - 48} ${y + 42} L${400 + s.waistHalf + 12} ${y + 150}" ${seam(t, 2.2, 0.8)}/>`,
  );
  const folds = both(
    `<path d="M418 ${y + 300} C440 ${y + 310} 452 ${y + 318} 470 ${y + 318}" ${seam(t, 1.8, 0.4)}/><path d="M416 ${y + 330} C434 ${y + 344} 446 ${y + 350} 460 ${y + 352}" ${seam(t, 1.8, 0.3)}/>`,
  );
  return (
    `<path d="${d}" fill="url(#body)" ${outline(t)}/>` +
    (cloth ? texture(t, cloth.kind, shapes([d]), cloth.area) : "") +
    crease +
    pockets +
    folds +
    `<path d="M432 ${y + 42} V${y + 205} C432 ${y + 238} 418 ${y + 254} 401 ${y + 262}" ${seam(t, 2, 0.8)}/>` +
    `<path d="M400 ${y + 42} V${y + 266}" ${seam(t, 2, 0.6)}/>` +
    `<path d="${band}" fill="url(#vert)" ${outline(t)}/>` +
    loops(t, s, [62, 132], 40) +
    button(400, y + 20, 8, t.dark ? lighten(t.base, 0.25) : t.lo, 4) +
    both(
      `<path d="M${400 + s.hemInner + 4} ${s.hemY - 12} L${400 + s.hemHalf - 3} ${s.hemY - 12}" ${stitching(t.stitch, 1.2, "4 3", 0.5)}/>`,
    )
  );
}

export const trousers: Draw = (t, view) =>
  present(
    t,
    view,
    (detail) => trouserFront(t, TROUSER, fabric("weave", detail)),
    [470, 260, 2.2],
    [928, 200, 22],
  );

const THREAD = "#d39a43";
const COPPER = "#b87333";

function rivet(x: number, y: number): string {
  return `<circle cx="${x}" cy="${y}" r="5" fill="${COPPER}" stroke="#7a4a20" stroke-width="1.4"/><circle cx="${x - 1.4}" cy="${y - 1.4}" r="1.6" fill="#f1c48a"/>`;
}

export const jeans: Draw = (t, view) =>
  present(
    t,
    view,
    (detail) => {
      const s = JEAN;
      const y = s.waistY;
      const d = legOutline(s);
      const band = waistband(s, 42);
      const w = 400 + s.waistHalf;
      const thread = (dash = "6 4") => stitching(THREAD, 1.8, dash, 0.95);
      const double = (p: string, dx = 0, dy = 6) =>
        `<path d="${p}" ${thread()}/><g transform="translate(${dx} ${dy})"><path d="${p}" ${thread()}/></g>`;
      const pocket = path(
        [w - 80, y + 44],
        [
          [
            [w - 70, y + 96],
            [w - 30, y + 124],
            [w + 14, y + 128],
          ],
        ],
      );
      const coin = `<path d="M${w - 58} ${y + 44} L${w - 56} ${y + 92} L${w - 20} ${y + 96} L${w - 20} ${y + 44}" fill="none" stroke="${t.seam}" stroke-width="1.6" stroke-opacity="0.6"/><path d="M${w - 56} ${y + 52} L${w - 20} ${y + 52}" ${thread()}/>`;
      const fade = both(
        `<ellipse cx="474" cy="${y + 330}" rx="58" ry="190" fill="url(#glow)" opacity="0.3"/><ellipse cx="470" cy="${s.hemY - 150}" rx="40" ry="100" fill="url(#glow)" opacity="0.18"/>`,
      );
      const whiskers = both(
        [0, 16, 32]
          .map(
            (o) =>
              `<path d="M${420 + o / 2} ${y + 290 + o} C${440 + o} ${y + 296 + o} ${456 + o} ${y + 292 + o} ${476 + o} ${y + 282 + o}" stroke="#ffffff" stroke-opacity="0.16" stroke-width="3" fill="none" stroke-linecap="round"/>`,
          )
          .join(""),
      );
      return (
        `<path d="${d}" fill="url(#body)" ${outline(t)}/>` +
        (detail ? texture(t, "twill", shapes([d]), detail) : "") +
        fade +
        whiskers +
        both(double(pocket, -2, 6) + coin + rivet(w - 78, y + 50) + rivet(w + 6, y + 128)) +
        both(
          `<path d="M${400 + s.hemInner + 2} ${s.hemY - 4} C${400 + s.hemInner + 4} ${s.hemY - 240} 414 ${y + 420} 403 ${y + 300}" ${thread()}/>`,
        ) +
        double(`M436 ${y + 44} V${y + 200} C436 ${y + 236} 420 ${y + 250} 402 ${y + 258}`, 10, 0) +
        `<path d="${band}" fill="url(#vert)" ${outline(t)}/>` +
        `<path d="M${800 - w + 2} ${y + 7} H${w - 2} M${800 - w + 2} ${y + 35} H${w - 2}" ${thread()}/>` +
        loops(t, s, [60, 130], 42) +
        `<circle cx="400" cy="${y + 21}" r="10" fill="#b9b4aa" stroke="#6e6a63" stroke-width="2"/><circle cx="400" cy="${y + 21}" r="4" fill="#8b877f"/>` +
        both(
          `<path d="M${400 + s.hemInner + 4} ${s.hemY - 14} L${400 + s.hemHalf - 3} ${s.hemY - 14}" ${thread()}/>`,
        )
      );
    },
    [470, 270, 2.2],
    [928, 200, 22],
  );
