/** Shirts and knitwear: shirt, t-shirt, polo, sweater and cardigan on the shared torso. */
import { darken, lighten, mix, type Tones } from "./shade.ts";
import {
  both,
  button,
  closed,
  type Draw,
  fabric,
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
import { drawTorso, ribbedCuffs, ribbedHem, type TorsoSpec, torso } from "./torso.ts";

/** Buttons that read on any shirt colour: pearly on dark cloth, a shade darker on pale. */
function shirtButton(t: Tones): string {
  return t.pale ? darken(t.base, 0.08) : mix(t.base, "#f3efe6", 0.7);
}

const TOP_GROUND: [number, number, number] = [838, 250, 26];

export const shirt: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const short = features.has("short-sleeve");
      const spec: TorsoSpec = {
        neckFrontY: 214,
        sleeve: short ? "short" : "long",
        hemY: 835,
        hemHalf: 184,
        tail: true,
        cuff: short ? 0 : 58,
      };
      const parts = torso(spec);
      const btn = shirtButton(t);
      const stand = sym(
        [400, 148],
        [
          [
            [428, 148],
            [454, 153],
            [464, 164],
          ],
          [468, 200],
          [400, 214],
        ],
      );
      const leaf = closed(
        [402, 218],
        [
          [462, 160],
          [
            [474, 188],
            [486, 214],
            [482, 236],
          ],
          [452, 276],
          [
            [430, 258],
            [414, 238],
            [402, 218],
          ],
        ],
      );
      const pocket = closed(
        [458, 322],
        [
          [528, 322],
          [528, 398],
          [493, 410],
          [458, 398],
        ],
      );
      const cuffDetail = `${button(672, 772, 6, btn)}<path d="M660 700 L654 642" ${seam(t, 2)}/>`;
      const folds = both(
        `<path d="M548 430 C540 520 546 600 560 660" ${seam(t, 2, 0.35)}/><path d="M640 420 C650 500 660 560 664 600" ${seam(t, 2, 0.3)}/>`,
      );
      return (
        drawTorso(t, parts, fabric("weave", detail)) +
        (short ? "" : both(cuffDetail)) +
        (short ? "" : folds) +
        `<path d="${pocket}" fill="url(#vert)" ${outline(t, 1.8)}/><path d="M460 336 H526" ${stitching(t.stitch, 1.4, "4 3")}/>` +
        `<rect x="388" y="214" width="24" height="642" fill="url(#vert)" ${outline(t, 1.6)}/>` +
        `<path d="M391.5 224 V852 M408.5 224 V852" ${stitching(t.stitch, 1.2, "4 3", 0.7)}/>` +
        [310, 405, 500, 595, 690, 785].map((y) => button(400, y, 7, btn)).join("") +
        `<path d="${stand}" fill="url(#vert)" ${outline(t)}/>` +
        `<path d="M346 178 C360 166 440 166 454 178 C440 196 360 196 346 178Z" fill="url(#inside)"/>` +
        both(
          `<path d="${leaf}" fill="url(#vert)" ${outline(t)}/><path d="M408 224 L460 172" ${seam(t, 1.4, 0.5)}/>`,
        ) +
        button(400, 236, 5, btn)
      );
    },
    [430, 330, 2.3],
    TOP_GROUND,
  );

/** A knitted neckband: ribs as dashes across a wide stroke, so they follow the curve. */
function ribNeck(t: Tones, width: number): string {
  const neck = torso({ neckFrontY: 222, sleeve: "short", hemY: 820, hemHalf: 182, cuff: 0 }).neckline;
  const stroke = (color: string, w: number, extra = "") =>
    `<path d="${neck}" fill="none" stroke="${color}" stroke-width="${w}"${extra}/>`;
  return (
    stroke(t.line, width + 3, ` stroke-opacity="${t.pale ? 0.8 : 0.5}"`) +
    stroke(t.lo, width) +
    stroke(textureColor(t), width, ` stroke-dasharray="2.2 6.8" stroke-opacity="0.45"`)
  );
}

export const tshirt: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const sleeve = features.has("long-sleeve") ? "long" : "short";
      const parts = torso({ neckFrontY: 222, sleeve, hemY: 820, hemHalf: 182, cuff: 26 });
      const folds = both(
        `<path d="M560 380 C552 470 556 560 566 640" ${seam(t, 2, 0.3)}/><path d="M600 372 L648 352" ${seam(t, 2, 0.3)}/>`,
      );
      const hemStitch = `<path d="M220 798 C320 803 480 803 580 798" ${stitching(t.stitch, 1.4, "5 3", 0.6)}/>`;
      return drawTorso(t, parts, fabric("jersey", detail), t.base) + folds + hemStitch + ribNeck(t, 16);
    },
    [480, 330, 1.9],
    TOP_GROUND,
  );

export const polo: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const parts = torso({
        neckFrontY: 214,
        sleeve: features.has("long-sleeve") ? "long" : "short",
        hemY: 820,
        hemHalf: 182,
        cuff: 24,
        hemBand: 0,
      });
      const btn = shirtButton(t);
      const stand = sym(
        [400, 152],
        [
          [
            [428, 152],
            [452, 156],
            [462, 166],
          ],
          [466, 196],
          [400, 214],
        ],
      );
      const leaf = closed(
        [404, 220],
        [
          [461, 162],
          [
            [474, 186],
            [488, 212],
            [486, 236],
          ],
          [
            [472, 252],
            [460, 262],
            [448, 268],
          ],
          [
            [430, 254],
            [414, 238],
            [404, 220],
          ],
        ],
      );
      const placket = `<rect x="386" y="214" width="28" height="132" rx="3" fill="url(#vert)" ${outline(t, 1.6)}/><path d="M386 346 H414" ${seam(t, 1.6)}/>`;
      const folds = both(`<path d="M560 380 C552 470 556 560 566 640" ${seam(t, 2, 0.3)}/>`);
      const vents = both(`<path d="M582 820 L582 790" ${seam(t, 2)}/>`);
      return (
        drawTorso(t, parts, fabric("jersey", detail), "url(#vert)") +
        ribbedCuffs(t, parts) +
        folds +
        vents +
        placket +
        [258, 312].map((y) => button(400, y, 6, btn)).join("") +
        `<path d="${stand}" fill="url(#inside)" ${outline(t)}/>` +
        both(
          `<path d="${leaf}" fill="url(#vert)" ${outline(t)}/><path d="${path(
            [410, 224],
            [
              [
                [430, 246],
                [444, 258],
                [452, 262],
              ],
            ],
          )}" ${seam(t, 1.4, 0.4)}/>`,
        )
      );
    },
    [470, 320, 2],
    TOP_GROUND,
  );

/** A hood lying open around the neck, with its drawstrings: a hoodie, a sweat cardigan. */
function hood(t: Tones, strings = true): string {
  const shell =
    "M318 222 C300 150 330 64 400 58 C470 64 500 150 482 222 C456 196 430 186 400 186 C370 186 344 196 318 222Z";
  const opening =
    "M344 214 C336 160 360 104 400 100 C440 104 464 160 456 214 C438 200 420 194 400 194 C380 194 362 200 344 214Z";
  return (
    `<path d="${shell}" fill="url(#vert)" ${outline(t)}/>` +
    `<path d="${opening}" fill="url(#inside)" ${outline(t, 1.6)}/>` +
    (strings
      ? both(
          `<path d="M384 226 C382 270 380 300 378 336" fill="none" stroke="${t.lo}" stroke-width="6" stroke-linecap="round"/><rect x="373" y="334" width="10" height="18" rx="3" fill="${darken(t.base, 0.35)}"/>`,
        )
      : "")
  );
}

/** A roll neck: a knitted tube folded over, standing above the neckline. */
function rollNeck(t: Tones): string {
  const tube =
    "M336 222 C334 180 338 140 344 118 C372 108 428 108 456 118 C462 140 466 180 464 222 C430 232 370 232 336 222Z";
  const fold =
    "M340 170 C372 160 428 160 460 170 C462 186 464 204 464 222 C430 232 370 232 336 222 C336 204 338 186 340 170Z";
  return (
    `<path d="${tube}" fill="${t.lo}" ${outline(t)}/>` +
    `<path d="M344 118 C372 128 428 128 456 118" fill="none" stroke="${t.line}" stroke-opacity="0.5" stroke-width="2"/>` +
    `<path d="${fold}" fill="${t.lo}" ${outline(t, 1.6)}/>` +
    texture(t, "rib", shapes([tube]), [330, 100, 470, 236])
  );
}

export const sweater: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const parts = torso({
        neckFrontY: 226,
        neckHalf: 60,
        sleeve: "long",
        sleeveBulk: 8,
        hemY: 822,
        hemHalf: 182,
        cuff: 62,
        hemBand: 64,
        bandInset: 6,
      });
      const folds = both(
        `<path d="M556 400 C548 490 552 580 560 700" ${seam(t, 2.4, 0.3)}/><path d="M650 430 C660 520 670 600 676 700" ${seam(t, 2.4, 0.3)}/>`,
      );
      return (
        drawTorso(t, parts, fabric("knit", detail), t.lo) +
        ribbedCuffs(t, parts) +
        ribbedHem(t, parts, 822) +
        folds +
        (features.has("roll-neck") ? rollNeck(t) : features.has("hood") ? hood(t) : ribNeck(t, 22))
      );
    },
    [440, 370, 1.9],
    TOP_GROUND,
  );

export const cardigan: Draw = (t, view, features) =>
  present(
    t,
    view,
    (detail) => {
      const parts = torso({
        neckFrontY: 470,
        vNeck: true,
        sleeve: "long",
        sleeveBulk: 6,
        hemY: 822,
        hemHalf: 182,
        cuff: 60,
        hemBand: 60,
        bandInset: 4,
      });
      const btn = t.pale ? darken(t.base, 0.3) : t.dark ? lighten(t.base, 0.3) : darken(t.base, 0.45);
      const bandR = closed(
        [400, 452],
        [
          [458, 178],
          [480, 184],
          [
            [446, 300],
            [420, 420],
            [414, 474],
          ],
          [414, 828],
          [388, 828],
          [388, 470],
        ],
      );
      const bandL = closed(
        [400, 452],
        [
          [342, 178],
          [320, 184],
          [
            [354, 300],
            [380, 420],
            [388, 476],
          ],
          [400, 476],
        ],
      );
      const welt = "M448 600H540V620H448Z";
      const pocket =
        both(
          `<rect x="448" y="600" width="92" height="100" rx="4" fill="url(#vert)" ${outline(t, 1.6)}/><path d="${welt}" fill="${t.lo}"/>`,
        ) + texture(t, "rib", shapes([welt], true), [250, 596, 550, 624]);
      const folds = both(`<path d="M650 430 C660 520 670 600 676 700" ${seam(t, 2.4, 0.3)}/>`);
      return (
        drawTorso(t, parts, fabric("knit", detail), t.lo) +
        ribbedCuffs(t, parts) +
        ribbedHem(t, parts, 822) +
        folds +
        pocket +
        `<path d="${bandL}" fill="${t.lo}" ${outline(t, 1.6)}/>` +
        `<path d="${bandR}" fill="${t.lo}" ${outline(t, 1.6)}/>` +
        texture(t, "rib", shapes([bandL, bandR]), [310, 170, 490, 830]) +
        [500, 580, 660, 740].map((y) => button(401, y, 8, btn, 4)).join("") +
        (features.has("hood") ? hood(t, false) : "")
      );
    },
    [420, 380, 2.1],
    TOP_GROUND,
  );
