import {
  CART_MESSAGES,
  type CartItemUpdate,
  type CustomOption,
  isTextOption,
  isValidLineQty,
  lineQtyProblem,
  type Product,
  type ProductOption,
  parseQty,
  textOptionsSelection,
} from "@etalage/core";
import { textOptionProblems } from "./text-option-messages.ts";

/**
 * The product page's add-to-cart form as cart lines, for the form post without JavaScript
 * (the browser adds through the client cart instead). Field names are the page's:
 * `sku`, `qty`, `product_type`, `super_attribute[<attribute id>]` (a configurable's chosen
 * values), `super_group[<child sku>]` (grouped quantities), `bundle_option[<option id>]` and
 * `bundle_option_qty[<option id>]`, and `options[<option id>]` (typed options such as a gift
 * card's recipient, checked against the product's `customOptions` with core's rule).
 */
export type FormLine = Omit<CartItemUpdate, "quoteId">;

export function cartLinesFromForm(
  form: FormData,
  customOptions: readonly CustomOption[] = [],
): { lines: FormLine[] } | { error: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const fields = (prefix: string) => {
    const out: [string, string][] = [];
    for (const [name, value] of form.entries()) {
      const match = name.match(/^([a-z_]+)\[([^\]]{1,64})\]$/);
      if (match?.[1] === prefix && typeof value === "string") out.push([match[2]!, value]);
    }
    return out;
  };
  const sku = text("sku").trim();
  const type = text("product_type");

  if (type === "grouped") {
    const lines: FormLine[] = [];
    for (const [childSku, qtyText] of fields("super_group")) {
      const qty = parseQty(qtyText.trim() === "" ? "0" : qtyText);
      if (qty === 0) continue;
      const problem = lineQtyProblem(qty);
      if (problem || qty === null) return { error: problem ?? CART_MESSAGES.invalidQty };
      lines.push({ sku: childSku, qty });
    }
    return lines.length > 0 ? { lines } : { error: CART_MESSAGES.invalidQty };
  }

  if (!sku) return { error: "Product not found" };
  const qty = parseQty(text("qty") || "1");
  const problem = lineQtyProblem(qty);
  if (problem || qty === null) return { error: problem ?? CART_MESSAGES.invalidQty };
  const line: FormLine = { sku, qty };

  if (type === "configurable") {
    const chosen = fields("super_attribute");
    if (chosen.length > 0) {
      line.product_option = {
        extension_attributes: {
          configurable_item_options: chosen.map(([option_id, option_value]) => ({ option_id, option_value })),
        },
      };
    }
  }
  if (type === "bundle") {
    const quantities = new Map(fields("bundle_option_qty"));
    const options: NonNullable<ProductOption["extension_attributes"]["bundle_options"]> = [];
    for (const [optionId, selection] of fields("bundle_option")) {
      const optionQty = parseQty(quantities.get(optionId) ?? "1");
      if (!isValidLineQty(optionQty)) return { error: CART_MESSAGES.invalidQty };
      options.push({
        option_id: Number(optionId),
        option_qty: optionQty,
        option_selections: [Number(selection)],
      });
    }
    if (options.length > 0) line.product_option = { extension_attributes: { bundle_options: options } };
  }
  const textOptions = customOptions.filter(isTextOption);
  if (textOptions.length > 0) {
    const values = Object.fromEntries(fields("options"));
    const problem = Object.values(textOptionProblems(textOptions, values))[0];
    if (problem) return { error: problem };
    const typed = textOptionsSelection(textOptions, values)?.extension_attributes.custom_options;
    if (typed) {
      line.product_option = {
        extension_attributes: { ...line.product_option?.extension_attributes, custom_options: typed },
      };
    }
  }
  return { lines: [line] };
}

/**
 * Whether every line is the page's own product: the product itself or one of its variants, or for
 * a grouped product one of its associated items (the set's "Complete look" pieces).
 */
export function linesOfProduct(product: Product, lines: readonly FormLine[]): boolean {
  const own = new Set<string>([product.sku]);
  if (product.type_id === "grouped") {
    own.clear();
    for (const link of product.product_links ?? []) {
      if (link.link_type === "associated" && link.linked_product_sku) own.add(link.linked_product_sku);
    }
  }
  for (const child of product.configurable_children ?? []) own.add(child.sku);
  return lines.every((line) => own.has(line.sku));
}
