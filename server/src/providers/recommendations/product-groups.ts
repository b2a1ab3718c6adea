/**
 * Catalogue products in Elevate's shapes (vendor-apis §3.3): a product group per parent sku with
 * one product, whose variants are the enabled sizes. Every product and variant carries a ticket
 * naming the list and position it was shown at.
 */
import type { Badge, Product as ElevateProduct, ProductGroup, Variant } from "@apptus/esales-api";
import { type ConfigurableChild, productLink, t } from "@etalage/core";
import type { ProductFacts } from "./catalog-facts.ts";
import { encodeTicket } from "./tickets.ts";

const money = (n: unknown) => Math.round(Number(n ?? 0) * 100) / 100;

export function productGroupOf(
  facts: ProductFacts,
  list: string,
  position: number,
  sizeLabel: (v: unknown) => string | undefined,
): ProductGroup {
  return { key: facts.key, remaining: 0, products: [productOf(facts, list, position, sizeLabel)] };
}

export function productOf(
  facts: ProductFacts,
  list: string,
  position: number,
  sizeLabel: (v: unknown) => string | undefined,
): ElevateProduct {
  const { product } = facts;
  const children = (product.configurable_children ?? []).filter((c) => (c.status ?? 1) < 2);
  const variants: Variant[] =
    children.length > 0
      ? children.map((c) => variantOf(c, facts, list, position, sizeLabel))
      : [simpleVariant(facts, list, position)];
  const listPrices = variants.map((v) => v.listPrice);
  const sellingPrices = variants.map((v) => v.sellingPrice);
  const images = (product.media_gallery ?? [])
    .filter((m) => m.typ === "image" && m.image && m.image !== "no_selection")
    .toSorted((a, b) => a.pos - b.pos)
    .map((m) => ({ alt: product.name, sources: [{ url: m.image }] }));
  if (images.length === 0 && product.image && product.image !== "no_selection")
    images.push({ alt: product.name, sources: [{ url: product.image }] });
  return {
    key: facts.key,
    title: product.name,
    name: product.name,
    brand: facts.brand,
    link: productLink(product),
    ticket: encodeTicket({ list, position, productKey: facts.key }),
    inStock: variants.some((v) => v.inStock),
    listPrice: { min: Math.min(...listPrices), max: Math.max(...listPrices) },
    sellingPrice: { min: Math.min(...sellingPrices), max: Math.max(...sellingPrices) },
    variants,
    badges: {
      primary: primaryBadges(facts, Math.min(...listPrices), Math.min(...sellingPrices)),
      secondary: [],
    },
    imageInfo: { effect: images.length > 1 ? "SWAP" : "NONE", images },
    swatch: { type: facts.swatches.length > 0 ? "COLORS" : "MISSING_COLORS", colors: facts.swatches },
    typedCustom: {
      lengths: {},
      numbers: {},
      json: { product_labels: product.product_labels ?? [], category_ids: product.category_ids ?? [] },
    },
  };
}

function variantOf(
  child: ConfigurableChild,
  facts: ProductFacts,
  list: string,
  position: number,
  sizeLabel: (v: unknown) => string | undefined,
): Variant {
  const listPrice = money(
    child.regular_price_incl_tax ?? child.price_incl_tax ?? facts.product.regular_price_incl_tax,
  );
  const sellingPrice = money(child.final_price_incl_tax ?? listPrice);
  const stockNumber = Math.max(0, Number(child.stock?.qty ?? 0));
  const inStock = child.stock?.is_in_stock !== false;
  const size = sizeLabel(child.size);
  return {
    key: child.sku,
    ticket: encodeTicket({ list, position, productKey: facts.key, variantKey: child.sku }),
    ...(size ? { size, label: size } : {}),
    stockNumber,
    inStock,
    link: productLink(facts.product, child.sku),
    listPrice,
    sellingPrice,
    prices: [{ id: "nl", listPrice, sellingPrice }],
    availability: [{ channel: "ONLINE", stockNumber }],
  };
}

function simpleVariant(facts: ProductFacts, list: string, position: number): Variant {
  const { product } = facts;
  const listPrice = money(product.regular_price_incl_tax ?? product.price_incl_tax);
  const sellingPrice = money(product.final_price_incl_tax ?? listPrice);
  const stockNumber = Math.max(0, Number(product.stock?.qty ?? 0));
  return {
    key: product.sku,
    ticket: encodeTicket({ list, position, productKey: facts.key, variantKey: product.sku }),
    stockNumber,
    inStock: product.stock?.is_in_stock !== false,
    link: productLink(product),
    listPrice,
    sellingPrice,
    prices: [{ id: "nl", listPrice, sellingPrice }],
    availability: [{ channel: "ONLINE", stockNumber }],
  };
}

/** Browsing §3: the primary badge gives the discount percent; a new product says so too. */
function primaryBadges(facts: ProductFacts, listPrice: number, sellingPrice: number): Badge[] {
  const badges: Badge[] = [];
  if (sellingPrice < listPrice && listPrice > 0) {
    const percent = Math.round((1 - sellingPrice / listPrice) * 100);
    if (percent > 0) badges.push({ label: `-${percent}%`, theme: "DISCOUNT", attribute: "discount" });
  }
  if (Number(facts.product.new) === 1) badges.push({ label: t("New"), theme: "NEW", attribute: "new" });
  return badges;
}
