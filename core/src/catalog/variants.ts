import { hasImage } from "./options.ts";
import type {
  Attribute,
  ConfigurableChild,
  ConfigurableItemOption,
  Product,
  ProductConfigurationValue,
  StockInfo,
} from "./types.ts";

/** errors.variants when a configurable product has no child to offer (browsing §4, §8). */
export const NO_AVAILABLE_VARIANTS = "No available product variants";
/** The warning shown when a chosen combination exists on no available child (browsing §4, §8). */
export const NO_SUCH_CONFIGURATION =
  "No such configuration for the product. Please do choose another combination of attributes.";

/**
 * What the shopper picked: attribute code → option value, as `{ id }` (a `configuration` entry),
 * `{ value }`, a bare value or a list of them; `sku` asks for one child. `price` is not an attribute.
 */
export type VariantConfiguration = Readonly<Record<string, unknown>>;

export interface VariantOptions {
  /** Out-of-stock children stay eligible when out-of-stock products are listed (browsing §4). */
  listOutOfStock?: boolean;
  /** Without a match, take the first eligible child instead of none (browsing §4). */
  fallbackToDefaultWhenNoAvailable?: boolean;
  /** The child sku asked for, e.g. from the URL; `configuration.sku` works too. */
  sku?: string;
}

export type VariantChoice =
  | {
      variant: ConfigurableChild;
      matchedBy: "sku" | "configuration" | "fallback";
      /** Configured attributes the chosen child does not have: a best, not a full, match. */
      unmatched: string[];
    }
  | { variant: null; reason: "no-match"; message: typeof NO_SUCH_CONFIGURATION }
  | { variant: null; reason: "none-available"; errors: { variants: typeof NO_AVAILABLE_VARIANTS } };

/** A child can be offered unless disabled (status 2 or more) or out of stock while those are hidden. */
export function isVariantAvailable(child: ConfigurableChild, listOutOfStock = false): boolean {
  if (Number(child.status) >= 2) return false;
  return listOutOfStock || !child.stock || child.stock.is_in_stock !== false;
}

/** The child's values for an attribute: custom_attributes first (the source), then its own field. */
export function childAttributeValues(child: ConfigurableChild, code: string): string[] {
  const custom = child.custom_attributes?.find((a) => a.attribute_code === code);
  const raw = custom && custom.value !== null ? custom.value : child[code];
  return toValues(raw);
}

function toValues(raw: unknown): string[] {
  if (raw === null || raw === undefined || raw === "") return [];
  if (Array.isArray(raw)) return raw.flatMap(toValues);
  if (typeof raw === "object") {
    const entry = raw as { id?: unknown; value?: unknown };
    return toValues(entry.id ?? entry.value);
  }
  return typeof raw === "string" || typeof raw === "number" ? [String(raw)] : [];
}

/** Configured attributes with the values they accept; empty entries mean "not chosen". */
function wantedAttributes(configuration: VariantConfiguration): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const [code, raw] of Object.entries(configuration)) {
    if (code === "sku" || code === "price") continue;
    const values = toValues(raw);
    if (values.length > 0) wanted.set(code, new Set(values));
  }
  return wanted;
}

/** The price ties are broken on: what the shopper pays, including tax when it is known. */
function tiePrice(child: ConfigurableChild): number {
  for (const price of [child.final_price_incl_tax, child.price_incl_tax, child.final_price, child.price]) {
    const n = Number(price);
    if (price !== undefined && price !== null && Number.isFinite(n)) return n;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The child a configuration selects (browsing §4 "Variant choice"), among the eligible children
 * (`isVariantAvailable`):
 * 1. a child with the asked sku wins;
 * 2. otherwise the child matching the most configured attributes, ties to the lower price, then
 *    the lower id, so the answer does not depend on the children's order;
 * 3. a configured value that no eligible child has (or an asked sku no eligible child has, with
 *    nothing else configured) is no match. VSF1 scored every child 0 then and returned the
 *    cheapest as if it matched; here it is "no-match", or the first eligible child when
 *    `fallbackToDefaultWhenNoAvailable` is on;
 * 4. with no eligible child at all: errors.variants.
 * An empty configuration matches every child, so the cheapest one is chosen.
 */
export function chooseVariant(
  product: Pick<Product, "configurable_children">,
  configuration: VariantConfiguration = {},
  options: VariantOptions = {},
): VariantChoice {
  const eligible = (product.configurable_children ?? []).filter((c) =>
    isVariantAvailable(c, options.listOutOfStock),
  );
  if (eligible.length === 0) {
    return { variant: null, reason: "none-available", errors: { variants: NO_AVAILABLE_VARIANTS } };
  }
  const byId = (a: ConfigurableChild, b: ConfigurableChild) => Number(a.id) - Number(b.id);
  const sku = options.sku ?? (typeof configuration.sku === "string" ? configuration.sku : undefined);
  const wanted = wantedAttributes(configuration);
  if (sku) {
    const exact = eligible.filter((c) => c.sku === sku).sort(byId)[0];
    if (exact) return { variant: exact, matchedBy: "sku", unmatched: unmatchedBy(exact, wanted) };
  }
  const everyValueExists = [...wanted].every(([code, values]) =>
    eligible.some((child) => childAttributeValues(child, code).some((v) => values.has(v))),
  );
  if (everyValueExists && !(sku && wanted.size === 0)) {
    const best = eligible
      .map((child) => ({ child, level: wanted.size - unmatchedBy(child, wanted).length }))
      .sort(
        (a, b) => b.level - a.level || tiePrice(a.child) - tiePrice(b.child) || byId(a.child, b.child),
      )[0]!;
    return { variant: best.child, matchedBy: "configuration", unmatched: unmatchedBy(best.child, wanted) };
  }
  if (options.fallbackToDefaultWhenNoAvailable) {
    const first = eligible[0]!;
    return { variant: first, matchedBy: "fallback", unmatched: unmatchedBy(first, wanted) };
  }
  return { variant: null, reason: "no-match", message: NO_SUCH_CONFIGURATION };
}

function unmatchedBy(child: ConfigurableChild, wanted: Map<string, Set<string>>): string[] {
  return [...wanted]
    .filter(([code, values]) => !childAttributeValues(child, code).some((v) => values.has(v)))
    .map(([code]) => code);
}

/** Parent fields a child never overrides: the page stays the parent's page. */
const PARENT_FIELDS = [
  "name",
  "visibility",
  "type_id",
  "url_key",
  "url_path",
  "slug",
  "configurable_children",
  "configurable_options",
  "parentSku",
  "parentId",
] as const;

/**
 * The product as configured with `child` (VSF1's configureProductAsync): the child's sku, id,
 * prices, stock and image over the parent's (its image only when it has one), the parent's name,
 * type and URL kept, parentSku/parentId pointing at the parent, is_configured true, `configuration`
 * (attribute code → { attribute_code, id, label }) and the cart's product_option. Labels come from
 * configurable_options, else from `attributes`, else the id itself. errors.variants is cleared.
 */
export function configureProduct(
  product: Product,
  child: ConfigurableChild,
  attributes: readonly Attribute[] = [],
): Product {
  const own: Record<string, unknown> = { ...child };
  for (const field of PARENT_FIELDS) delete own[field];
  if (!hasImage(child.image)) delete own.image;

  const configuration: Record<string, ProductConfigurationValue> = {};
  const itemOptions: ConfigurableItemOption[] = [];
  for (const option of product.configurable_options ?? []) {
    const id = childAttributeValues(child, option.attribute_code)[0];
    if (id === undefined) continue;
    const label =
      option.values.find((v) => String(v.value_index) === id)?.label ||
      attributes
        .find((a) => a.attribute_code === option.attribute_code)
        ?.options.find((o) => String(o.value) === id)?.label ||
      id;
    configuration[option.attribute_code] = { attribute_code: option.attribute_code, id, label };
    itemOptions.push({
      option_id: String(option.attribute_id),
      option_value: id,
      label: option.label || option.attribute_code,
      value: label,
    });
  }

  const { variants: _cleared, ...errors } = product.errors ?? {};
  return {
    ...product,
    ...(own as Partial<Product>),
    parentSku: product.parentSku ?? product.sku,
    parentId: product.id,
    is_configured: true,
    configuration,
    errors,
    product_option: {
      extension_attributes: {
        ...product.product_option?.extension_attributes,
        configurable_item_options: itemOptions,
      },
    },
  };
}

export interface StockSyncOptions {
  listOutOfStock?: boolean;
  /** Fresh stock from the stock service, by product_id; replaces the stock the product carries. */
  stockItems?: readonly StockInfo[];
}

/**
 * Stock sync (browsing §4 "Variant choice"): a NEW product without the configurable children that
 * are disabled or out of stock (out-of-stock ones stay when they are listed), with `stockItems`
 * applied first. errors.variants is set when the product itself, or every child, is unavailable.
 * VSF1 passed its arguments in the wrong order here, so children were never removed.
 */
export function filterUnavailableVariants(product: Product, options: StockSyncOptions = {}): Product {
  const stockById = new Map((options.stockItems ?? []).map((s) => [Number(s.product_id), s]));
  const stock = stockById.get(Number(product.id)) ?? product.stock;
  const result: Product = { ...product, stock };
  let unavailable = !options.listOutOfStock && stock?.is_in_stock === false;
  if (product.configurable_children) {
    const children = product.configurable_children
      .map((c) => {
        const fresh = stockById.get(Number(c.id));
        return fresh ? { ...c, stock: fresh } : c;
      })
      .filter((c) => isVariantAvailable(c, options.listOutOfStock));
    result.configurable_children = children;
    if (product.configurable_children.length > 0 && children.length === 0) unavailable = true;
  }
  if (unavailable) result.errors = { ...product.errors, variants: NO_AVAILABLE_VARIANTS };
  return result;
}
