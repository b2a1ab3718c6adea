/** Outerwear and tailoring: a zip jacket, an overcoat and a suit, on the shared torso. */
import { TROUSER, trouserFront } from "./bottoms.ts";
import { darken, lighten, mix, type Tones } from "./shade.ts";
import {
  type Box,
  both,
  button,
  closed,
  type Draw,
  fabric,
  into,
  outline,
  path,
  present,
  seam,
  shapes,
  stitching,
  sym,
  texture,
  textureColor,
} from "./svg.ts";
import { drawTorso, ribbedCuffs, ribbedHem, torso } from "./torso.ts";

/** Horn-like buttons a shade off the cloth, light on near-black so they still show. */
function hornButton(t: Tones): string {
  return t.dark ? lighten(t.base, 0.22) : t.pale ? darken(t.base, 0.35) : darken(t.base, 0.4);
}

/** Notch lapels breaking at `breakY`; `wide` widens them for a coat. */
function lapels(t: Tones, breakY: number, wide = 0, pickStitch = false): string {
  const px = 524 + wide;
  const py = 282 + wide * 0.4;
  const lapel = closed(
    [455, 182],
    [
      [400, breakY],
      [
        [432, breakY - 70],
        [px - 18, py + 50],
        [px, py],
      ],
      [px - 24, py - 14],
      [px - 10, py - 36],
      [
        [px - 24, py - 68],
        [488, 190],
        [468, 164],
      ],
    ],
  );
  const gorge = `<path d="M${px - 24} ${py - 14} L452 ${py - 50}" ${seam(t, 1.8, 0.7)}/>`;
  const pick = pickStitch
    ? `<path d="${path(
        [404, breakY - 20],
        [
          [
            [432, breakY - 80],
            [px - 22, py + 48],
            [px - 8, py + 6],
          ],
        ],
      )}" ${stitching(t.stitch, 1.2, "2 5", 0.7)}/>`
    : "";
  const collar = sym(
    [400, 150],
    [
      [
        [430, 150],
        [456, 155],
        [468, 164],
      ],
      [456, 184],
      [400, 178],
    ],
  );
  return (
    `<path d="${collar}" fill="url(#vert)" ${outline(t)}/>` +
    both(`<path d="${lapel}" fill="url(#vert)" ${outline(t)}/>${gorge}${pick}`)
  );
}

function flapPocket(t: Tones, x: number, y: number, w: number): string {
  return both(
    `<path d="M${x} ${y} L${x + w} ${y - 4} L${x + w + 2} ${y + 36} L${x + 2} ${y + 40}Z" fill="url(#vert)" ${outline(t, 1.8)}/>`,
  );
}

const SLEEVE_FOLDS = (t: Tones) =>
  both(
    `<path d="M652 470 C664 480 676 482 688 478" ${seam(t, 2, 0.35)}/><path d="M660 600 C672 612 686 614 698 610" ${seam(t, 2, 0.3)}/>`,
  );

/** The stitched channels of a quilted bodywarmer. */
function quilting(t: Tones): string {
  return both(
    [300, 380, 460, 540, 620, 700]
      .map(
        (y) =>
          `<path d="M404 ${y} C470 ${y - 4} 540 ${y - 6} 584 ${y - 8}" ${stitching(t.stitch, 1.4, "5 4", 0.6)}/>`,
      )
      .join(""),
  );
}

export const jacket: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const sleeveless = features.has("sleeveless");
      const parts = torso({
        neckFrontY: 200,
        neckHalf: 56,
        sleeve: sleeveless ? "none" : "long",
        sleeveBulk: 24,
        hemY: 770,
        hemHalf: 190,
        cuff: sleeveless ? 0 : 50,
        hemBand: 56,
        bandInset: 16,
      });
      const rib = t.lo;
      const backCollar = sym(
        [400, 140],
        [
          [
            [432, 140],
            [458, 146],
            [470, 160],
          ],
          [466, 196],
          [
            [446, 188],
            [424, 186],
            [400, 186],
          ],
        ],
      );
      const zipTeeth = `<path d="M400 206 V772" stroke="${darken(t.base, 0.3)}" stroke-width="10"/><path d="M400 206 V772" stroke="#b9bcc0" stroke-width="6" stroke-dasharray="2 2"/>`;
      const puller = `<rect x="394" y="214" width="12" height="30" rx="3" fill="#c7c9cc" stroke="#6f7378" stroke-width="1.5"/><circle cx="400" cy="238" r="2.5" fill="#6f7378"/>`;
      const welt = both(`<path d="M486 520 L500 516 L528 630 L514 634Z" fill="${t.lo}" ${outline(t, 1.6)}/>`);
      const seams = both(`<path d="M402 380 C450 372 520 366 586 362" ${seam(t, 1.6, 0.35)}/>`);
      return (
        drawTorso(t, parts, fabric("weave", detail), rib) +
        (sleeveless ? quilting(t) : ribbedCuffs(t, parts) + SLEEVE_FOLDS(t)) +
        ribbedHem(t, parts, 770) +
        seams +
        welt +
        `<path d="${backCollar}" fill="${rib}" ${outline(t)}/>` +
        texture(t, "rib", shapes([backCollar]), [320, 130, 480, 200]) +
        `<path d="${parts.neckline}" fill="none" stroke="${t.line}" stroke-opacity="0.5" stroke-width="30"/>` +
        `<path d="${parts.neckline}" fill="none" stroke="${rib}" stroke-width="27"/>` +
        `<path d="${parts.neckline}" fill="none" stroke="${textureColor(t)}" stroke-width="27" stroke-dasharray="2.2 6.8" stroke-opacity="0.45"/>` +
        zipTeeth +
        puller
      );
    },
    [430, 300, 2.2],
    [786, 240, 24],
  );

export const coat: Draw = (t, view) =>
  present(
    t,
    view,
    (detail) => {
      const parts = torso({
        neckFrontY: 470,
        vNeck: true,
        sleeve: "long",
        sleeveBulk: 16,
        hemY: 950,
        hemHalf: 206,
        cuff: 0,
      });
      const btn = hornButton(t);
      return (
        drawTorso(t, parts, fabric("twill", detail)) +
        SLEEVE_FOLDS(t) +
        both(
          `<path d="M606 730 L700 722" ${seam(t, 1.6, 0.5)}/>${button(670, 752, 5, btn, 4)}${button(684, 750, 5, btn, 4)}`,
        ) +
        `<path d="M386 470 V954" ${seam(t, 2.2, 0.8)}/>` +
        flapPocket(t, 456, 660, 112) +
        `<path d="M470 364 L540 358 L541 372 L471 378Z" fill="${t.lo}" ${outline(t, 1.4)}/>` +
        lapels(t, 470, 22) +
        [540, 640, 740].map((y) => button(402, y, 10, btn, 4)).join("")
      );
    },
    [440, 360, 2],
    [958, 250, 24],
  );

/** The suit is drawn at top scale and shrunk to fit trousers below the jacket. */
const SUIT_SCALE = 0.7;
const SUIT_X = 400 * (1 - SUIT_SCALE);
const SUIT_Y = 80 - 150 * SUIT_SCALE;

/** A jacket alone (colbert) or a waistcoat (gilet) is drawn larger, with no trousers below. */
const ALONE_SCALE = 0.9;
const ALONE_X = 400 * (1 - ALONE_SCALE);
const ALONE_Y = 500 - 420 * ALONE_SCALE;

export const suit: Draw = (t, view, features) => {
  const waistcoat = features.has("waistcoat");
  const alone = waistcoat || features.has("jacket-only");
  const shirtWhite = t.pale ? "#fbfaf7" : "#f6f5f1";
  const tie = t.pale ? "#2d3a5c" : t.dark ? "#6d1f2f" : darken(t.base, 0.4);
  const btn = hornButton(t);
  const draw = (closeup: Box | undefined) => {
    const [x, y, scale] = alone ? [ALONE_X, ALONE_Y, ALONE_SCALE] : [SUIT_X, SUIT_Y, SUIT_SCALE];
    const detail = closeup && into(closeup, x, y, scale);
    const parts = torso({
      neckFrontY: 500,
      vNeck: true,
      sleeve: waistcoat ? "none" : "long",
      sleeveBulk: 4,
      hemY: 700,
      hemHalf: 188,
      cuff: 0,
    });
    const shirt =
      `<path d="${sym(
        [400, 150],
        [
          [
            [430, 150],
            [458, 156],
            [466, 170],
          ],
          [470, 260],
          [400, 540],
        ],
      )}" fill="${shirtWhite}" stroke="#c9c6bf" stroke-width="1.5"/>` +
      both(
        `<path d="M402 204 L462 160 C474 186 484 212 478 234 L446 264 C428 246 414 226 402 204Z" fill="${shirtWhite}" stroke="#bdb9b1" stroke-width="1.6"/>`,
      ) +
      `<path d="M388 208 L412 208 L408 240 L392 240Z" fill="${tie}" stroke="${darken(tie, 0.3)}" stroke-width="1.2"/>` +
      `<path d="M392 240 L408 240 L420 520 L380 520Z" fill="${tie}" stroke="${darken(tie, 0.3)}" stroke-width="1.2"/>` +
      `<clipPath id="tie"><path d="M392 240 L408 240 L420 520 L380 520Z"/></clipPath>` +
      `<path clip-path="url(#tie)" d="${Array.from({ length: 22 }, (_, i) => `M370 ${250 + i * 14}l60 -50`).join("")}" stroke="${mix(tie, "#ffffff", 0.35)}" stroke-opacity="0.55" stroke-width="4"/>`;
    const pocketSquare = `<path d="M474 352 L484 338 L492 350 L500 336 L510 352Z" fill="${shirtWhite}" stroke="#bdb9b1" stroke-width="1.2"/>`;
    const legs = trouserFront(
      t,
      { ...TROUSER, waistY: 600, hemY: 1360, waistHalf: 160, hemHalf: 134 },
      fabric("weave", detail),
    );
    const waistcoatBody =
      drawTorso(t, parts, fabric("weave", detail), "url(#vert)", shirt) +
      `<path d="M400 500 V690" ${seam(t, 2.2, 0.8)}/>` +
      both(`<path d="M470 560 L540 554 L541 566 L471 572Z" fill="${t.lo}" ${outline(t, 1.4)}/>`) +
      [520, 570, 620, 670].map((yy) => button(404, yy, 7, btn, 4)).join("");
    const jacketBody =
      drawTorso(t, parts, fabric("weave", detail), "url(#vert)", shirt) +
      SLEEVE_FOLDS(t) +
      both(`${button(684, 752, 5, btn, 4)}${button(672, 756, 5, btn, 4)}`) +
      `<path d="M400 500 V640 C400 676 420 700 446 706" ${seam(t, 2.2, 0.8)}/>` +
      flapPocket(t, 460, 600, 104) +
      `<path d="M472 356 L540 350 L541 364 L473 370Z" fill="${t.lo}" ${outline(t, 1.4)}/>` +
      pocketSquare +
      lapels(t, 500, 0, true) +
      [540, 620].map((yy) => button(404, yy, 9, btn, 4)).join("");
    const body = waistcoat ? waistcoatBody : jacketBody;
    return `<g transform="translate(${x} ${y}) scale(${scale})">${alone ? "" : legs}${body}</g>`;
  };
  return alone
    ? present(t, view, draw, [428, 320, 2.4], [860, 200, 20])
    : present(t, view, draw, [428, 220, 2.8], [930, 150, 18]);
};
