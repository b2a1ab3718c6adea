/**
 * Footwear. The front view is the classic catalogue side profile, toe to the left; the detail
 * view is the pair seen from above, so the hover image shows a different face of the shoe.
 * Every shoe shares one last (toe at x≈95, heel at x≈705, ground at y=650) so they line up.
 */
import type { DrawingFeature, ImageView } from "../../seed/palette.ts";
import { darken, lighten, type Tones } from "./shade.ts";
import { type Draw, doc, outline, seam, shadow, shapes, stitching, texture } from "./svg.ts";

type Shoe = "sneaker" | "dress" | "boot" | "loafer";

const MIDSOLE = "#f5f3ee";

function soleColor(t: Tones, shoe: Shoe): string {
  if (shoe === "sneaker") return MIDSOLE;
  return t.dark ? "#161617" : shoe === "boot" ? "#2c2723" : "#4a3426";
}

function laceColor(t: Tones): string {
  return t.pale ? "#e9e6df" : t.dark ? "#2a2a2c" : darken(t.base, 0.25);
}

function shine(cx: number, cy: number, rx: number, ry: number, opacity = 0.55, rotate = 0): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#glow)" opacity="${opacity}" transform="rotate(${rotate} ${cx} ${cy})"/>`;
}

/** A leather sole with the arch lifted between the ball and a stacked heel. */
function leatherSole(t: Tones, shoe: Shoe, heelTop: number): string {
  const sole = soleColor(t, shoe);
  const thick = shoe === "boot" ? 16 : 11;
  const edge = lighten(sole, 0.18);
  return (
    `<path d="M96 626 C92 ${634 + thick / 2} 104 ${640 + thick / 2} 130 ${640 + thick / 2} L430 ${646} C480 646 520 ${heelTop + 8} 590 ${heelTop + 4} L600 ${heelTop} L600 650 L706 650 L706 ${heelTop - 6} L590 ${heelTop - 4} C520 ${heelTop - 2} 480 ${640 - thick} 430 ${640 - thick} L130 ${632 - thick} C110 ${630 - thick} 98 ${626 - thick / 2} 96 626Z" fill="${sole}" stroke="${darken(sole, 0.3)}" stroke-width="1.6"/>` +
    `<path d="M600 ${heelTop + 14} H706 M600 ${heelTop + 28} H706" stroke="${edge}" stroke-width="1.4" stroke-opacity="0.5"/>` +
    `<path d="M120 ${634 - thick} L430 ${642 - thick}" ${stitching(edge, 1.3, "3 4", 0.8)}/>`
  );
}

/** The ankle shaft of a high sneaker, laced on up to its padded top. */
function sneakerShaft(t: Tones): string {
  const line = outline(t);
  const lace = laceColor(t);
  const holes = [0, 1, 2, 3, 4].map((i) => [486 - i * 2, 420 - i * 34] as const);
  return (
    `<path d="M470 444 C478 380 476 320 470 268 C540 258 630 256 694 262 C706 320 704 370 696 416 C680 428 650 444 620 450 C590 452 560 444 540 436 C520 440 496 444 470 444Z" fill="url(#leather)" ${line}/>` +
    `<path d="M470 268 C540 258 630 256 694 262 C700 276 700 288 696 296 C630 290 540 292 472 300Z" fill="${t.lo}" ${outline(t, 1.6)}/>` +
    `<path d="M600 300 C610 350 612 400 606 446" ${stitching(t.stitch, 1.3, "5 4", 0.7)}/>` +
    `<circle cx="650" cy="360" r="16" fill="${MIDSOLE}" ${outline(t, 1.4)}/>` +
    holes
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="4.5" fill="${darken(t.base, 0.5)}" stroke="${lighten(t.base, 0.3)}" stroke-width="1.5"/>` +
          `<path d="M${x - 8} ${y + 4} L${x + 14} ${y - 10}" stroke="${lace}" stroke-width="7" stroke-linecap="round"/>`,
      )
      .join("")
  );
}

function sneakerSide(t: Tones, high = false): string {
  const line = outline(t);
  const lace = laceColor(t);
  const eyelets = [0, 1, 2, 3, 4].map((i) => [466 - i * 30, 436 + i * 13] as const);
  return (
    `<path d="M700 586 C712 600 716 626 702 646 L214 652 C160 652 120 644 102 628 C94 612 104 594 122 590Z" fill="${MIDSOLE}" stroke="#bdb8ae" stroke-width="2"/>` +
    `<path d="M102 628 C120 644 160 652 214 652 L702 646" fill="none" stroke="#cfc9bd" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M122 612 L700 608" ${stitching("#c4beb2", 1.4, "5 4")}/>` +
    `<path d="M122 592 C104 566 130 540 190 528 C260 514 330 496 400 470 L476 438 C488 424 500 416 514 414 C530 412 544 416 552 428 C570 440 600 446 630 440 C660 434 680 422 692 412 C712 440 714 540 704 588Z" fill="url(#leather)" ${line}/>` +
    `<path d="M122 592 C104 566 130 540 190 528 C208 548 220 570 224 592Z" fill="url(#vert)" ${line}/>` +
    `<path d="M296 590 C340 546 420 494 500 480 C560 472 610 478 640 488 C656 530 658 560 650 590" fill="none" ${outline(t, 2)}/>` +
    `<path d="M314 590 C356 552 428 506 502 492 C556 484 602 488 628 496" ${stitching(t.stitch, 1.4, "5 4", 0.7)}/>` +
    `<path d="M630 440 C652 480 656 540 646 590 L704 590 C714 540 712 440 692 412 C680 422 660 434 630 440Z" fill="${t.lo}" ${line}/>` +
    `<path d="M552 428 C570 440 600 446 630 440 C660 434 680 422 692 412 C680 430 650 446 620 450 C590 452 566 444 552 434Z" fill="url(#inside)"/>` +
    `<path d="M484 442 L334 508 L322 490 L474 426Z" fill="${t.lo}" ${outline(t, 1.6)}/>` +
    eyelets
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y + 2}" r="4.5" fill="${darken(t.base, 0.5)}" stroke="${lighten(t.base, 0.3)}" stroke-width="1.5"/>`,
      )
      .join("") +
    eyelets
      .map(
        ([x, y]) =>
          `<path d="M${x} ${y + 2} L${x + 16} ${y - 12}" stroke="${lace}" stroke-width="7" stroke-linecap="round"/><path d="M${x} ${y + 2} L${x + 16} ${y - 12}" stroke="${darken(lace, 0.25)}" stroke-width="1" stroke-linecap="round"/>`,
      )
      .join("") +
    `<path d="M696 404 C712 406 716 432 708 446" fill="none" stroke="${t.lo}" stroke-width="9" stroke-linecap="round"/>` +
    (high ? sneakerShaft(t) : "") +
    shine(280, 516, 110, 14, 0.35, -14)
  );
}

/** Toe box and vamp shared by the leather shoes, up to the throat at x≈430. */
const LEATHER_TOE = "M96 628 C78 598 100 556 168 546 C240 534 340 500 430 486";

/** A monk strap: a strap over the instep closed with a buckle, where a derby has its laces. */
function monkStrap(t: Tones): string {
  return (
    `<path d="M452 470 C500 456 560 452 604 466 L612 500 C566 488 506 492 462 506Z" fill="url(#leather)" ${outline(t, 1.6)}/>` +
    `<path d="M462 480 C506 468 560 466 600 476" ${stitching(t.stitch, 1.2, "3 3", 0.7)}/>` +
    `<rect x="574" y="460" width="30" height="44" rx="5" fill="none" stroke="#b9bcc0" stroke-width="6" transform="rotate(8 589 482)"/>` +
    `<path d="M589 462 V502" stroke="#8a8d91" stroke-width="3.5" transform="rotate(8 589 482)"/>`
  );
}

function dressSide(t: Tones, monk = false): string {
  const line = outline(t);
  const lace = laceColor(t);
  const cap = "M212 552 C232 572 244 600 246 628";
  const brogue = [0, 1, 2, 3, 4, 5, 6].map((i) => {
    const k = i / 6;
    return `<circle cx="${(224 + 36 * k - 6 * k * k).toFixed(1)}" cy="${(552 + 74 * k).toFixed(1)}" r="2.2" fill="${t.deep}"/>`;
  });
  return (
    leatherSole(t, "dress", 604) +
    `<path d="${LEATHER_TOE} C470 476 510 464 544 456 C570 468 616 478 656 470 C672 466 682 460 688 458 C708 470 716 520 710 560 C708 580 706 596 704 604 L590 606 C520 608 480 630 430 630 L130 628Z" fill="url(#leather)" ${line}/>` +
    `<path d="${cap}" ${seam(t, 2.2, 0.8)}/>` +
    brogue.join("") +
    `<path d="M470 480 C494 530 540 586 596 606" ${seam(t, 2, 0.7)}/><path d="M482 476 C506 526 550 580 608 604" ${stitching(t.stitch, 1.2, "3 3", 0.6)}/>` +
    `<path d="M636 474 C652 506 662 560 660 604" ${seam(t, 1.8, 0.55)}/>` +
    `<path d="M548 458 C580 472 626 480 660 470 C674 466 684 460 688 458 C676 472 640 488 600 486 C576 484 558 474 548 466Z" fill="url(#inside)"/>` +
    (monk
      ? monkStrap(t)
      : [0, 1, 2, 3]
          .map(
            (i) =>
              `<path d="M${470 + i * 18} ${474 - i * 4.5} l10 -7" stroke="${lace}" stroke-width="4.5" stroke-linecap="round"/>`,
          )
          .join("")) +
    shine(200, 566, 90, 12, 0.7, -10) +
    shine(650, 530, 24, 46, 0.35)
  );
}

/** Eyelets and crossed laces up the front of a laced boot, from the throat to the top. */
function bootLaces(t: Tones): string {
  const lace = laceColor(t);
  const rows = [0, 1, 2, 3, 4, 5, 6].map((i) => [488 + i * 1.5, 460 - i * 30] as const);
  return (
    `<path d="M480 470 C486 400 490 330 486 268 L520 266 C524 330 520 400 512 470Z" fill="${t.lo}" ${outline(t, 1.6)}/>` +
    rows
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="4" fill="${darken(t.base, 0.5)}" stroke="${lighten(t.base, 0.3)}" stroke-width="1.4"/>` +
          `<path d="M${x - 6} ${y + 4} L${x + 24} ${y - 12}" stroke="${lace}" stroke-width="6" stroke-linecap="round"/>`,
      )
      .join("") +
    `<path d="M500 268 C490 240 470 236 462 250 M502 268 C516 236 536 236 540 252" fill="none" stroke="${lace}" stroke-width="5" stroke-linecap="round"/>`
  );
}

function bootSide(t: Tones, laced = false): string {
  const line = outline(t);
  const elastic = t.dark ? "#2e2f31" : darken(t.base, 0.45);
  const gusset = "M546 262 C556 360 576 430 594 472 C612 430 630 360 640 258Z";
  return (
    leatherSole(t, "boot", 598) +
    `<path d="${LEATHER_TOE} C466 474 478 380 474 262 C540 254 620 250 684 256 C692 330 676 420 694 500 C708 530 710 570 704 598 L590 600 C520 602 480 626 430 626 L130 626Z" fill="url(#leather)" ${line}/>` +
    (laced
      ? bootLaces(t)
      : `<path d="${gusset}" fill="${elastic}" ${outline(t, 1.6)}/>` +
        texture(t, "rib", shapes([gusset]), [540, 250, 650, 480]) +
        `<path d="M540 262 C550 362 574 436 594 482 C616 434 636 362 646 258" ${stitching(t.stitch, 1.3, "4 3", 0.6)}/>`) +
    `<path d="M474 262 C540 254 620 250 684 256 C620 266 540 270 474 274Z" fill="url(#inside)"/>` +
    `<path d="M666 256 C668 226 692 218 702 230 C706 244 700 258 692 266" fill="none" stroke="${t.lo}" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M640 560 C660 520 690 510 700 512" ${seam(t, 1.8, 0.5)}/>` +
    shine(200, 566, 90, 12, 0.6, -10) +
    shine(462, 370, 10, 80, 0.35)
  );
}

function loaferSide(t: Tones): string {
  const line = outline(t);
  return (
    leatherSole(t, "loafer", 612) +
    `<path d="${LEATHER_TOE} C470 490 500 502 540 502 C600 500 650 490 688 476 C708 490 714 540 710 580 C708 596 706 606 704 612 L590 614 C520 616 480 632 430 632 L130 628Z" fill="url(#leather)" ${line}/>` +
    `<path d="M430 488 C470 490 500 502 540 502 C600 500 650 490 688 476 C650 498 600 512 540 513 C500 513 466 502 436 496Z" fill="url(#inside)"/>` +
    `<path d="M226 546 C300 532 370 512 430 490" fill="none" stroke="${t.lo}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M228 554 C302 540 372 520 432 498" ${stitching(t.stitch, 1.4, "3 3", 0.8)}/>` +
    `<path d="M336 516 L392 500 C406 530 414 566 412 598 L350 602 C354 572 350 542 336 516Z" fill="url(#vert)" ${outline(t, 1.8)}/>` +
    `<ellipse cx="374" cy="532" rx="18" ry="5" fill="${t.deep}" transform="rotate(-14 374 532)"/>` +
    shine(200, 566, 90, 12, 0.65, -10) +
    shine(650, 540, 24, 40, 0.35)
  );
}

const SIDES: Record<Shoe, (t: Tones, features: ReadonlySet<DrawingFeature>) => string> = {
  sneaker: (t, f) => sneakerSide(t, f.has("high")),
  dress: (t, f) => dressSide(t, f.has("monk")),
  boot: (t, f) => bootSide(t, f.has("laces")),
  loafer: (t) => loaferSide(t),
};

/** The last seen from above, left foot, toe up, centred on the origin. */
const FOOT =
  "M8 -280 C50 -282 90 -210 92 -120 C96 -50 70 0 72 60 C74 120 78 160 70 200 C66 262 36 282 0 280 C-36 282 -68 262 -70 200 C-74 150 -84 100 -84 40 C-86 -10 -98 -60 -96 -110 C-92 -200 -40 -282 8 -280Z";

function topView(t: Tones, shoe: Shoe): string {
  const line = outline(t);
  const sole = soleColor(t, shoe);
  const lace = laceColor(t);
  let inner = "";
  if (shoe === "sneaker" || shoe === "dress") {
    const top = shoe === "sneaker" ? -60 : -10;
    const rungs = shoe === "sneaker" ? 5 : 4;
    inner =
      (shoe === "sneaker"
        ? `<path d="M-34 ${top - 10} C-30 ${top - 30} 30 ${top - 30} 34 ${top - 10} L38 120 L-38 120Z" fill="url(#vert)" ${outline(t, 1.6)}/>`
        : "") +
      `<path d="M-40 ${top} L-8 ${top - 6} L-10 130 L-46 128Z M40 ${top} L8 ${top - 6} L10 130 L46 128Z" fill="${t.lo}" ${outline(t, 1.6)}/>` +
      Array.from({ length: rungs }, (_, i) => {
        const y = top + 10 + (i * (120 - top)) / rungs;
        return `<path d="M-26 ${y} L26 ${y}" stroke="${lace}" stroke-width="6" stroke-linecap="round"/>`;
      }).join("") +
      `<ellipse cx="-2" cy="196" rx="50" ry="70" fill="url(#inside)" ${line}/>` +
      `<ellipse cx="-2" cy="212" rx="34" ry="46" fill="${lighten(t.deep, 0.25)}"/>` +
      `<path d="M-78 ${shoe === "sneaker" ? -150 : -140} C-40 ${shoe === "sneaker" ? -120 : -110} 40 ${shoe === "sneaker" ? -120 : -110} 86 ${shoe === "sneaker" ? -150 : -140}" ${seam(t, 2.2, 0.7)}/>`;
  } else if (shoe === "boot") {
    inner =
      `<ellipse cx="-4" cy="140" rx="92" ry="110" fill="url(#vert)" ${line}/>` +
      `<ellipse cx="-4" cy="146" rx="72" ry="88" fill="url(#inside)"/>` +
      `<path d="M-4 250 L-4 278" stroke="${t.lo}" stroke-width="12" stroke-linecap="round"/>`;
  } else {
    inner =
      `<path d="M-58 -20 C-60 -120 -30 -210 6 -214 C40 -210 68 -120 62 -20" fill="none" stroke="${t.lo}" stroke-width="6"/>` +
      `<path d="M-50 -24 C-52 -116 -26 -200 6 -204 C36 -200 60 -116 54 -24" ${stitching(t.stitch, 1.4, "3 3")}/>` +
      `<path d="M-66 -26 L70 -26 L68 18 L-64 18Z" fill="url(#vert)" ${outline(t, 1.6)}/>` +
      `<ellipse cx="2" cy="-4" rx="26" ry="7" fill="${t.deep}"/>` +
      `<path d="M-62 30 C-50 20 50 20 62 30 C70 120 60 220 0 250 C-60 220 -70 120 -62 30Z" fill="url(#inside)" ${line}/>` +
      `<path d="M-46 60 C-30 50 30 50 46 60 C52 130 40 200 0 222 C-40 200 -52 130 -46 60Z" fill="${lighten(t.deep, 0.25)}"/>`;
  }
  return (
    `<path d="${FOOT}" transform="scale(1.05 1.025)" fill="${sole}" stroke="${darken(sole, 0.3)}" stroke-width="2"/>` +
    `<path d="${FOOT}" fill="url(#body)" ${line}/>` +
    inner +
    shine(-10, -200, 40, 50, shoe === "sneaker" ? 0.25 : 0.5)
  );
}

function drawShoe(t: Tones, shoe: Shoe, view: ImageView, features: ReadonlySet<DrawingFeature>): string {
  // Scaled up a little and lifted so a low shoe sits near the middle of a portrait tile.
  if (view === "front")
    return doc(
      t,
      shadow(404, 640, 360, 26, 0.4) +
        `<g transform="translate(400 520) scale(1.12) translate(-400 -545)">${SIDES[shoe](t, features)}</g>`,
    );
  // From above a monk strap shows no laces, a laced boot its laces.
  const one = topView(t, shoe === "dress" && features.has("monk") ? "loafer" : shoe);
  return doc(
    t,
    shadow(300, 790, 140, 26, 0.35) +
      shadow(512, 790, 140, 26, 0.35) +
      `<g transform="translate(296 500) rotate(-5)">${one}</g>` +
      `<g transform="translate(508 500) rotate(5) scale(-1 1)">${one}</g>`,
  );
}

export const sneaker: Draw = (t, view, features) => drawShoe(t, "sneaker", view, features);
export const dressShoe: Draw = (t, view, features) => drawShoe(t, "dress", view, features);
export const boot: Draw = (t, view, features) => drawShoe(t, "boot", view, features);
export const loafer: Draw = (t, view, features) => drawShoe(t, "loafer", view, features);
