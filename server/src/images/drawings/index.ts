/**
 * Generated product photography: every kind in the palette drawn as an SVG in any palette
 * colour, so the demo catalogue has consistent, matching imagery without shipping binaries.
 */
import {
  COLORS,
  DRAWING_FEATURES,
  type DrawingFeature,
  type DrawnKind,
  IMAGE_VIEWS,
  type ImageView,
} from "../../seed/palette.ts";
import { bag, belt, giftcard, scarf, socks } from "./accessories.ts";
import { jeans, trousers } from "./bottoms.ts";
import { coat, jacket, suit } from "./outer.ts";
import { tones } from "./shade.ts";
import { boot, dressShoe, loafer, sneaker } from "./shoes.ts";
import type { Draw } from "./svg.ts";
import { cardigan, polo, shirt, sweater, tshirt } from "./tops.ts";

/** A full record, so adding a kind to the palette fails type-checking until it has a drawing. */
const DRAWERS: Record<DrawnKind, Draw> = {
  shirt,
  tshirt,
  polo,
  sweater,
  cardigan,
  jacket,
  coat,
  trousers,
  jeans,
  suit,
  sneaker,
  "dress-shoe": dressShoe,
  boot,
  loafer,
  belt,
  socks,
  scarf,
  bag,
  giftcard,
};

const HEX = new Map<string, string>(COLORS.map((c) => [c.key, c.hex]));

/**
 * The SVG for a product image, or undefined when the kind, colour or view is not in the palette.
 * `kindSpec` is the kind with its drawing features, `shirt+short-sleeve`: a feature the kind does
 * not have, or one twice, is no image (one drawing, one address).
 */
export function drawProduct(kindSpec: string, colorKey: string, view: string): string | undefined {
  const [kind = "", ...features] = kindSpec.split("+");
  const draw = Object.hasOwn(DRAWERS, kind) ? DRAWERS[kind as DrawnKind] : undefined;
  const hex = HEX.get(colorKey);
  if (!draw || !hex || !(IMAGE_VIEWS as readonly string[]).includes(view)) return undefined;
  const allowed: readonly string[] = Object.hasOwn(DRAWING_FEATURES, kind)
    ? DRAWING_FEATURES[kind as keyof typeof DRAWING_FEATURES]
    : [];
  const sorted = [...features].sort();
  if (features.some((f, i) => !allowed.includes(f) || sorted[i] !== f || features.indexOf(f) !== i))
    return undefined;
  return draw(tones(hex), view as ImageView, new Set(features as DrawingFeature[]));
}
