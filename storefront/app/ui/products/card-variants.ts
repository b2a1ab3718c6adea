import { type Product, stockStatus } from "@etalage/core";

/** A colour a listing card shows as a swatch. */
interface CardColor {
  label: string;
  /** CSS colour; null draws a neutral dot with the name beside it for screen readers. */
  swatch: string | null;
}

/** The colours and sizes of a configurable that a shopper can buy today (issue 14). */
export interface CardVariants {
  colors: CardColor[];
  /** Size labels in the option's own order (S, M, L), each in stock in some colour. */
  sizes: string[];
}

export interface CardVariantOptions {
  optionLabel?: (attributeCode: string, value: string | number) => string | undefined;
  /** The colour attribute's swatch of a value. */
  swatch: (value: string) => string | null;
}

const SIZE_CODES = ["size"];

/**
 * From the children the listing's search answer already carries: enabled children in stock only,
 * so a card never offers a colour or size the product page would call sold out. Null for a
 * product without children, or with nothing to show.
 */
export function cardVariants(product: Product, options: CardVariantOptions): CardVariants | null {
  const children = (product.configurable_children ?? []).filter(
    (c) => Number(c.status ?? 1) < 2 && (!c.stock || stockStatus(c.stock) !== "out_of_stock"),
  );
  if (children.length === 0) return null;
  const optionsOf = product.configurable_options ?? [];
  const has = (code: string, value: string) => children.some((c) => String(c[code] ?? "") === value);

  const colorOption = optionsOf.find((o) => o.attribute_code === "color");
  const colors = (colorOption?.values ?? [])
    .filter((v) => has("color", String(v.value_index)))
    .map((v) => ({
      label: v.label || options.optionLabel?.("color", v.value_index) || "",
      swatch: options.swatch(String(v.value_index)),
    }));
  const sizeOption = optionsOf.find((o) => SIZE_CODES.includes(o.attribute_code));
  const sizes = (sizeOption?.values ?? [])
    .filter((v) => has(sizeOption!.attribute_code, String(v.value_index)))
    .map((v) => v.label || options.optionLabel?.(sizeOption!.attribute_code, v.value_index) || "")
    .filter(Boolean);
  // One colour says nothing a picture does not; a card shows swatches from two on.
  const shown = { colors: colors.length > 1 ? colors : [], sizes };
  return shown.colors.length > 0 || shown.sizes.length > 0 ? shown : null;
}
