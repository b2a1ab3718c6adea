import { bundlePrices, type CatalogIssue, groupedPrices, type ProductResolver } from "./associated-prices.ts";
import { type PriceFields, priceFields } from "./price-fields.ts";
import { type SpecialPriceWindow, specialPriceActive } from "./special-price.ts";
import { applyTax, DEFAULT_CUSTOMER_TAX_CLASS_ID, findTaxRate } from "./tax.ts";
import type { ConfigurableChild, Product, TaxRule } from "./types.ts";

export interface PriceContext {
  taxRules: readonly TaxRule[];
  /** Defaults to 3, the guest and default group's class (browsing §6). */
  customerTaxClassId?: number;
  /** Defaults to NL, the store's country (browsing §1). */
  countryId?: string;
  /** The moment the prices are for; special price windows are checked against it. */
  now: Date;
  /** Needed for grouped and bundle products, whose price is the sum of linked products. */
  linkedProducts?: ProductResolver;
}

export interface PriceResult {
  product: Product;
  issues: CatalogIssue[];
}

export const INVALID_PRICE = "Price is not a number of zero or more";
export const LINKED_PRODUCTS_MISSING = "Linked products not given; the stored price is used";

/** A record with its own price: a product, a configurable child or a linked product. */
interface OwnPrice extends SpecialPriceWindow {
  sku: string;
  price: number;
  tax_class_id?: number;
}

/**
 * A NEW product whose every price field carries value, `_tax` and `_incl_tax` (browsing §3; the
 * fields are described on `PriceFields`), and likewise each configurable child from its own price,
 * special price window and tax class (the parent's class when it has none). The input is never
 * changed. Catalogue prices are net; the rate comes from `findTaxRate`.
 *
 * A priced product is a view at `now`: an inactive special price is 0 in it, so price again from
 * the catalogue record, not from an earlier result. Pricing a result again at the same `now`
 * gives the same result.
 *
 * Grouped and bundle products sum their linked products (`groupedPrices`, `bundlePrices`), priced
 * with the same context; without `linkedProducts` their stored price is used and a warning says so.
 */
export function computePrices(product: Product, context: PriceContext): PriceResult {
  const issues: CatalogIssue[] = [];
  const rateFor = (taxClassId: number | undefined) =>
    findTaxRate(context.taxRules, {
      productTaxClassId: taxClassId,
      customerTaxClassId: context.customerTaxClassId ?? DEFAULT_CUSTOMER_TAX_CLASS_ID,
      countryId: context.countryId ?? "NL",
    });
  const priceOf = (record: OwnPrice, fallbackTaxClass?: number): PriceFields =>
    ownPriceFields(record, rateFor(record.tax_class_id ?? fallbackTaxClass), context.now, issues);

  let fields: PriceFields;
  const resolver = context.linkedProducts;
  if ((product.type_id === "grouped" || product.type_id === "bundle") && resolver) {
    const linkedIssues: CatalogIssue[] = [];
    const priceLinked = (linked: Product) =>
      ownPriceFields(linked, rateFor(linked.tax_class_id), context.now, linkedIssues);
    const sum =
      product.type_id === "grouped"
        ? groupedPrices(product, resolver, priceLinked)
        : bundlePrices(product, resolver, priceLinked);
    fields = sum.fields;
    issues.push(...sum.issues, ...linkedIssues);
  } else {
    if (product.type_id === "grouped" || product.type_id === "bundle") {
      issues.push({ severity: "warning", sku: product.sku, message: LINKED_PRODUCTS_MISSING });
    }
    fields = priceOf(product);
  }

  // Object.assign, not a second spread: V8 copies `{ ...a, ...b }` this wide ~15x slower, and the
  // catalogue index prices every product and child at start.
  const priced: Product = Object.assign({}, product, fields);
  if (product.configurable_children) {
    priced.configurable_children = product.configurable_children.map(
      (child): ConfigurableChild => Object.assign({}, child, priceOf(child, product.tax_class_id)),
    );
  }
  return { product: priced, issues };
}

/** Regular and (active, lower) special price of one record, taxed at `ratePercent`. */
function ownPriceFields(
  record: OwnPrice,
  ratePercent: number,
  now: Date,
  issues: CatalogIssue[],
): PriceFields {
  const price = Number(record.price);
  const regular = Number.isFinite(price) && price >= 0 ? price : 0;
  if (regular !== price) {
    issues.push({
      severity: "warning",
      sku: record.sku,
      message: INVALID_PRICE,
      detail: String(record.price),
    });
  }
  const special = Number(record.special_price);
  const applies = specialPriceActive(record, now) && special < regular;
  return priceFields(applyTax(regular, ratePercent), applies ? applyTax(special, ratePercent) : null);
}
