import type { Style } from "./demo-styles.ts";
import type { DrawingFeature } from "./palette.ts";

/**
 * The drawing a style gets follows its attributes (issue 14): sleeve length, hood and collar from
 * the extras a shopper filters on; what no attribute records (a colbert without trousers, a boot's
 * laces, a high sneaker, a monk strap, the kind of bag) from the style's name.
 */
export function drawingFeatures(style: Pick<Style, "kind" | "name" | "extras">): DrawingFeature[] {
  const name = style.name.toLowerCase();
  const { sleeve_length: sleeve, collar } = style.extras;
  switch (style.kind) {
    case "shirt":
      return sleeve === "korte mouw" ? ["short-sleeve"] : [];
    case "tshirt":
    case "polo":
      return sleeve === "lange mouw" ? ["long-sleeve"] : [];
    case "sweater":
      return collar === "capuchon" ? ["hood"] : collar === "col" ? ["roll-neck"] : [];
    case "cardigan":
      return collar === "capuchon" ? ["hood"] : [];
    case "jacket":
      return sleeve === "mouwloos" ? ["sleeveless"] : [];
    case "suit":
      if (sleeve === "mouwloos") return ["waistcoat"];
      return name.includes("colbert") ? ["jacket-only"] : [];
    case "boot":
      return /veter|worker|desert/.test(name) ? ["laces"] : [];
    case "sneaker":
      return name.includes("hoge") ? ["high"] : [];
    case "dress-shoe":
      return name.includes("monk") ? ["monk"] : [];
    case "bag":
      return name.includes("rugzak") ? ["backpack"] : name.includes("weekendtas") ? ["weekender"] : [];
    default:
      return [];
  }
}
