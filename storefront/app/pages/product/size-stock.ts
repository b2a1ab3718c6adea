import { stockHint, stockStatus, t } from "@etalage/core";
import type { ConfigurableView, VariantView } from "./product-data.ts";

/*
 * Stock per size on the product page (issue 14): which sizes are nearly gone, which are sold out.
 * From the children the page already holds, so no request is needed to show them.
 */

const COLOR = "color";
const sellable = (v: VariantView) => Number(v.status ?? 1) < 2;
const valueIn = (v: VariantView, code: string) => String(v[code] ?? "");

/** The children that fit every choice made so far on options other than `except`. */
function fitting(view: ConfigurableView, configuration: Record<string, string>, except: string | null) {
  return view.variants.filter(
    (v) =>
      sellable(v) &&
      Object.entries(configuration).every(([code, value]) => code === except || valueIn(v, code) === value),
  );
}

/**
 * "Laatste stuks" beside a size whose one child (with the colour chosen) has LAST_PIECES or fewer
 * left. Nothing while the size still stands for several children (no colour chosen yet): a number
 * for one colour would mislead about another.
 */
export function lastPiecesNote(
  view: ConfigurableView | null,
  configuration: Record<string, string>,
): (attributeCode: string, value: string) => string | null {
  if (!view) return () => null;
  return (code, value) => {
    if (code === COLOR) return null;
    const children = fitting(view, configuration, code).filter((v) => valueIn(v, code) === value);
    if (children.length !== 1) return null;
    return stockHint(children[0]!.stock)?.last ? t("Last pieces") : null;
  };
}

export interface SoldOutSize {
  sku: string;
  label: string;
}

/**
 * The sold-out children a shopper can ask to be mailed about: of the colour chosen, or of every
 * colour (then named with it) while none is.
 */
export function soldOutSizes(
  view: ConfigurableView | null,
  configuration: Record<string, string>,
): SoldOutSize[] {
  if (!view) return [];
  const colour = configuration[COLOR];
  const labelOf = (code: string, v: VariantView) =>
    view.options
      .find((o) => o.attribute_code === code)
      ?.values.find((x) => x.value_index === valueIn(v, code))?.label ?? "";
  const named = view.options.filter((o) => o.attribute_code !== COLOR || (!colour && o.values.length > 1));
  return view.variants
    .filter(
      (v) =>
        sellable(v) && (!colour || valueIn(v, COLOR) === colour) && stockStatus(v.stock) === "out_of_stock",
    )
    .map((v) => ({
      sku: v.sku,
      label: named
        .map((o) => labelOf(o.attribute_code, v))
        .filter(Boolean)
        .join(", "),
    }));
}
