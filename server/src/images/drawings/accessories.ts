/** Small leather goods and knit accessories: belt, socks, scarf and bag. */
import { darken, lighten, type Tones } from "./shade.ts";
import {
  type Box,
  both,
  type Draw,
  into,
  outline,
  present,
  seam,
  shapes,
  stitching,
  texture,
} from "./svg.ts";

const NICKEL = `<linearGradient id="metal" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#eceef0"/><stop offset="0.45" stop-color="#a9adb2"/><stop offset="0.7" stop-color="#d7d9dc"/><stop offset="1" stop-color="#7d8187"/></linearGradient>`;
const BRASS = `<linearGradient id="metal" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#f3dca0"/><stop offset="0.45" stop-color="#b8904a"/><stop offset="0.7" stop-color="#e2c27c"/><stop offset="1" stop-color="#8a6a30"/></linearGradient>`;

function withDefs(svg: string, defs: string): string {
  return svg.replace("</defs>", `${defs}</defs>`);
}

/** Points along an ellipse arc, for belt edges that follow the ring. */
function arc(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  steps = 16,
): [number, number][] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = from + ((to - from) * i) / steps;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
  });
}
const at = (cx: number, cy: number, rx: number, ry: number, a: number): [number, number] => [
  cx + rx * Math.cos(a),
  cy + ry * Math.sin(a),
];
const poly = (pts: [number, number][]) =>
  pts.map(([x, y], i) => `${i ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`).join("");

export const belt: Draw = (t, view) => {
  const cx = 400;
  const cy = 380;
  const rx = 270;
  const ry = 200;
  const h = 50;
  const draw = (detail: Box | undefined) => {
    const line = outline(t, 2);
    const back = `M${cx - rx} ${cy} A${rx} ${ry} 0 0 1 ${cx + rx} ${cy} L${cx + rx} ${cy + h} A${rx} ${ry} 0 0 0 ${cx - rx} ${cy + h}Z`;
    const front = `M${cx - rx} ${cy} A${rx} ${ry} 0 0 0 ${cx + rx} ${cy} L${cx + rx} ${cy + h} A${rx} ${ry} 0 0 1 ${cx - rx} ${cy + h}Z`;
    const stitchTop = `M${cx - rx + 8} ${cy + 6} A${rx - 8} ${ry} 0 0 0 ${cx + rx - 8} ${cy + 6}`;
    const stitchBottom = `M${cx - rx + 8} ${cy + h - 6} A${rx - 8} ${ry} 0 0 0 ${cx + rx - 8} ${cy + h - 6}`;
    // The tail lies over the ring just outside it, from the buckle to a pointed tip.
    const a0 = Math.PI / 2;
    const a1 = Math.PI / 2 - 0.66;
    const top = arc(cx, cy - 3, rx + 6, ry + 6, a0, a1);
    const bottom = arc(cx, cy + h + 3, rx + 6, ry + 6, a1 + 0.06, a0);
    const tip = at(cx, cy + h / 2, rx + 6, ry + 6, a1 - 0.07);
    const tail = `${poly([...top, tip, ...bottom])}Z`;
    const holes = [0.16, 0.26, 0.36, 0.46]
      .map((d) => at(cx, cy + h / 2, rx + 6, ry + 6, a0 - d))
      .map(([x, y]) => `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="4" ry="5" fill="${t.deep}"/>`)
      .join("");
    const bx = cx - 40;
    const by = cy + ry - 14;
    const buckle =
      `<rect x="${bx}" y="${by}" width="92" height="${h + 28}" rx="14" fill="none" stroke="#5d6166" stroke-width="13" opacity="0.35" transform="translate(3 4)"/>` +
      `<rect x="${bx}" y="${by}" width="92" height="${h + 28}" rx="14" fill="none" stroke="url(#metal)" stroke-width="11"/>` +
      `<path d="M${bx + 6} ${by + (h + 28) / 2} H${bx + 64}" stroke="url(#metal)" stroke-width="6" stroke-linecap="round"/>`;
    const keeper = `<path d="M${cx + 84} ${cy + ry - 12} l20 -4 l2 ${h + 12} l-20 4Z" fill="url(#leather)" ${line}/>`;
    return (
      `<path d="${back}" fill="url(#inside)" ${line}/>` +
      `<path d="${front}" fill="url(#leather)" ${line}/>` +
      (detail ? texture(t, "grain", shapes([front]), detail) : "") +
      `<path d="${stitchTop}" ${stitching(t.stitch, 1.4, "5 4")}/><path d="${stitchBottom}" ${stitching(t.stitch, 1.4, "5 4")}/>` +
      `<path d="${tail}" fill="url(#leather)" ${line}/>` +
      (detail ? texture(t, "grain", shapes([tail]), detail) : "") +
      holes +
      keeper +
      buckle
    );
  };
  return withDefs(present(t, view, draw, [440, 610, 2.6], [632, 300, 60]), NICKEL);
};

const SOCK =
  "M360 150 H492 V560 C494 640 480 700 430 716 L210 744 C170 750 146 728 146 700 C146 672 164 652 196 646 L330 620 C352 614 360 596 360 570Z";

function sock(t: Tones, stripe: string, overlay: string): string {
  const line = outline(t, 2);
  return (
    `<path d="${SOCK}" fill="url(#body)" ${line}/>${overlay}` +
    `<path d="M360 150 H492 V236 H360Z" fill="${t.lo}" ${line}/>` +
    texture(t, "rib", shapes(["M360 150 H492 V236 H360Z"]), [356, 146, 496, 240]) +
    `<path d="M361 262 H491 M361 282 H491" stroke="${stripe}" stroke-width="9"/>` +
    `<path d="M492 596 C494 660 480 700 430 716 L404 720 C410 680 436 638 466 614 C478 604 486 600 492 596Z" fill="${t.lo}" ${outline(t, 1.4)}/>` +
    `<path d="M210 744 C170 750 146 728 146 700 C146 672 164 652 196 646 C212 680 218 716 210 744Z" fill="${t.lo}" ${outline(t, 1.4)}/>` +
    `<path d="M366 600 C392 640 420 660 450 668" ${seam(t, 1.8, 0.35)}/><path d="M290 650 C310 670 320 690 322 720" ${seam(t, 1.8, 0.3)}/>`
  );
}

export const socks: Draw = (t, view) => {
  const stripe = t.pale ? "#3d6fb6" : t.dark ? "#b3262e" : lighten(t.base, 0.55);
  const draw = (detail: Box | undefined) =>
    `<g transform="translate(80 -10)">${sock(t, stripe, "")}<path d="${SOCK}" fill="#000" opacity="0.1"/></g>` +
    `<g transform="translate(-20 70)">${sock(t, stripe, detail ? texture(t, "knit", shapes([SOCK]), into(detail, -20, 70)) : "")}</g>`;
  return present(t, view, draw, [420, 330, 2], [824, 260, 26]);
};

/** A scarf tied in a loop knot, as if around an invisible neck, the two ends hanging free. */
export const scarf: Draw = (t, view) => {
  const band = t.pale ? darken(t.base, 0.25) : lighten(t.base, t.dark ? 0.25 : 0.35);
  const tail = (x: number, w: number, top: number, bottom: number, lean: number) => {
    const d = `M${x} ${top} L${x + w} ${top} C${x + w + 4} ${top + 180} ${x + w + lean} ${bottom - 180} ${x + w + lean} ${bottom} L${x + lean} ${bottom} C${x + lean - 2} ${bottom - 180} ${x - 4} ${top + 180} ${x} ${top}Z`;
    const fringe = Array.from({ length: Math.floor(w / 9) }, (_, i) => {
      const fx = x + lean + 6 + i * 9;
      return `<path d="M${fx} ${bottom} q${(i % 3) - 1} 22 ${(i % 2) * 3 - 1} 44" stroke="${t.lo}" stroke-width="4" stroke-linecap="round" fill="none"/>`;
    }).join("");
    const stripes = [60, 84]
      .map(
        (o) =>
          `<path d="M${x + lean - 1} ${bottom - o} H${x + lean + w - 1}" stroke="${band}" stroke-width="${o === 60 ? 14 : 6}"/>`,
      )
      .join("");
    const fold = `<path d="M${x + w * 0.4} ${top + 30} C${x + w * 0.4} ${top + 200} ${x + w * 0.4 + lean} ${bottom - 200} ${x + w * 0.42 + lean} ${bottom - 20}" ${seam(t, 2, 0.25)}/>`;
    return { d, art: `<path d="${d}" fill="url(#body)" ${outline(t)}/>${fold}${stripes}${fringe}` };
  };
  const draw = (detail: Box | undefined) => {
    const weave = (d: string) => (detail ? texture(t, "weave", shapes([d]), detail) : "");
    const ring =
      "M246 250 C246 150 554 150 554 250 C554 300 520 330 470 352 L330 352 C280 330 246 300 246 250Z M300 252 C300 284 340 310 400 314 C460 310 500 284 500 252 C500 196 300 196 300 252Z";
    const back = tail(326, 124, 360, 800, -26);
    const front = tail(384, 128, 372, 850, 28);
    const knot =
      "M330 320 C360 300 440 300 470 320 C494 340 490 390 466 410 C440 426 360 426 334 410 C310 392 306 340 330 320Z";
    return (
      `<path d="${ring}" fill-rule="evenodd" fill="url(#vert)" ${outline(t)}/>${weave(ring)}` +
      `<path d="M300 252 C300 196 500 196 500 252 C470 226 330 226 300 252Z" fill="url(#inside)"/>` +
      back.art +
      `<path d="${back.d}" fill="#000" opacity="0.08"/>` +
      front.art +
      weave(front.d) +
      `<path d="${knot}" fill="url(#body)" ${outline(t)}/>${weave(knot)}` +
      `<path d="M344 340 C380 356 420 356 456 340 M348 384 C384 396 420 396 452 384" ${seam(t, 2, 0.45)}/>`
    );
  };
  return present(t, view, draw, [450, 760, 2.2], [902, 190, 20]);
};

/** A backpack: rounded body, front pocket, top handle and the shoulder straps beside it. */
function backpack(t: Tones, detail: Box | undefined): string {
  const line = outline(t);
  const body =
    "M250 300 C250 220 320 180 400 180 C480 180 550 220 550 300 L566 760 C567 784 552 800 528 800 H272 C248 800 233 784 234 760Z";
  const pocket =
    "M290 560 H510 C524 560 532 570 532 584 L536 740 C536 756 526 766 510 766 H290 C274 766 264 756 264 740 L268 584 C268 570 276 560 290 560Z";
  const lid = "M256 300 C256 228 322 192 400 192 C478 192 544 228 544 300 C500 320 300 320 256 300Z";
  return (
    both(
      `<path d="M262 260 C200 300 196 560 232 760" fill="none" stroke="${t.lo}" stroke-width="26" stroke-linecap="round"/>`,
    ) +
    `<path d="M360 186 C360 130 440 130 440 186" fill="none" stroke="${t.lo}" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="${body}" fill="url(#body)" ${line}/>` +
    `<path d="${lid}" fill="url(#leather)" ${line}/>` +
    (detail ? texture(t, "grain", shapes([body]), detail) : "") +
    `<path d="${pocket}" fill="url(#leather)" ${line}/>` +
    `<path d="M276 600 H524" ${stitching(t.stitch, 1.4, "5 4", 0.8)}/>` +
    `<path d="M300 578 C360 590 440 590 500 578" fill="none" stroke="${darken(t.base, 0.4)}" stroke-width="5"/>` +
    `<rect x="492" y="570" width="12" height="26" rx="3" fill="#c7c9cc" stroke="#6f7378" stroke-width="1.5"/>`
  );
}

/** A weekender: a long holdall with two carrying handles and a zip along the top. */
function weekender(t: Tones, detail: Box | undefined): string {
  const line = outline(t);
  const body =
    "M120 470 C120 420 170 400 230 400 H570 C630 400 680 420 680 470 L690 720 C690 752 670 770 636 770 H164 C130 770 110 752 110 720Z";
  return (
    both(
      `<path d="M300 404 C300 300 380 290 380 404" fill="none" stroke="${t.lo}" stroke-width="18" stroke-linecap="round"/>`,
    ) +
    `<path d="${body}" fill="url(#body)" ${line}/>` +
    (detail ? texture(t, "grain", shapes([body]), detail) : "") +
    `<path d="M150 430 C300 412 500 412 650 430" stroke="${darken(t.base, 0.35)}" stroke-width="8" fill="none"/>` +
    `<path d="M150 430 C300 412 500 412 650 430" stroke="#b9bcc0" stroke-width="4" stroke-dasharray="2 2" fill="none"/>` +
    `<path d="M180 520 H620 L624 700 H176Z" fill="url(#leather)" ${outline(t, 1.6)}/>` +
    `<path d="M190 532 H610 M186 688 H614" ${stitching(t.stitch, 1.3, "5 4", 0.7)}/>` +
    `<path d="M110 700 H690" ${seam(t, 2, 0.35)}/>`
  );
}

export const bag: Draw = (t, view, features) => {
  const draw = (detail: Box | undefined) => {
    if (features.has("backpack")) return backpack(t, detail);
    if (features.has("weekender")) return weekender(t, detail);
    const line = outline(t);
    const body =
      "M196 400 H604 C622 400 632 410 634 428 L650 756 C651 776 640 788 620 788 H180 C160 788 149 776 150 756 L166 428 C168 410 178 400 196 400Z";
    const flap =
      "M190 396 H610 C626 396 636 408 638 424 L646 618 C647 644 632 660 606 660 H194 C168 660 153 644 154 618 L162 424 C164 408 174 396 190 396Z";
    const strapBuckle = (x: number) =>
      `<path d="M${x - 20} 560 H${x + 20} V720 H${x - 20}Z" fill="url(#leather)" ${outline(t, 1.6)}/>` +
      `<path d="M${x - 14} 570 V712 M${x + 14} 570 V712" ${stitching(t.stitch, 1.2, "4 3")}/>` +
      `<rect x="${x - 28}" y="626" width="56" height="38" rx="6" fill="none" stroke="url(#metal)" stroke-width="7"/>` +
      `<path d="M${x} 628 V662" stroke="url(#metal)" stroke-width="4"/>`;
    return (
      `<path d="M192 440 C170 150 630 150 608 440" fill="none" stroke="${t.lo}" stroke-width="28" stroke-linecap="round"/>` +
      `<path d="M192 440 C170 150 630 150 608 440" fill="none" stroke="${t.line}" stroke-width="30" stroke-opacity="0.25" stroke-linecap="round"/>` +
      `<path d="M192 440 C170 150 630 150 608 440" ${stitching(t.stitch, 1.3, "5 4", 0.6)}/>` +
      both(
        `<rect x="176" y="408" width="28" height="34" rx="8" fill="none" stroke="url(#metal)" stroke-width="7"/>`,
      ) +
      `<path d="M330 402 C330 330 470 330 470 402" fill="none" stroke="${t.lo}" stroke-width="20" stroke-linecap="round"/>` +
      `<path d="M336 400 C336 342 464 342 464 400" fill="none" stroke="${t.hi}" stroke-width="4" stroke-opacity="0.4"/>` +
      `<path d="${body}" fill="url(#body)" ${line}/>` +
      `<path d="${flap}" fill="url(#leather)" ${line}/>` +
      (detail ? texture(t, "grain", shapes([flap, body]), detail) : "") +
      `<path d="M204 412 H596 C612 412 620 422 621 436 L628 614 C629 634 618 646 598 646 H202 C182 646 171 634 172 614 L179 436 C180 422 188 412 204 412Z" ${stitching(t.stitch, 1.4, "5 4", 0.8)}/>` +
      `<path d="M170 770 H630" ${seam(t, 2, 0.35)}/>` +
      strapBuckle(290) +
      strapBuckle(510)
    );
  };
  return withDefs(present(t, view, draw, [510, 620, 2.5], [796, 280, 26]), BRASS);
};

/**
 * A gift card half out of its envelope, with a ribbon and bow: a voucher has nothing to
 * photograph, and "no image available" on the shop's own product reads as a mistake.
 */
export const giftcard: Draw = (t, view) => {
  const ribbon = t.pale ? darken(t.base, 0.35) : lighten(t.base, t.dark ? 0.55 : 0.45);
  const draw = () =>
    // The envelope, tilted behind the card.
    `<g transform="rotate(-8 400 560)">` +
    `<rect x="150" y="430" width="500" height="330" rx="10" fill="#e9e4da" stroke="#b9b2a5" stroke-width="3"/>` +
    `<path d="M150 440 L400 620 L650 440" fill="none" stroke="#b9b2a5" stroke-width="3"/></g>` +
    // The card in the shop's colour, with a ribbon around it and a bow.
    `<g transform="rotate(4 400 450)">` +
    `<rect x="170" y="300" width="460" height="290" rx="22" fill="url(#body)" ${outline(t)}/>` +
    `<rect x="470" y="300" width="34" height="290" fill="${ribbon}"/>` +
    `<rect x="170" y="420" width="460" height="34" fill="${ribbon}"/>` +
    `<path d="M487 437 C440 380 410 390 420 420 C428 446 470 442 487 437Z M487 437 C534 380 564 390 554 420 C546 446 504 442 487 437Z" fill="${ribbon}" stroke="${t.line}" stroke-width="2"/>` +
    `<path d="M487 437 L460 500 M487 437 L512 500" stroke="${ribbon}" stroke-width="14" stroke-linecap="round"/>` +
    `<circle cx="487" cy="437" r="13" fill="${ribbon}" stroke="${t.line}" stroke-width="2"/>` +
    // An embossed euro sign and lines where the amount and the code are printed.
    `<text x="230" y="400" font-family="Georgia, serif" font-size="84" fill="${ribbon}">€</text>` +
    `<rect x="230" y="500" width="170" height="14" rx="7" fill="${ribbon}" opacity="0.8"/>` +
    `<rect x="230" y="530" width="110" height="10" rx="5" fill="${ribbon}" opacity="0.6"/></g>`;
  return present(t, view, draw, [420, 450, 1.8], [800, 150, 20]);
};
