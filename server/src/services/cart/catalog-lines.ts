import {
  type BundleOption,
  CART_MESSAGES,
  type ConfigurableChild,
  type CustomOption,
  childAttributeValues,
  customOptionPrice,
  DEFAULT_CUSTOMER_TAX_CLASS_ID,
  findTaxRate,
  isPriceUnknown,
  isTextOption,
  normaliseTextOption,
  type Product,
  type ProductOption,
  type ProductType,
  STORE,
  type TaxRule,
  type TextOptionProblem,
  textOptionMax,
  textOptionProblem,
} from "@etalage/core";
import type { CatalogLookups } from "../../catalog-index/lookups.ts";
import { type CartResult, fail, success } from "./errors.ts";

/** What the cart needs from the catalogue index: priced products (incl. tax) and the tax rules. */
export interface CartCatalog extends Pick<CatalogLookups, "productBySku" | "childBySku"> {
  taxRules(): readonly TaxRule[];
}

/** One priced part of a line, per unit of the line: a product, a bundle selection, an option. */
export interface PricePart {
  /** Unit price including tax, in euros with cents (as the catalogue computed it). */
  unitInclTax: number;
  /** VAT rate in percent. */
  rate: number;
}

/**
 * A cart line as the catalogue sells it today. Prices always come from here, never from the
 * client; the server recomputes them for every totals answer.
 */
export interface SellableLine {
  sku: string;
  parentSku: string | null;
  productType: ProductType;
  name: string;
  parts: PricePart[];
  /** Stock each unit of the line takes, by sku. */
  stock: { sku: string; qty: number }[];
  options: { label: string; value: string }[];
  isVirtual: boolean;
}

const MAX_BUNDLE_OPTION_QTY = 99;

function enabled(p: { status: number } | undefined): boolean {
  return p !== undefined && Number(p.status) === 1;
}

function rateOf(catalog: CartCatalog, taxClassId: number | undefined): number {
  return findTaxRate(catalog.taxRules(), {
    productTaxClassId: taxClassId,
    customerTaxClassId: DEFAULT_CUSTOMER_TAX_CLASS_ID,
    countryId: STORE.countryId,
  });
}

function inclTax(p: { final_price_incl_tax?: number; price_incl_tax?: number }): number {
  return p.final_price_incl_tax ?? p.price_incl_tax ?? Number.NaN;
}

/**
 * Resolves what a client asks to put in the cart. A configurable product is bought by the sku of
 * its variant (the client's line keeps that sku, so the server must too); its item options, when
 * sent, must describe that variant. `path` prefixes error paths (e.g. `body.cartItem`).
 */
export function resolveSellable(
  catalog: CartCatalog,
  sku: string,
  option: ProductOption | null | undefined,
  path: string,
): CartResult<SellableLine> {
  const ext = option?.extension_attributes ?? {};
  const product = catalog.productBySku(sku);
  if (product) {
    if (!enabled(product)) return fail(404, `Product not found: ${sku}`, `${path}.sku`);
    if (isPriceUnknown({ price_incl_tax: inclTax(product) })) {
      return fail(400, CART_MESSAGES.priceUnknown, `${path}.sku`);
    }
    switch (product.type_id) {
      case "configurable": {
        // The parent's sku with item options names the variant those options describe.
        const child = variantFor(product, ext.configurable_item_options ?? []);
        if (!child) {
          return fail(
            400,
            `${sku} is configurable: choose a variant (its sku or all its item options)`,
            `${path}.product_option`,
          );
        }
        return resolveSellable(catalog, child.sku, option, path);
      }
      case "grouped":
        return fail(400, `${sku} is grouped: add its associated products instead`, `${path}.sku`);
      case "bundle":
        if (ext.configurable_item_options?.length) {
          return fail(400, "a bundle has no configurable item options", `${path}.product_option`);
        }
        return withCustomOptions(product, bundleLine(catalog, product, option, path), option, path);
      default: {
        if (ext.configurable_item_options?.length || ext.bundle_options?.length) {
          return fail(400, `${sku} takes no configurable or bundle options`, `${path}.product_option`);
        }
        const line: SellableLine = {
          sku,
          parentSku: null,
          productType: product.type_id,
          name: product.name,
          parts: [{ unitInclTax: inclTax(product), rate: rateOf(catalog, product.tax_class_id) }],
          stock: [{ sku, qty: 1 }],
          options: [],
          isVirtual: product.type_id === "virtual" || product.type_id === "downloadable",
        };
        return withCustomOptions(product, success(line), option, path);
      }
    }
  }

  const hit = catalog.childBySku(sku);
  if (!hit || !enabled(hit.parent) || !enabled(hit.child)) {
    return fail(404, `Product not found: ${sku}`, `${path}.sku`);
  }
  const { parent, child } = hit;
  if (isPriceUnknown({ price_incl_tax: inclTax(child) }))
    return fail(400, CART_MESSAGES.priceUnknown, `${path}.sku`);
  if (ext.bundle_options?.length)
    return fail(400, "a variant has no bundle options", `${path}.product_option`);
  const options = variantOptions(parent, child, option, path);
  if (!options.ok) return options;
  const line: SellableLine = {
    sku,
    parentSku: parent.sku,
    productType: "configurable",
    name: parent.name,
    parts: [
      { unitInclTax: inclTax(child), rate: rateOf(catalog, child.tax_class_id ?? parent.tax_class_id) },
    ],
    stock: [{ sku, qty: 1 }],
    options: options.value,
    isVirtual: false,
  };
  return withCustomOptions(parent, success(line), option, path);
}

/** The enabled child whose attribute values are exactly the item options sent, one per configurable option. */
function variantFor(
  parent: Product,
  sent: readonly { option_id: string | number; option_value: string | number }[],
): ConfigurableChild | undefined {
  const defs = parent.configurable_options ?? [];
  if (sent.length === 0 || sent.length !== defs.length) return undefined;
  const wanted = new Map(sent.map((o) => [String(o.option_id), String(o.option_value)]));
  return parent.configurable_children?.find(
    (child) =>
      enabled(child) &&
      defs.every((def) => {
        const value = wanted.get(String(def.attribute_id));
        return value !== undefined && childAttributeValues(child, def.attribute_code).includes(value);
      }),
  );
}

/** The variant's option labels; options the client sent must match the variant exactly. */
function variantOptions(
  parent: Product,
  child: ConfigurableChild,
  option: ProductOption | null | undefined,
  path: string,
): CartResult<{ label: string; value: string }[]> {
  const sent = option?.extension_attributes?.configurable_item_options ?? [];
  for (const [i, item] of sent.entries()) {
    const where = `${path}.product_option.extension_attributes.configurable_item_options[${i}]`;
    const def = parent.configurable_options?.find((o) => String(o.attribute_id) === String(item.option_id));
    if (!def)
      return fail(400, `option ${item.option_id} is not an option of ${parent.sku}`, `${where}.option_id`);
    if (!childAttributeValues(child, def.attribute_code).includes(String(item.option_value))) {
      return fail(400, `value ${item.option_value} does not describe ${child.sku}`, `${where}.option_value`);
    }
  }
  const labels: { label: string; value: string }[] = [];
  for (const def of parent.configurable_options ?? []) {
    const id = childAttributeValues(child, def.attribute_code)[0];
    if (id === undefined) continue;
    const value = def.values.find((v) => String(v.value_index) === id)?.label ?? id;
    labels.push({ label: def.label || def.attribute_code, value });
  }
  return success(labels);
}

/**
 * A bundle line: per option, the chosen selections times the option quantity. Without
 * bundle_options the defaults apply (the default link, else the first, at its own quantity).
 */
function bundleLine(
  catalog: CartCatalog,
  product: Product,
  option: ProductOption | null | undefined,
  path: string,
): CartResult<SellableLine> {
  const sent = option?.extension_attributes?.bundle_options;
  const where = `${path}.product_option.extension_attributes.bundle_options`;
  const picks: { def: BundleOption; linkIds: (number | undefined)[]; qty: number }[] = [];
  const defs = product.bundle_options ?? [];
  if (!sent || sent.length === 0) {
    for (const def of defs) {
      const link = def.product_links.find((l) => l.is_default) ?? def.product_links[0];
      if (link) picks.push({ def, linkIds: [link.id], qty: Number(link.qty ?? 1) });
    }
  } else {
    const seen = new Set<string>();
    for (const [i, chosen] of sent.entries()) {
      const def = defs.find((d) => String(d.option_id) === String(chosen.option_id));
      if (!def)
        return fail(
          400,
          `option ${chosen.option_id} is not an option of ${product.sku}`,
          `${where}[${i}].option_id`,
        );
      if (seen.has(String(def.option_id))) return fail(400, "option given twice", `${where}[${i}].option_id`);
      seen.add(String(def.option_id));
      const qty = Number(chosen.option_qty ?? 1);
      if (!Number.isInteger(qty) || qty < 1 || qty > MAX_BUNDLE_OPTION_QTY) {
        return fail(
          400,
          `must be an integer from 1 to ${MAX_BUNDLE_OPTION_QTY}`,
          `${where}[${i}].option_qty`,
        );
      }
      const selections = chosen.option_selections ?? [];
      const single = !def.type || def.type === "select" || def.type === "radio";
      if (selections.length === 0 || (single && selections.length > 1)) {
        return fail(
          400,
          single ? "choose exactly one selection" : "choose at least one selection",
          `${where}[${i}].option_selections`,
        );
      }
      for (const id of selections) {
        if (!def.product_links.some((l) => String(l.id) === String(id))) {
          return fail(
            400,
            `selection ${id} is not part of option ${def.option_id}`,
            `${where}[${i}].option_selections`,
          );
        }
      }
      picks.push({ def, linkIds: selections.map(Number), qty });
    }
    const missing = defs.find((d) => d.required !== false && !seen.has(String(d.option_id)));
    if (missing)
      return fail(400, `required option ${missing.option_id} (${missing.title}) is missing`, where);
  }

  const parts: PricePart[] = [];
  const stock: { sku: string; qty: number }[] = [];
  const labels: { label: string; value: string }[] = [];
  for (const { def, linkIds, qty } of picks) {
    for (const id of linkIds) {
      const link = def.product_links.find((l) => String(l.id) === String(id)) ?? def.product_links[0]!;
      const sku = link.linked_product_sku || link.sku;
      const linked = catalog.productBySku(sku);
      if (!enabled(linked) || isPriceUnknown({ price_incl_tax: inclTax(linked!) })) {
        return fail(400, `the selection ${sku} of ${product.sku} is not available`, where);
      }
      parts.push({ unitInclTax: inclTax(linked!) * qty, rate: rateOf(catalog, linked!.tax_class_id) });
      stock.push({ sku, qty });
      labels.push({ label: def.title, value: `${qty} x ${linked!.name}` });
    }
  }
  return success({
    sku: product.sku,
    parentSku: null,
    productType: "bundle",
    name: product.name,
    parts,
    stock,
    options: labels,
    isVirtual: false,
  });
}

const TEXT_PROBLEMS: Record<TextOptionProblem | "empty", (def: CustomOption) => string> = {
  empty: () => "must not be empty",
  required: () => "must not be empty",
  too_long: (def) => `must be at most ${textOptionMax(def)} characters`,
  email: () => "must be an e-mail address",
};

/** Custom options (browsing §5): known option and value ids only; required ones present; priced. */
function withCustomOptions(
  product: Product,
  base: CartResult<SellableLine>,
  option: ProductOption | null | undefined,
  path: string,
): CartResult<SellableLine> {
  if (!base.ok) return base;
  const sent = option?.extension_attributes?.custom_options ?? [];
  const defs = product.custom_options ?? [];
  const where = `${path}.product_option.extension_attributes.custom_options`;
  const chosenValues = [];
  const labels: { label: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const [i, chosen] of sent.entries()) {
    const def = defs.find((d) => String(d.option_id) === String(chosen.option_id));
    if (!def)
      return fail(
        400,
        `option ${chosen.option_id} is not an option of ${product.sku}`,
        `${where}[${i}].option_id`,
      );
    seen.add(String(def.option_id));
    const text = String(chosen.option_value ?? "").trim();
    if (isTextOption(def)) {
      // Core's rule, as the product page applies it (issue 14: a gift card's recipient).
      const problem = text === "" ? "empty" : textOptionProblem(def, text);
      if (problem) return fail(400, TEXT_PROBLEMS[problem](def), `${where}[${i}].option_value`);
      labels.push({ label: def.title, value: normaliseTextOption(def, text) });
      continue;
    }
    const ids = text
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    if (ids.length === 0 || (def.type !== "checkbox" && ids.length > 1)) {
      return fail(400, "choose one value", `${where}[${i}].option_value`);
    }
    for (const id of ids) {
      const value = def.values?.find((v) => String(v.option_type_id) === id);
      if (!value)
        return fail(
          400,
          `value ${id} is not a value of option ${def.option_id}`,
          `${where}[${i}].option_value`,
        );
      chosenValues.push(value);
      labels.push({ label: def.title, value: value.title ?? id });
    }
  }
  const missing = defs.find((d) => d.is_require && !seen.has(String(d.option_id)));
  if (missing) return fail(400, `required option ${missing.option_id} (${missing.title}) is missing`, where);
  // Typed text has no price, but it is the line's: its labels go with it (a gift card's recipient).
  if (chosenValues.length === 0)
    return success({ ...base.value, options: [...base.value.options, ...labels] });

  const line = base.value;
  const main = line.parts[0]!;
  const net = product.final_price ?? product.price;
  const added = customOptionPrice(chosenValues, { price: net, price_incl_tax: main.unitInclTax }, main.rate);
  return success({
    ...line,
    parts: [
      { ...main, unitInclTax: Math.round((main.unitInclTax + added.price_incl_tax) * 100) / 100 },
      ...line.parts.slice(1),
    ],
    options: [...line.options, ...labels],
  });
}
