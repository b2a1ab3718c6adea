import { type CartItem, type ConfigurableChild, cartLineKey, hasImage, type Product } from "@etalage/core";
import { cartHttp } from "./cart-http.ts";

/**
 * Lines that came from the server cart carry only sku, quantity and options: the catalogue gives
 * them what the microcart shows (name, image, prices, link). Keyed by line identity.
 */
export async function describeLines(lines: readonly CartItem[]): Promise<Map<string, CartItem>> {
  const described = new Map<string, CartItem>();
  if (lines.length === 0) return described;
  const products = await cartHttp.products([...new Set(lines.map((l) => l.sku))]);
  for (const line of lines) {
    const found = findSku(products, line.sku);
    if (found)
      described.set(cartLineKey(line), withDisplayOf(line, displayFields(found.product, found.child)));
  }
  return described;
}

function findSku(products: readonly Product[], sku: string) {
  for (const product of products) {
    if (product.sku === sku) return { product, child: undefined };
    const child = product.configurable_children?.find((c) => c.sku === sku);
    if (child) return { product, child };
  }
  return undefined;
}

function displayFields(product: Product, child: ConfigurableChild | undefined): Partial<CartItem> {
  const source = child ?? product;
  const image = hasImage(child?.image) ? child?.image : hasImage(product.image) ? product.image : undefined;
  const special = Number(source.special_price_incl_tax ?? 0);
  const price = Number(source.price_incl_tax ?? -1);
  return {
    name: product.name,
    type_id: product.type_id,
    ...(source.id ? { id: source.id } : {}),
    price_incl_tax: price,
    final_price_incl_tax: special > 0 && special < price ? special : price,
    regular_price_incl_tax: price,
    ...(special > 0 && special < price ? { special_price_incl_tax: special } : {}),
    ...(image ? { image } : {}),
    url_path: product.url_path,
    slug: product.slug,
    ...(child ? { parentSku: product.sku } : {}),
  };
}

const DISPLAY_FIELDS = [
  "id",
  "name",
  "type_id",
  "image",
  "price_incl_tax",
  "final_price_incl_tax",
  "regular_price_incl_tax",
  "special_price_incl_tax",
  "url_path",
  "slug",
  "parentSku",
] as const;

/** A line with another product's display fields (edit mode chose another variant); its own quantity and ids stay. */
export function withDisplayOf(line: CartItem, described: Partial<CartItem>): CartItem {
  const next: CartItem = { ...line };
  for (const field of DISPLAY_FIELDS) {
    if (described[field] === undefined) delete next[field];
    else next[field] = described[field] as never;
  }
  return next;
}
